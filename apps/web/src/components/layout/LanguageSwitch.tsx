import { LANGUAGES, type Language } from "@draftroom/contracts";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { changeLanguage, currentLanguage } from "@/lib/i18n.ts";
import { syncPreference } from "@/lib/sync-preferences.ts";

export function useLanguageSwitch() {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? currentLanguage()) as Language;
  const choose = (next: Language) => {
    void changeLanguage(next);
    syncPreference({ language: next });
  };
  return { language, choose };
}

export function LanguageSwitch({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguageSwitch();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger
        aria-label={t("language.switch")}
        className="flex h-10 items-center gap-1.5 rounded-lg px-2.5 font-semibold text-muted text-sm uppercase transition-colors hover:bg-surface-2 hover:text-fg data-[state=open]:bg-surface-2"
      >
        <Languages className="size-4" aria-hidden />
        {language}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-[10rem]">
        <DropdownMenuLabel className="font-semibold text-subtle text-xs uppercase tracking-wider">
          {t("language.label")}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => choose(value as Language)}>
          {LANGUAGES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              <span className="w-6 font-semibold text-subtle text-xs uppercase">{code}</span>
              {t(`language.${code}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
