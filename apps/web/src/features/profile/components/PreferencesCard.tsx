import {
  LANGUAGES,
  type Language,
  type Preferences,
  THEME_MODES,
  type ThemeMode,
} from "@draftroom/contracts";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardBody, CardHeader } from "@/components/ui/Card.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { updateStoredUser } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { errorMessage } from "@/lib/errors.ts";
import { changeLanguage } from "@/lib/i18n.ts";
import { useTheme } from "@/lib/theme.ts";
import { updatePreferences } from "../api.ts";

const THEME_ICONS: Record<ThemeMode, typeof Sun> = { light: Sun, dark: Moon, auto: Monitor };

/** Saves a preference change to the account; the device already shows it. */
export async function savePreferences(
  change: Partial<Preferences>,
  successMessage: string,
  failedMessage: string,
) {
  try {
    updateStoredUser(await updatePreferences(change));
    toast.success(successMessage);
    return true;
  } catch (error) {
    toast.error(errorMessage(error, failedMessage));
    return false;
  }
}

function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  render,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  render: (value: T) => React.ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-fg text-sm">{legend}</legend>
      <div className={cn("grid gap-2", options.length === 3 ? "grid-cols-3" : "grid-cols-2")}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => onChange(option)}
            className={cn(
              "flex items-center justify-center gap-2 rounded-xl border px-3 py-3 font-semibold text-sm transition-colors",
              value === option
                ? "border-primary bg-primary-soft text-primary-soft-fg ring-2 ring-primary/25"
                : "border-border bg-surface text-muted hover:border-border-strong hover:text-fg",
            )}
          >
            {render(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function PreferencesCard() {
  const { t, i18n } = useTranslation(["profile", "common"]);
  const { mode, system, setMode } = useTheme();
  const language = (i18n.resolvedLanguage ?? "en") as Language;

  const chooseTheme = (next: ThemeMode) => {
    if (next === mode) return;
    setMode(next);
    void savePreferences({ theme: next }, t("profile:preferences.saved"), t("profile:preferences.failed"));
  };
  const chooseLanguage = async (next: Language) => {
    if (next === language) return;
    await changeLanguage(next);
    void savePreferences({ language: next }, t("profile:preferences.saved"), t("profile:preferences.failed"));
  };

  return (
    <Card>
      <CardHeader title={t("profile:preferences.title")} description={t("profile:preferences.description")} />
      <CardBody className="grid gap-6">
        <Segmented
          legend={t("profile:preferences.language")}
          options={LANGUAGES}
          value={language}
          onChange={(value) => void chooseLanguage(value)}
          render={(value) => (
            <span lang={value} className="flex items-center gap-2">
              <span className="rounded bg-surface-3 px-1.5 py-0.5 font-bold text-[10px] text-muted uppercase">
                {value}
              </span>
              {t(`common:language.${value}`)}
            </span>
          )}
        />
        <div>
          <Segmented
            legend={t("profile:preferences.theme")}
            options={THEME_MODES}
            value={mode}
            onChange={chooseTheme}
            render={(value) => {
              const Icon = THEME_ICONS[value];
              return (
                <>
                  <Icon className="size-4" aria-hidden />
                  {t(`common:theme.${value}`)}
                </>
              );
            }}
          />
          <p className="mt-2 text-subtle text-xs">
            {t("profile:preferences.themeAutoHint", {
              mode: system === "dark" ? t("common:theme.dark") : t("common:theme.light"),
            })}
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
