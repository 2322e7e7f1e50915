import { ANALYTICS_DEFAULT_DAYS } from "@draftroom/contracts";
import { analyticsAccessOf, analyticsQuery, loadPerDayChart } from "@/features/analytics/api/analytics.ts";
import sessionsListAhead from "@/features/drafts/sessions-list.ahead.ts";
import { currentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";
import { preloadModule } from "@/lib/useLoadedModule.ts";

/**
 * A page load of the dashboard asks for its content with its code (app/lazy-page.ts): the sessions
 * list's data and, unless the plan surely lacks analytics, the summary's figures of the chosen
 * space and its chart's code. Settles when they have answered.
 */
export default function dashboardAhead(): Promise<unknown> {
  const workspace = currentWorkspace();
  return Promise.all([
    sessionsListAhead(),
    queryClient
      .fetchQuery(currentSubscriptionQuery)
      .then((subscription) =>
        analyticsAccessOf(subscription?.tier?.features?.advanced_analytics, workspace) !== "locked"
          ? Promise.all([
              queryClient.prefetchQuery(analyticsQuery(ANALYTICS_DEFAULT_DAYS, workspace)),
              preloadModule(loadPerDayChart),
            ])
          : undefined,
      ),
  ]);
}
