import type share from "@/locales/en/share.json";

// Types the `share` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    share: typeof share;
  }
}
