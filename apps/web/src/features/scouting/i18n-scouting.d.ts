import type scouting from "@/locales/en/scouting.json";

// Types the `scouting` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    scouting: typeof scouting;
  }
}
