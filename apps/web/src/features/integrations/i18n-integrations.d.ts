import type integrations from "@/locales/en/integrations.json";

// Types the `integrations` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    integrations: typeof integrations;
  }
}
