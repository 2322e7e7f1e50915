import type scrims from "@/locales/en/scrims.json";

// Types the `scrims` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    scrims: typeof scrims;
  }
}
