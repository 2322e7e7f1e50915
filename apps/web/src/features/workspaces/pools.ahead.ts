import { scrimPlayerRecordsQuery } from "@/components/scrims/PlayerScrimRecord.tsx";
import { queryClient } from "@/lib/query-client.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { workspaceQueries } from "./api.ts";

/**
 * A page load of a workspace's pools (`/app/workspaces/:workspaceId/pools`) asks for the page's data
 * with its code (app/lazy-page.ts): the workspace, its roster, the champions, the pool records and
 * the derived priorities, the roster's scrim figures, and the members a roster editor links players
 * to. Settles when they have answered (or failed: the page asks again and shows it).
 */
export default function poolsAhead({ workspaceId = "" }: { workspaceId?: string }): Promise<unknown> {
  if (workspaceId === "") return Promise.resolve();
  void queryClient.prefetchQuery(scrimPlayerRecordsQuery(workspaceId, Date.now()));
  return Promise.all([
    queryClient
      .fetchQuery(workspaceQueries.one(workspaceId))
      .then((workspace) =>
        mayIn(workspace, "edit_roster")
          ? queryClient.prefetchQuery(workspaceQueries.members(workspaceId))
          : undefined,
      ),
    queryClient.prefetchQuery(workspaceQueries.roster(workspaceId)),
    queryClient.prefetchQuery(workspaceQueries.champions),
    queryClient.prefetchQuery(workspaceQueries.records(workspaceId)),
    queryClient.prefetchQuery(workspaceQueries.priorities(workspaceId)),
  ]);
}
