import type room from "@/locales/en/room.json";

// Types the `room` namespace (the live room's turn banner and seat panels) without editing the shell's list.
declare module "@/lib/i18n-resources.ts" {
  interface I18nResources {
    room: typeof room;
  }
}
