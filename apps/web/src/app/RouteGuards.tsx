import { Navigate, Outlet, useLocation } from "react-router";
import { FullScreenSpinner } from "@/components/ui/Spinner.tsx";
import { SESSION_EXPIRED, useAuth } from "@/lib/auth.ts";
import { type RedirectState, redirectTarget } from "@/lib/redirect-target.ts";
import { useCurrentPlanAhead } from "./plan-ahead.ts";

export { type RedirectState, redirectTarget } from "@/lib/redirect-target.ts";

/**
 * Guarded routes: spinner while auth loads, the content when signed in, otherwise a redirect
 * (replacing history) to /login carrying the requested location.
 */
export function RequireAuth() {
  const { isAuthenticated, isLoading, error } = useAuth();
  const location = useLocation();
  useCurrentPlanAhead(isAuthenticated);
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
