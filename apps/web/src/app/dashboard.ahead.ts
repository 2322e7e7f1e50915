import { ANALYTICS_DEFAULT_DAYS } from "@draftroom/contracts";
import { analyticsQuery, loadPerDayChart } from "@/features/analytics/api/analytics.ts";
import sessionsListAhead from "@/features/drafts/sessions-list.ahead.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";
import { preloadModule } from "@/lib/useLoadedModule.ts";

/**
 * A page load of the dashboard asks for its content with its code (app/lazy-page.ts): the sessions
 * list's data and, when the plan includes analytics, the summary's figures and its chart's code.
 * Settles when they have answered.
 */
export default function dashboardAhead(): Promise<unknown> {
  return Promise.all([
    sessionsListAhead(),
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
