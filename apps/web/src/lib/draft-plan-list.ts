import type { DraftPlanSummary } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * The plans of one space (a workspace, or null for the caller's personal plans): one fetcher and
 * one cache key for the plans page and the workspace page, so a plan saved on one shows on both.
 */
export const draftPlanListKey = (workspaceId: string | null) => ["draft-plans", "list", workspaceId] as const;

export function useDraftPlans(workspaceId: string | null) {
  return useQuery({
    queryKey: draftPlanListKey(workspaceId),
    queryFn: () =>
      api
        .get<{ results: DraftPlanSummary[] }>("/draft-plans/", {
          query: { workspace_id: workspaceId ?? undefined },
        })
        .then((data) => data.results),
  });
}
