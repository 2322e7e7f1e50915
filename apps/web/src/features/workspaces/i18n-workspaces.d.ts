import type workspaces from "@/locales/en/workspaces.json";

// Types the `workspaces` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    workspaces: typeof workspaces;
  }
}
