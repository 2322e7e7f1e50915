import { useEffect } from "react";

/**
 * Runs each item's `preload` one at a time while the browser is idle (RequireAuth fetches the plan
 * this way). Nothing when disabled or on a data-saving connection. Preloading every main screen's
 * code this way was tried and removed: it tripled the e2e suite's time on two cores (decision 063).
 */
export function usePreloadScreens(enabled: boolean, screens: readonly { preload: () => Promise<void> }[]) {
  useEffect(() => {
    if (!enabled || saveData()) return;
    let cancelled = false;
    let handle: number | undefined;
    const queue = [...screens];
    const next = () => {
      const screen = queue.shift();
      if (cancelled || !screen) return;
      void screen.preload().then(() => {
        if (!cancelled) handle = whenIdle(next);
      });
    };
    handle = whenIdle(next);
    return () => {
      cancelled = true;
      if (handle !== undefined) cancelIdle(handle);
    };
  }, [enabled, screens]);
}

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

// Safari has no requestIdleCallback: a short timeout stands in for it.
function whenIdle(callback: () => void): number {
  return typeof requestIdleCallback === "function"
    ? requestIdleCallback(callback, { timeout: 3000 })
    : window.setTimeout(callback, 200);
}

function cancelIdle(handle: number): void {
  if (typeof cancelIdleCallback === "function") cancelIdleCallback(handle);
  else window.clearTimeout(handle);
}

/**
 * The signed-in user's plan, which the dashboard, the session board and the workspace screens read
 * before they ask for what the plan allows: fetched ahead on the signed-in screens (RequireAuth),
 * so a visit does not wait for it first. Never on a public page: a stale token there must not send
 * a spectator to the login screen. (Loaded lazily: the landing page never loads TanStack Query.)
 */
export const CURRENT_PLAN = {
  preload: (): Promise<void> =>
    Promise.all([import("@/lib/query-client.ts"), import("@/lib/subscription.ts")]).then(
      ([{ queryClient }, { currentSubscriptionKey, fetchCurrentSubscription }]) =>
        queryClient.prefetchQuery({ queryKey: currentSubscriptionKey, queryFn: fetchCurrentSubscription }),
      () => undefined,
    ),
};
