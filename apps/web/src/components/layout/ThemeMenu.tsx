import type { ThemeMode } from "@draftroom/contracts";
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { syncPreference } from "@/lib/sync-preferences.ts";
import { useTheme } from "@/lib/theme.ts";
import { ThemeIcon } from "./ThemeIcon.tsx";

/** Theme menu: Auto (showing the current system result), Light, Dark. */
export function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const { mode, system, setMode } = useTheme();
  const choose = (value: string) => {
    const next = value as ThemeMode;
    setMode(next);
    syncPreference({ theme: next });
  };
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label={t("theme.menu")}
        className="grid size-10 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg data-[state=open]:bg-surface-2"
      >
        <ThemeIcon mode={mode} className="size-5" />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-[11rem]">
        <DropdownMenuLabel className="font-semibold text-subtle text-xs uppercase tracking-wider">
          {t("theme.label")}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={mode} onValueChange={choose}>
          <DropdownMenuRadioItem value="auto">
            <Monitor />
            {t("theme.autoShowing", { mode: system === "dark" ? t("theme.dark") : t("theme.light") })}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="light">
            <Sun />
            {t("theme.light")}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <Moon />
            {t("theme.dark")}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** One-button toggle: light → dark → auto → light (used where a full menu would be too much). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, system, cycle } = useTheme();
  const label =
    mode === "auto"
      ? t("theme.autoShowing", { mode: system === "dark" ? t("theme.dark") : t("theme.light") })
      : t(mode === "dark" ? "theme.dark" : "theme.light");
  return (
    <button
      type="button"
      onClick={() => syncPreference({ theme: cycle() })}
      aria-label={t("theme.toggle", { mode: label })}
      title={t("theme.toggle", { mode: label })}
      className="grid size-10 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
    >
      <ThemeIcon mode={mode} className="size-5" />
    </button>
  );
}
