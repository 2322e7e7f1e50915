import { ChevronDown, Languages, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ThemeIcon } from "@/components/layout/ThemeIcon.tsx";
import { Avatar } from "@/components/ui/Avatar.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { displayName, useAuth } from "@/lib/auth.ts";
import { useReturnHere } from "@/lib/redirect-target.ts";
import { useTheme } from "@/lib/theme.ts";
import { switcherTriggerClass } from "./WorkspaceSwitcherFace.tsx";

type HeaderMenus = typeof import("./header-menus.lazy.ts");

let loaded: HeaderMenus | null = null;
let pending: Promise<HeaderMenus> | null = null;
const listeners = new Set<() => void>();

/** Loads the menus chunk once (first hover, focus, touch or click of a header control). */
export function loadHeaderMenus(): Promise<HeaderMenus> {
  pending ??= import("./header-menus.lazy.ts").then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded menus module, or null until a header control was first used. */
export function useHeaderMenus(): HeaderMenus | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
}

const prefetch = () => void loadHeaderMenus().catch(() => undefined);
/** Props that start loading the menus as soon as the user heads for a control. */
export const prefetchHandlers = { onPointerEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };

/**
 * A header menu: a plain trigger button with the real one's look until the Radix menu is loaded,
 * then the real menu (opened at once when the placeholder was clicked). Keyboard focus on the
 * placeholder moves to the real trigger when it takes over.
 */
function DeferredMenu({
  label,
  className,
  children,
  render,
}: {
  label: string;
  className: string;
  children: ReactNode;
  render: (menus: HeaderMenus, defaultOpen: boolean) => ReactNode;
}) {
  const menus = useHeaderMenus();
  const [openRequested, setOpenRequested] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    if (menus && hadFocus.current && !openRequested) wrapper.current?.querySelector("button")?.focus();
  }, [menus, openRequested]);

  if (menus) {
    return (
      <span ref={wrapper} className="contents">
        {render(menus, openRequested)}
      </span>
    );
  }
  return (
    <span ref={wrapper} className="contents">
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        className={className}
        {...prefetchHandlers}
        onFocus={() => {
          hadFocus.current = true;
          prefetch();
        }}
        onBlur={() => {
          hadFocus.current = false;
        }}
        // Asked to open on the press itself, not only on the click: when the menus arrive between
        // the two (the hover started loading them), the real trigger replaces this button before
        // the click, and a Radix trigger opens on pointerdown, which it never saw.
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          setOpenRequested(true);
          prefetch();
        }}
        onClick={() => {
          setOpenRequested(true);
          prefetch();
        }}
      >
        {children}
      </button>
    </span>
  );
}

export function DeferredThemeMenu() {
  const { t } = useTranslation();
  const { mode } = useTheme();
  return (
    <DeferredMenu
      label={t("theme.menu")}
      className="grid size-10 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
      render={(menus, defaultOpen) => <menus.ThemeMenu defaultOpen={defaultOpen} />}
    >
      <ThemeIcon mode={mode} className="size-5" />
    </DeferredMenu>
  );
}

export function DeferredLanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <DeferredMenu
      label={t("language.switch")}
      className="flex h-10 items-center gap-1.5 rounded-lg px-2.5 font-semibold text-muted text-sm uppercase transition-colors hover:bg-surface-2 hover:text-fg"
      render={(menus, defaultOpen) => <menus.LanguageSwitch defaultOpen={defaultOpen} />}
    >
      <Languages className="size-4" aria-hidden />
      {i18n.resolvedLanguage ?? i18n.language}
    </DeferredMenu>
  );
}

/** Signed out: Login + Sign up (plain links). Signed in: the account menu, deferred like the others. */
export function DeferredUserMenu() {
  const { t } = useTranslation();
  const { user, isAuthenticated } = useAuth();
  const back = useReturnHere();
  if (!isAuthenticated || !user) {
    return (
      <div className="flex items-center gap-2">
        <span className="hidden sm:contents">
          <Link to="/login" state={back} className={buttonClasses("ghost", "sm", "whitespace-nowrap")}>
            {t("auth.login")}
          </Link>
        </span>
        <Link to="/register" state={back} className={buttonClasses("primary", "sm", "whitespace-nowrap")}>
          {t("auth.signUp")}
        </Link>
      </div>
    );
  }
  return (
    <DeferredMenu
      label={t("auth.userMenu")}
      className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-surface-2"
      render={(menus, defaultOpen) => <menus.UserMenu compact defaultOpen={defaultOpen} />}
    >
      <Avatar user={user} />
      <span className="hidden max-w-[9rem] truncate font-semibold text-fg text-sm md:inline">
        {displayName(user) ?? t("auth.fallbackName")}
      </span>
      <ChevronDown className="hidden size-4 text-subtle md:inline" aria-hidden />
    </DeferredMenu>
  );
}

type SwitcherModule = typeof import("./WorkspaceSwitcher.tsx");

/**
 * Signed in: the workspace switcher (personal space + each workspace). It loads with its own query
 * client after the first paint, so the signed-out landing page never loads it.
 */
export function DeferredWorkspaceSwitcher() {
  const { isAuthenticated } = useAuth();
  const [switcher, setSwitcher] = useState<SwitcherModule | null>(null);
  useEffect(() => {
    if (!isAuthenticated || switcher) return;
    let live = true;
    import("./WorkspaceSwitcher.tsx").then(
      (module) => live && setSwitcher(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isAuthenticated, switcher]);
  if (!isAuthenticated) return null;
  if (switcher) return <switcher.WorkspaceSwitcherWithQueries />;
  return (
    <span aria-hidden className={switcherTriggerClass}>
      <UserRound className="size-4 shrink-0 text-muted" />
    </span>
  );
}
