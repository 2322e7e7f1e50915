import type board from "@/locales/en/board.json";

// Types the `board` namespace (English is the source of truth) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    board: typeof board;
  }
}
