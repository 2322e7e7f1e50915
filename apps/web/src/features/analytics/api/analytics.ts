import type { Analytics } from "@draftroom/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useCurrentSubscription } from "@/lib/subscription.ts";

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const analyticsKeys = {
  all: ["analytics"] as const,
  /** One space's figures: a workspace's (its id) or the personal space's (null). */
  range: (days: number, workspace: string | null) => [...analyticsKeys.all, days, workspace] as const,
};

/** The figures of the space the lists show: the workspace's sessions, or the personal ones. */
export function fetchAnalytics(days: number, workspace: string | null): Promise<Analytics> {
  return api.get<Analytics>("/drafts/analytics/", { query: { days, workspace: workspace ?? undefined } });
}

/** The server answers 403 when the plan lacks `advanced_analytics`. */
export function isAnalyticsLocked(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 403;
}

/**
 * Whether the plan includes analytics: `"locked"` when the tier says no (no request is made, the
 * upsell shows), `"open"` when it says yes, `"unknown"` while loading or when the subscription
 * could not be read (then the analytics endpoint is asked and its 403 still means locked).
 */
export type AnalyticsAccess = "pending" | "open" | "locked" | "unknown";

/**
 * What the caller's own plan says; in a workspace, a "no" is asked of the server instead
 * (`"unknown"`): the workspace's plan may include analytics for every member (a team pays once).
 */
export function analyticsAccessOf(
  advancedAnalytics: boolean | undefined,
  workspace: string | null,
): Exclude<AnalyticsAccess, "pending"> {
  if (advancedAnalytics === undefined) return "unknown";
  if (advancedAnalytics) return "open";
  return workspace ? "unknown" : "locked";
}

export function useAnalyticsAccess(): AnalyticsAccess {
  const subscription = useCurrentSubscription();
  const workspace = useCurrentWorkspace();
  if (subscription.isPending) return "pending";
  return analyticsAccessOf(
    subscription.isError ? undefined : subscription.data?.tier?.features?.advanced_analytics,
    workspace,
  );
}

/**
 * The analytics of the last `days` days in one space: one key, one function, for the screens and
 * the page load.
 */
export const analyticsQuery = (days: number, workspace: string | null) =>
  queryOptions({
    queryKey: analyticsKeys.range(days, workspace),
    queryFn: () => fetchAnalytics(days, workspace),
  });

/** The chosen space's analytics (the header's workspace, or the personal space). */
export function useAnalytics(days: number, access: AnalyticsAccess = "unknown") {
  const workspace = useCurrentWorkspace();
  return useQuery({
    ...analyticsQuery(days, workspace),
    // Another range of the same space stays up while it loads; another space's figures never do.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === workspace ? keepPreviousData(previous) : undefined,
    enabled: access === "open" || access === "unknown",
  });
}

/**
 * The dashboard's chart, loaded only when there is a chart to draw (not for the upsell). One
 * function for the module's life: it keys the loaded module (lib/useLoadedModule.ts).
 */
export const loadPerDayChart = () => import("../components/PerDayChart.tsx");
