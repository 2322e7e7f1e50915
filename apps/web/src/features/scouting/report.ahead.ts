import { rowIdOf } from "@draftroom/contracts";
import { freshnessQuery } from "@/components/StaleDataBanner.tsx";
import { currentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import { reportRequest, scoutingReportQuery } from "./api/scouting.ts";

/**
 * A page load of a team's report (`/app/scouting/teams/:teamId`) asks for the report its URL
 * describes, inside the chosen workspace, with the page's code (app/lazy-page.ts), and for the data's
 * freshness (its banner). Settles when the report has answered.
 */
export default function reportAhead(
  { teamId = "" }: { teamId?: string },
  search: URLSearchParams,
): Promise<unknown> {
  const team = rowIdOf(teamId);
  if (team === 0) return Promise.resolve();
  void queryClient.prefetchQuery(freshnessQuery);
  const { asked, seriesId, includeDrafts } = reportRequest(search);
  return queryClient.prefetchQuery(
    scoutingReportQuery(team, asked, seriesId, includeDrafts, currentWorkspace()),
  );
}
