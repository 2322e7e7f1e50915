import type collab from "@/locales/en/collab.json";

// Types the `collab` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    collab: typeof collab;
  }
}
