import type { Analytics } from "@draftroom/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api.ts";
import { useCurrentSubscription } from "@/lib/subscription.ts";

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

export const analyticsKeys = {
  all: ["analytics"] as const,
  range: (days: number) => [...analyticsKeys.all, days] as const,
};

export function fetchAnalytics(days: number): Promise<Analytics> {
  return api.get<Analytics>("/drafts/analytics/", { query: { days } });
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

export function useAnalyticsAccess(): AnalyticsAccess {
  const subscription = useCurrentSubscription();
  if (subscription.isPending) return "pending";
  const features = subscription.data?.tier?.features;
  if (subscription.isError || !features) return "unknown";
  return features.advanced_analytics ? "open" : "locked";
}

/** The analytics of the last `days` days: one key, one function, for the screens and the page load. */
export const analyticsQuery = (days: number) =>
  queryOptions({ queryKey: analyticsKeys.range(days), queryFn: () => fetchAnalytics(days) });

export function useAnalytics(days: number, access: AnalyticsAccess = "unknown") {
  return useQuery({
    ...analyticsQuery(days),
    placeholderData: keepPreviousData,
    enabled: access === "open" || access === "unknown",
  });
}

/**
 * The dashboard's chart, loaded only when there is a chart to draw (not for the upsell). One
 * function for the module's life: it keys the loaded module (lib/useLoadedModule.ts).
 */
export const loadPerDayChart = () => import("../components/PerDayChart.tsx");
