import { queryClient } from "@/lib/query-client.ts";
import { draftQueries } from "./api/drafts.ts";
import { askForBoardPanels } from "./hooks/useBoardPanelsAhead.ts";

/**
 * A page load of a session's board (`/app/draft/:sessionId`) asks for the board's data with its code
 * (app/lazy-page.ts): the session, its actions, the champions and their positions, settling when
 * they have answered, so that the board's first render can be the board. The panels around it are
 * asked for too, not waited for.
 */
export default function sessionBoardAhead({ sessionId = "" }: { sessionId?: string }): Promise<unknown> {
  if (sessionId === "") return Promise.resolve();
  askForBoardPanels(queryClient, sessionId);
  return Promise.all([
    queryClient.prefetchQuery(draftQueries.session(sessionId)),
    queryClient.prefetchQuery(draftQueries.actions(sessionId)),
    queryClient.prefetchQuery(draftQueries.champions),
    queryClient.prefetchQuery(draftQueries.championPositions),
  ]);
}
