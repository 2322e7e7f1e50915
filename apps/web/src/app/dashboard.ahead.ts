import { ANALYTICS_DEFAULT_DAYS } from "@draftroom/contracts";
import {
  analyticsAccessOf,
  analyticsQuery,
  loadCompactPerDayChart,
  workspacePlanOf,
} from "@/features/analytics/api/analytics.ts";
import sessionsListAhead from "@/features/drafts/sessions-list.ahead.ts";
import { workspacesQuery } from "@/lib/collab-api.ts";
import { currentWorkspace } from "@/lib/current-workspace.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";
import { preloadModule } from "@/lib/useLoadedModule.ts";

/**
 * A page load of the dashboard asks for its content with its code (app/lazy-page.ts): the sessions
 * list's data and, unless the plans surely lack analytics (the member's own, and the chosen
 * workspace's), the summary's figures of the chosen space and its chart's code. Settles when they
 * have answered.
 */
export default function dashboardAhead(): Promise<unknown> {
  const workspace = currentWorkspace();
  return Promise.all([
    sessionsListAhead(),
    Promise.all([
      queryClient.fetchQuery(currentSubscriptionQuery),
      // The header asks for the list too (one request); without it, the server is asked.
      workspace === null ? undefined : queryClient.fetchQuery(workspacesQuery).catch(() => undefined),
    ]).then(([subscription, workspaces]) =>
      analyticsAccessOf(
        subscription?.tier?.features?.advanced_analytics,
        workspace,
        workspacePlanOf(workspaces, workspace),
      ) !== "locked"
        ? Promise.all([
            queryClient.prefetchQuery(analyticsQuery(ANALYTICS_DEFAULT_DAYS, workspace)),
            preloadModule(loadCompactPerDayChart),
          ])
        : undefined,
    ),
  ]);
}
