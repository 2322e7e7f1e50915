import type { ScrimAnalytics, ScrimLedgerFilters } from "@draftroom/contracts";
import { api } from "@/lib/api.ts";

/**
 * The team-only scrim analytics call, shared by the scrims feature and the pools page's per
 * player records (one cache key, so both read the same answer).
 */
export type ScrimAnalyticsFilters = ScrimLedgerFilters & { player?: string };

export const scrimAnalyticsKey = (workspaceId: string, filters: ScrimAnalyticsFilters) =>
  ["scrims", "analytics", workspaceId, filters] as const;

export function fetchScrimAnalytics(
  workspaceId: string,
  filters: ScrimAnalyticsFilters,
): Promise<ScrimAnalytics> {
  // Empty filters are left out rather than sent blank.
  const query = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  ) as Record<string, string>;
  return api.get<ScrimAnalytics>(`/workspaces/${workspaceId}/scrims/analytics/`, { query });
}

/** Monday-free period start: `days` back from `now`, as a date (YYYY-MM-DD). */
export function daysBack(days: number, now: number): string {
  return new Date(now - days * 86_400_000).toISOString().slice(0, 10);
}
