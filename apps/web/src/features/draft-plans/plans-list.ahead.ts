import { currentWorkspace } from "@/lib/current-workspace.ts";
import { draftPlanListQuery } from "@/lib/draft-plan-list.ts";
import { queryClient } from "@/lib/query-client.ts";
import { draftPlanQueries } from "./api/draft-plans.ts";

/**
 * A page load of the plans list (`/app/draft-plans`) asks for the plans of the space its URL names
 * (`?workspace=`, empty for the personal plans) or else the chosen space's, as the page reads it, and
 * the champions its cards show, with its code (app/lazy-page.ts). Settles when they have answered.
 */
export default function plansListAhead(): Promise<unknown> {
  const search = new URLSearchParams(window.location.search);
  const workspaceId = search.has("workspace") ? search.get("workspace") || null : currentWorkspace();
  return Promise.all([
    queryClient.prefetchQuery(draftPlanListQuery(workspaceId)),
    queryClient.prefetchQuery(draftPlanQueries.champions),
  ]);
}
