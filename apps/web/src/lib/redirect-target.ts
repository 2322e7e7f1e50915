import { ROUTES } from "@draftroom/contracts";

export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after sign-in: the originally requested location, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  // Same-origin paths only ("//host" would leave the site).
  if (!from?.pathname?.startsWith("/") || from.pathname.startsWith("//")) return ROUTES.dashboard;
  if (from.pathname.startsWith("/login") || from.pathname.includes("/auth/")) return ROUTES.dashboard;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
