import { itemContextQuery } from "@/lib/collab-api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { draftPlanQueries } from "./api/draft-plans.ts";

/**
 * A page load of a plan's editor (`/app/draft-plans/:planId`) asks for the plan, the champions it
 * picks from and where the plan lives (what the member may do with it), with the editor's code
 * (app/lazy-page.ts). Settles when they have answered.
 */
export default function planEditorAhead({ planId = "" }: { planId?: string }): Promise<unknown> {
  if (planId === "") return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(draftPlanQueries.plan(planId)),
    queryClient.prefetchQuery(draftPlanQueries.champions),
    queryClient.prefetchQuery(itemContextQuery("plan", planId)),
  ]);
}
