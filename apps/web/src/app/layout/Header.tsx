import { ROUTES } from "@draftroom/contracts";
import { Menu, Zap } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "@/components/layout/Logo.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { useTheme } from "@/lib/theme.ts";
import {
  DeferredLanguageSwitch,
  DeferredThemeMenu,
  DeferredUserMenu,
  DeferredWorkspaceSwitcher,
  loadHeaderMenus,
  prefetchHandlers,
  useHeaderMenus,
} from "./DeferredMenus.tsx";
import { isActive, MAIN_NAV } from "./nav-items.ts";

/**
 * Sticky header: logo, the main navigation, the workspace switcher, quick room, theme, language and
 * the account. The row is at most 80rem wide, so below 1280 px the navigation moves into the drawer:
 * the five items and the switcher's whole name share the row only from there (both languages).
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { effective } = useTheme();
  const { isAuthenticated } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The Radix menus and the drawer load on first interaction (the first paint does not need them).
  const menus = useHeaderMenus();
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-border/80 border-b bg-background/80 backdrop-blur-xl supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <button
          ref={menuButton}
          type="button"
          {...prefetchHandlers}
          onClick={() => {
            void loadHeaderMenus().then(() => setDrawerOpen(true));
          }}
          aria-label={t("nav.openMenu")}
          aria-expanded={drawerOpen}
          className="-ml-1 grid size-10 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg xl:hidden"
        >
          <Menu className="size-5" aria-hidden />
        </button>
        <Link
          to={ROUTES.home}
          aria-label={`${t("appName")} — ${t("nav.home")}`}
          className="min-w-0 shrink-0 rounded-lg"
        >
          {/* Signed in, the row belongs to the navigation, the workspace's name and the account's
              (both languages, every width): the mark stays and names the link. Signed out, a phone
              needs the wordmark's room for the sign-up button. */}
          <Logo variant={effective} wordmarkClassName={isAuthenticated ? "sr-only" : "max-sm:sr-only"} />
        </Link>

        <nav aria-label={t("nav.main")} className="ml-5 hidden shrink-0 xl:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => {
              const active = isActive(pathname, item.to);
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "relative flex h-10 items-center whitespace-nowrap rounded-lg px-2.5 font-semibold text-sm transition-colors",
                      active
                        ? "bg-primary-soft text-primary-soft-fg"
                        : "text-muted hover:bg-surface-2 hover:text-fg",
                    )}
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-2 flex min-w-0 xl:ml-3">
          <DeferredWorkspaceSwitcher />
        </div>
        <div className="ml-auto flex min-w-0 shrink-0 items-center gap-1 sm:gap-1.5">
          {/* A live room without an account; on phones it is on the landing page. */}
          <Link
            to={ROUTES.quickRoom}
            title={t("nav.quickRoom")}
            className={buttonClasses("ghost", "sm", "mr-1 max-lg:hidden")}
          >
            <Zap className="size-4 shrink-0" aria-hidden />
            {/* From 1280 px the row belongs to the navigation and the workspace's name. */}
            <span className="xl:sr-only">{t("nav.quickRoom")}</span>
          </Link>
          {/* Below 360 px the workspace's name needs its room (it broke mid-word at 320 px: "Hereti
              cs…"); the menu drawer has the theme, as it has the language. */}
          <div className="max-[359px]:hidden">
            <DeferredThemeMenu />
          </div>
          <div className="hidden sm:block">
            <DeferredLanguageSwitch />
          </div>
          <div className="mx-1 hidden h-6 w-px bg-border sm:block" aria-hidden />
          <DeferredUserMenu />
        </div>
      </div>
      {menus && (
        <menus.MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} returnFocusTo={menuButton} />
      )}
    </header>
  );
}
