import { queryClient } from "@/lib/query-client.ts";
import { draftQueries } from "./api/drafts.ts";
import { askForBoardPanels } from "./hooks/useBoardPanelsAhead.ts";

/**
 * A page load of a session's board (`/app/draft/:sessionId`) asks for the board's data with its code
 * (app/lazy-page.ts): the session, its actions, the champions and their positions, and, once the
 * session and its actions are in, what the suggestions beside the board read (both teams' priorities
 * and the server's suggestions for the step on the clock, or the finished draft's win estimate).
 * Settles when they have answered, so that the board's first render can be the board with its
 * suggestions. The panels around it are asked for too, not waited for.
 */
export default function sessionBoardAhead({ sessionId = "" }: { sessionId?: string }): Promise<unknown> {
  if (sessionId === "") return Promise.resolve();
  askForBoardPanels(queryClient, sessionId);
  const session = queryClient.fetchQuery(draftQueries.session(sessionId));
  const actions = queryClient.fetchQuery(draftQueries.actions(sessionId));
  const suggestions = Promise.all([session, actions]).then(([{ blue_team, red_team }, { length: step }]) =>
    Promise.all([
      blue_team ? queryClient.prefetchQuery(draftQueries.priorities(blue_team.id)) : undefined,
      red_team ? queryClient.prefetchQuery(draftQueries.priorities(red_team.id)) : undefined,
      step <= 20 ? queryClient.prefetchQuery(draftQueries.recommendations(sessionId, step)) : undefined,
    ]),
  );
  return Promise.allSettled([
    session,
    actions,
    suggestions,
    queryClient.prefetchQuery(draftQueries.champions),
    queryClient.prefetchQuery(draftQueries.championPositions),
  ]);
}
