import type draftPlans from "@/locales/en/draftPlans.json";

// Types the `draftPlans` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    draftPlans: typeof draftPlans;
  }
}
