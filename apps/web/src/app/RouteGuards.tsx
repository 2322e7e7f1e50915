import { ROUTES } from "@draftroom/contracts";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenSpinner } from "@/components/ui/Spinner.tsx";
import { SESSION_EXPIRED, useAuth } from "@/lib/auth.ts";

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

/**
 * Guarded routes: spinner while auth loads, the content when signed in, otherwise a redirect
 * (replacing history) to /login carrying the requested location.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading, error } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (isAuthenticated) return <Outlet />;
  // After a 401 the API client already navigates to /app/auth/login; do not race it.
  if (error === SESSION_EXPIRED) return <FullScreenSpinner />;
  const state: RedirectState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  return <Navigate to="/login" replace state={state} />;
}

/** Login and register: signed-in users go to the requested location or the dashboard. */
export function GuestOnly() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
