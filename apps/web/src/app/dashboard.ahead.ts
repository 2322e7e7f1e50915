import { ANALYTICS_DEFAULT_DAYS } from "@draftroom/contracts";
import { analyticsQuery, loadPerDayChart } from "@/features/analytics/api/analytics.ts";
import { draftKeys, draftsApi, type SessionListParams } from "@/features/drafts/api/drafts.ts";
import { currentWorkspace } from "@/lib/current-workspace.ts";
import { allTeamsQuery, leaguesQuery } from "@/lib/leagues.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";
import { preloadModule } from "@/lib/useLoadedModule.ts";

/**
 * A page load of the dashboard asks for its content with its code (app/lazy-page.ts): the chosen
 * space's first page of drafts (as the list's first render asks for it), the leagues and teams of
 * its filters, and, when the plan includes analytics, the summary's figures and its chart's code.
 * Settles when they have answered.
 */
export default function dashboardAhead(): Promise<unknown> {
  const params: SessionListParams = {
    page: 1,
    league: null,
    team: null,
    workspace: currentWorkspace() ?? undefined,
  };
  return Promise.all([
    queryClient.prefetchQuery({
      queryKey: draftKeys.sessionList(params),
      queryFn: () => draftsApi.listSessions(params),
    }),
    queryClient.prefetchQuery(leaguesQuery),
    queryClient.prefetchQuery(allTeamsQuery(queryClient)),
    queryClient
      .fetchQuery(currentSubscriptionQuery)
      .then((subscription) =>
        subscription?.tier?.features?.advanced_analytics
          ? Promise.all([
              queryClient.prefetchQuery(analyticsQuery(ANALYTICS_DEFAULT_DAYS)),
              preloadModule(loadPerDayChart),
            ])
          : undefined,
      ),
  ]);
}
