import { LANDING_SHELL_PATHS, LOGIN_ALIASES, REGISTER_ALIASES, ROUTES } from "@draftroom/contracts";
import { useLocation } from "react-router";

export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The workspace an invite opened signed out offers: the sign-in pages say so. */
  joining?: string;
}

/** The workspace a sign-in page was opened to join (its invite's), if any. */
export function joiningOf(state: unknown): string | undefined {
  const joining = (state as RedirectState | null)?.joining;
  return typeof joining === "string" && joining.length > 0 ? joining : undefined;
}

const AUTH_PATHS: readonly string[] = [...LOGIN_ALIASES, ...REGISTER_ALIASES];

/** A sign-in or registration page (any of their aliases). */
function isAuthPath(pathname: string): boolean {
  return AUTH_PATHS.includes(pathname) || pathname.includes("/auth/");
}

/** Where to go after sign-in: the originally requested location, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  // Same-origin paths only ("//host" would leave the site).
  if (!from?.pathname?.startsWith("/") || from.pathname.startsWith("//")) return ROUTES.dashboard;
  if (isAuthPath(from.pathname) || LANDING_SHELL_PATHS.includes(from.pathname)) return ROUTES.dashboard;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/**
 * The state a "Sign in" or "Sign up" link carries, so that signing in comes back to the page it was
 * asked from: an invite, a room's link, a shared draft. From the sign-in and registration pages
 * themselves (their "No account? Register" switch), the place those pages were asked from is kept:
 * an invite opened signed out, then "Register", then "Have an account? Sign in" still joins the
 * team. From the landing page, nothing: the dashboard is where a new account starts.
 */
export function useReturnHere(): RedirectState | undefined {
  const { pathname, search, hash, state } = useLocation();
  if (isAuthPath(pathname)) return (state as RedirectState | null) ?? undefined;
  if (LANDING_SHELL_PATHS.includes(pathname)) return undefined;
  return { from: { pathname, search, hash } };
}
