// The header's Radix menus and the mobile drawer: one chunk, loaded on first interaction
// (see DeferredMenus.tsx), so the landing page's first paint does not wait for them.
export { LanguageSwitch } from "@/components/layout/LanguageSwitch.tsx";
export { ThemeMenu } from "@/components/layout/ThemeMenu.tsx";
export { MobileDrawer } from "./MobileDrawer.tsx";
export { UserMenu } from "./UserMenu.tsx";
