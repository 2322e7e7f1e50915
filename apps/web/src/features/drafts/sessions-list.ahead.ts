import { currentWorkspace } from "@/lib/current-workspace.ts";
import { allTeamsQuery, leaguesQuery } from "@/lib/leagues.ts";
import { queryClient } from "@/lib/query-client.ts";
import { draftQueries, firstSessionPage } from "./api/drafts.ts";

/**
 * A page load of the draft sessions list (`/app/draft`, and the dashboard, which shows it) asks for
 * the list's data with its code (app/lazy-page.ts): the chosen space's first page of drafts, as the
 * list's first render asks for it, and the leagues and teams of its filters. Settles when they have
 * answered.
 */
export default function sessionsListAhead(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(draftQueries.sessionList(firstSessionPage(currentWorkspace() ?? undefined))),
    queryClient.prefetchQuery(leaguesQuery),
    queryClient.prefetchQuery(allTeamsQuery(queryClient)),
  ]);
}
