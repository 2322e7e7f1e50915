import { type DraftPlanSummary, isUuid } from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, requestById } from "./api.ts";

/**
 * The plans of one space (a workspace, or null for the caller's personal plans): one fetcher and
 * one cache key for the plans page and the workspace page, so a plan saved on one shows on both.
 */
export const draftPlanListKey = (workspaceId: string | null) => ["draft-plans", "list", workspaceId] as const;

/**
 * The space whose plans the plans page lists: the one its URL names (`?workspace=`, empty for the
 * personal plans), else the chosen one (null: the personal space).
 */
export function planListSpace(search: URLSearchParams, chosen: string | null): string | null {
  return search.has("workspace") ? search.get("workspace") || null : chosen;
}

/** The plans of one space, for the screens and for a page load's ahead. */
export const draftPlanListQuery = (workspaceId: string | null) =>
  queryOptions({
    queryKey: draftPlanListKey(workspaceId),
    queryFn: () => {
      const ask = () =>
        api
          .get<{ results: DraftPlanSummary[] }>("/draft-plans/", {
            query: { workspace_id: workspaceId ?? undefined },
          })
          .then((data) => data.results);
      // `?workspace=` comes from a link: one that cannot be a workspace's is not found, as an unknown one.
      return workspaceId === null ? ask() : requestById(workspaceId, isUuid, ask);
    },
  });

export function useDraftPlans(workspaceId: string | null) {
  return useQuery(draftPlanListQuery(workspaceId));
}
