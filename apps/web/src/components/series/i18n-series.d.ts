import type series from "@/locales/en/series.json";

// Types the `series` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    series: typeof series;
  }
}
