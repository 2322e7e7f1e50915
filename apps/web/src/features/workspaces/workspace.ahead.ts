import { activityQuery, mentionsQuery } from "@/lib/collab-api.ts";
import { draftPlanListQuery } from "@/lib/draft-plan-list.ts";
import { allTeamsQuery, leaguesQuery } from "@/lib/leagues.ts";
import { queryClient } from "@/lib/query-client.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { workspaceQueries } from "./api.ts";
import { setUpStepsOf } from "./set-up.ts";

/**
 * A page load of a workspace's page (`/app/workspaces/:workspaceId`) asks for its sections' data
 * with its code (app/lazy-page.ts): the workspace, its scrim agenda, members, invites, drafts, plans, activity and
 * the member's mentions, the leagues and teams its league setting offers, and what the staff's
 * set-up card reads. Settles when they have answered (or failed: the sections ask again and show
 * it).
 */
export default function workspaceAhead({ workspaceId = "" }: { workspaceId?: string }): Promise<unknown> {
  if (workspaceId === "") return Promise.resolve();
  return Promise.all([
    // The invites section is shown to those who manage the members, as the page decides.
    queryClient.fetchQuery(workspaceQueries.one(workspaceId)).then((workspace) => {
      const setUp = setUpStepsOf(workspace);
      return Promise.all([
        mayIn(workspace, "manage_members") &&
          queryClient.prefetchQuery(workspaceQueries.invites(workspaceId)),
        // The staff's set-up card ticks its steps from these, drawn with the page rather than after it.
        setUp.includes("roster") && queryClient.prefetchQuery(workspaceQueries.roster(workspaceId)),
        setUp.includes("scrim") && queryClient.prefetchQuery(workspaceQueries.hasScrims(workspaceId)),
      ]);
    }),
    queryClient.prefetchQuery(workspaceQueries.scrimAgenda(workspaceId)),
    queryClient.prefetchQuery(workspaceQueries.members(workspaceId)),
    queryClient.prefetchQuery(workspaceQueries.sessions(workspaceId)),
    queryClient.prefetchQuery(draftPlanListQuery(workspaceId)),
    queryClient.prefetchInfiniteQuery(activityQuery(workspaceId)),
    // The mentions panel: asked for after the first render, it held the page's content back by
    // 60-70 ms of a cold load (decision 073).
    queryClient.prefetchQuery(mentionsQuery),
    queryClient.prefetchQuery(leaguesQuery),
    queryClient.prefetchQuery(allTeamsQuery(queryClient)),
  ]);
}
