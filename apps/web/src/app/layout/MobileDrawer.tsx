import { LANGUAGES, ROUTES, type ThemeMode } from "@draftroom/contracts";
import { LogIn, LogOut, UserPlus, UserRound, X, Zap } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { useLanguageSwitch } from "@/components/layout/LanguageSwitch.tsx";
import { Logo } from "@/components/layout/Logo.tsx";
import { ThemeIcon } from "@/components/layout/ThemeIcon.tsx";
import { Avatar } from "@/components/ui/Avatar.tsx";
import { displayName, useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { useReturnHere } from "@/lib/redirect-target.ts";
import { syncPreference } from "@/lib/sync-preferences.ts";
import { useTheme } from "@/lib/theme.ts";
import { ACCOUNT_NAV, HELP_NAV, isActive, MAIN_NAV, type NavItem } from "./nav-items.ts";
import { useLogout } from "./UserMenu.tsx";

const linkClass = (active: boolean) =>
  cn(
    "flex items-center gap-3 rounded-xl px-3 py-2.5 font-medium text-sm transition-colors [&_svg]:size-5",
    active ? "bg-primary-soft text-primary-soft-fg" : "text-fg hover:bg-surface-2 [&_svg]:text-subtle",
  );

/**
 * Mobile navigation drawer: full width on phones, 280 px on tablets, 320 px otherwise; overlay,
 * close button, Escape and outside clicks close it; focus is trapped and returned to the menu button.
 */
export function MobileDrawer({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: focus goes back to it when the drawer closes. */
  returnFocusTo?: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isAuthenticated } = useAuth();
  const { mode, effective, system, setMode } = useTheme();
  const { language, choose } = useLanguageSwitch();
  const doLogout = useLogout();
  const back = useReturnHere();
  const close = () => onOpenChange(false);

  const renderItem = (item: NavItem) => (
    <li key={item.to}>
      <NavLink to={item.to} onClick={close} className={linkClass(isActive(pathname, item.to))}>
        <item.icon aria-hidden />
        {t(item.label)}
      </NavLink>
    </li>
  );

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid="drawer-overlay"
          className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] data-[state=open]:animate-fade-in"
        />
        <RadixDialog.Content
          aria-label={t("nav.menu")}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-full flex-col border-border border-r bg-surface shadow-pop data-[state=open]:animate-slide-in-left min-[600px]:w-[280px] min-[900px]:w-[320px] focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between border-border border-b px-4">
            <Logo variant={effective} />
            <RadixDialog.Close
              aria-label={t("nav.closeMenu")}
              className="grid size-10 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Title className="sr-only">{t("nav.menu")}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{t("nav.main")}</RadixDialog.Description>

          <div className="flex-1 overflow-y-auto px-3 py-4">
            {isAuthenticated && user && (
              <div className="mb-4 flex items-center gap-3 rounded-xl bg-surface-2 p-3">
                <Avatar user={user} size="lg" />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-fg text-sm">
                    {displayName(user) ?? t("auth.fallbackName")}
                  </p>
                  <p className="truncate text-muted text-xs">@{user.username}</p>
                </div>
              </div>
            )}
            <nav aria-label={t("nav.main")}>
              <ul className="flex flex-col gap-1">
                {MAIN_NAV.map(renderItem)}
                <li>
                  <NavLink
                    to={ROUTES.quickRoom}
                    onClick={close}
                    className={linkClass(pathname === ROUTES.quickRoom)}
                  >
                    <Zap aria-hidden />
                    {t("nav.quickRoom")}
                  </NavLink>
                </li>
                {isAuthenticated && ACCOUNT_NAV.map(renderItem)}
                {isAuthenticated && (
                  <li>
                    <NavLink
                      to={ROUTES.profile}
                      onClick={close}
                      className={linkClass(pathname === ROUTES.profile)}
                    >
                      <UserRound aria-hidden />
                      {t("nav.profile")}
                    </NavLink>
                  </li>
                )}
              </ul>
              <div className="my-4 h-px bg-border" />
              <ul className="flex flex-col gap-1">{HELP_NAV.map(renderItem)}</ul>
            </nav>

            <div className="my-4 h-px bg-border" />
            <fieldset className="px-1">
              <legend className="mb-2 px-2 font-semibold text-subtle text-xs uppercase tracking-wider">
                {t("theme.label")}
              </legend>
              <div className="grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1">
                {(["light", "dark", "auto"] as ThemeMode[]).map((value) => (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={mode === value}
                    onClick={() => {
                      setMode(value);
                      syncPreference({ theme: value });
                    }}
                    className={cn(
                      "flex items-center justify-center gap-1.5 rounded-lg px-2 py-2 font-medium text-xs",
                      mode === value ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
                    )}
                  >
                    <ThemeIcon mode={value} className="size-4" />
                    {value === "auto" ? t("theme.auto") : t(value === "dark" ? "theme.dark" : "theme.light")}
                  </button>
                ))}
              </div>
              {mode === "auto" && (
                <p className="mt-1.5 px-2 text-subtle text-xs">
                  {t("theme.autoShowing", {
                    mode: system === "dark" ? t("theme.dark") : t("theme.light"),
                  })}
                </p>
              )}
            </fieldset>
            <fieldset className="mt-4 px-1">
              <legend className="mb-2 px-2 font-semibold text-subtle text-xs uppercase tracking-wider">
                {t("language.label")}
              </legend>
              <div className="grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1">
                {LANGUAGES.map((code) => (
                  <button
                    key={code}
                    type="button"
                    lang={code}
                    aria-pressed={language === code}
                    onClick={() => choose(code)}
                    className={cn(
                      "rounded-lg px-2 py-2 font-medium text-xs",
                      language === code ? "bg-surface text-fg shadow-sm" : "text-muted hover:text-fg",
                    )}
                  >
                    {t(`language.${code}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          </div>

          <div className="border-border border-t p-3">
            {isAuthenticated ? (
              <button
                type="button"
                onClick={() => {
                  close();
                  void doLogout();
                }}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 font-medium text-danger text-sm hover:bg-danger-soft"
              >
                <LogOut className="size-5" aria-hidden />
                {t("auth.logout")}
              </button>
            ) : (
              <div className="grid grid-cols-2 gap-2">
                <NavLink to="/login" state={back} onClick={close} className={linkClass(false)}>
                  <LogIn aria-hidden />
                  {t("auth.login")}
                </NavLink>
                <NavLink
                  to="/register"
                  state={back}
                  onClick={close}
                  className="flex items-center justify-center gap-2 rounded-xl bg-primary px-3 py-2.5 font-semibold text-primary-fg text-sm"
                >
                  <UserPlus className="size-5" aria-hidden />
                  {t("auth.signUp")}
                </NavLink>
              </div>
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
