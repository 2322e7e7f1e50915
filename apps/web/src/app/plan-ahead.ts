import { useEffect } from "react";

/**
 * Asks for the signed-in user's plan as soon as a signed-in screen mounts (RequireAuth), beside the
 * screen's code: the dashboard, the session board and the workspace screens read it before they ask
 * for what the plan allows, so a visit never waits for it first. It used to wait for the browser to
 * be idle, which on a cold page comes after the screen has rendered. Never on a public page: a stale
 * token there must not send a spectator to the login screen. (TanStack Query is imported here
 * lazily: the landing page never loads it.)
 */
export function useCurrentPlanAhead(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) void prefetchCurrentPlan();
  }, [signedIn]);
}

function prefetchCurrentPlan(): Promise<void> {
  return Promise.all([import("@/lib/query-client.ts"), import("@/lib/subscription.ts")]).then(
    ([{ queryClient }, { currentSubscriptionQuery }]) => queryClient.prefetchQuery(currentSubscriptionQuery),
    // A chunk that cannot load here is the screen's own to report.
    () => undefined,
  );
}
