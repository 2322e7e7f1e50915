import type { Analytics, TierFeatures, Workspace } from "@draftroom/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api.ts";
import { workspacesQuery } from "@/lib/collab-api.ts";
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
 * Whether the chosen space's analytics are open to the caller: their own plan includes them, or,
 * inside a workspace, the workspace's plan does (a team pays once, decision 053; the workspace's
 * `plan_features`, null while it is read-only). `"unknown"` while the subscription could not be
 * read or the workspace is not in the caller's list: the server is asked, and its 403 means locked.
 *
 * @example
 * analyticsAccessOf(false, workspace.id, workspace.plan_features); // a Community analyst in a Pro workspace -> "open"
 */
export function analyticsAccessOf(
  advancedAnalytics: boolean | undefined,
  workspace: string | null,
  workspacePlan?: TierFeatures | null,
): Exclude<AnalyticsAccess, "pending"> {
  if (advancedAnalytics === true) return "open";
  if (workspace !== null && workspacePlan?.advanced_analytics === true) return "open";
  if (advancedAnalytics === undefined) return "unknown";
  if (workspace === null) return "locked";
  return workspacePlan === undefined ? "unknown" : "locked";
}

/** The chosen space's analytics access, from the caller's subscription and the workspaces list. */
export function useAnalyticsAccess(): AnalyticsAccess {
  const subscription = useCurrentSubscription();
  const workspace = useCurrentWorkspace();
  const workspaces = useQuery({ ...workspacesQuery, enabled: workspace !== null });
  const own = subscription.isError ? undefined : subscription.data?.tier?.features?.advanced_analytics;
  if (subscription.isPending || (workspace !== null && own !== true && workspaces.isPending))
    return "pending";
  return analyticsAccessOf(own, workspace, workspacePlanOf(workspaces.data, workspace));
}

/** A workspace's plan features as its list says (undefined: not in the list, or the list is unknown). */
export function workspacePlanOf(
  workspaces: readonly Workspace[] | undefined,
  workspace: string | null,
): TierFeatures | null | undefined {
  return workspace === null
    ? undefined
    : workspaces?.find((candidate) => candidate.id === workspace)?.plan_features;
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
export const loadCompactPerDayChart = () => import("../components/CompactPerDayChart.tsx");
