import { type QueryClient, usePrefetchQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { freshnessQuery } from "@/components/StaleDataBanner.tsx";
import { useAuth } from "@/lib/auth.ts";
import {
  itemCommentsQuery,
  itemContextQuery,
  workspaceMembersQuery,
  workspacesQuery,
} from "@/lib/collab-api.ts";
import { scrimOfDraftQuery } from "@/lib/scrim-of-draft.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { planLiveQuery, readablePlansQuery } from "../plan/api.ts";
import { sessionPracticeQuery } from "../practice/usePractice.ts";

/**
 * The panels around a session's board (the stale-data banner, the practice, the followed plan and
 * its plan list, the comments, a scrim game's link to its scrim) would ask for their data when they
 * first render: after the session has loaded and the board has drawn, several hundred ms into a
 * cold page. The page asks for the same queries as it opens; those that depend on the session's
 * workspace and the member's rights there follow the item's context as soon as it answers (not
 * after the next render). Each panel then finds its answer in the cache or on the way.
 */
export function useBoardPanelsAhead(sessionId: string): void {
  usePrefetchQuery(freshnessQuery);
  usePrefetchQuery(sessionPracticeQuery(sessionId));
  usePrefetchQuery(planLiveQuery({ kind: "session", sessionId }));
  const client = useQueryClient();
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    if (!isAuthenticated || sessionId === "") return;
    const asked = { gone: false };
    void askForWorkspacePanels(client, sessionId, asked);
    return () => {
      asked.gone = true;
    };
  }, [client, sessionId, isAuthenticated]);
}

/**
 * The same panels' queries from outside React: a page load asks for them with the board's code
 * (session-board.ahead.ts), before the board first renders.
 */
export function askForBoardPanels(client: QueryClient, sessionId: string): void {
  void client.prefetchQuery(freshnessQuery);
  void client.prefetchQuery(sessionPracticeQuery(sessionId));
  void client.prefetchQuery(planLiveQuery({ kind: "session", sessionId }));
  void askForWorkspacePanels(client, sessionId, { gone: false });
}

/** The panels that depend on the session's workspace and the member's rights there. */
function askForWorkspacePanels(client: QueryClient, sessionId: string, asked: { gone: boolean }) {
  return (
    Promise.all([
      client.ensureQueryData(itemContextQuery("session", sessionId)),
      client.ensureQueryData(workspacesQuery),
    ])
      .then(([context, workspaces]) => {
        if (asked.gone) return;
        const workspace = workspaces.find((candidate) => candidate.id === context.workspace_id) ?? null;
        // As the panels decide: the plan list for whoever may change the draft (a personal draft's
        // owner, or edit_drafts in its workspace); comments and members in a workspace.
        if (context.workspace_id === null || mayIn(workspace, "edit_drafts"))
          void client.prefetchQuery(readablePlansQuery(client));
        if (context.workspace_id === null) return;
        void client.prefetchQuery(itemCommentsQuery("session", sessionId));
        // The header's link back to a scrim game's scrim (a workspace's draft only).
        void client.prefetchQuery(scrimOfDraftQuery(sessionId));
        if (workspace && mayIn(workspace, "comment"))
          void client.prefetchQuery(workspaceMembersQuery(workspace.id));
      })
      // The page's own queries show any failure; asking ahead is only a head start.
      .catch(() => undefined)
  );
}
