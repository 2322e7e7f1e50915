import { currentWorkspace } from "@/lib/current-workspace.ts";
import { draftPlanListQuery, planListSpace } from "@/lib/draft-plan-list.ts";
import { queryClient } from "@/lib/query-client.ts";
import { draftPlanQueries } from "./api/draft-plans.ts";

/**
 * A page load of the plans list (`/app/draft-plans`) asks for the plans of the space it lists (as the
 * page reads it: `planListSpace`) and the champions its cards show, with its code (app/lazy-page.ts). Settles when they have answered.
 */
export default function plansListAhead(_params: unknown, search: URLSearchParams): Promise<unknown> {
  const workspaceId = planListSpace(search, currentWorkspace());
  return Promise.all([
    queryClient.prefetchQuery(draftPlanListQuery(workspaceId)),
    queryClient.prefetchQuery(draftPlanQueries.champions),
  ]);
}
