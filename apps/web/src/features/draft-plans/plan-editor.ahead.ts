import { planScrimsQuery } from "@/components/scrims/PlanBranchScrims.tsx";
import { itemContextQuery } from "@/lib/collab-api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { scoutingTeamsQuery } from "@/lib/scouting-teams.ts";
import { draftPlanQueries } from "./api/draft-plans.ts";

/**
 * A page load of a plan's editor (`/app/draft-plans/:planId`) asks for the plan, the champions it
 * picks from, where the plan lives (what the member may do with it), the teams its opponent field
 * offers and how its branches fared in scrims, with the editor's code (app/lazy-page.ts). Settles
 * when they have answered.
 */
export default function planEditorAhead({ planId = "" }: { planId?: string }): Promise<unknown> {
  if (planId === "") return Promise.resolve();
  return Promise.all([
    queryClient.prefetchQuery(draftPlanQueries.plan(planId)),
    queryClient.prefetchQuery(draftPlanQueries.champions),
    queryClient.prefetchQuery(itemContextQuery("plan", planId)),
    queryClient.prefetchQuery(scoutingTeamsQuery),
    queryClient.prefetchQuery(planScrimsQuery(planId)),
  ]);
}
