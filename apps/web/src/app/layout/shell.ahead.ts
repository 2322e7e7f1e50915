import { landingQuery, mentionsQuery, workspacesQuery } from "@/lib/collab-api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";

/**
 * A signed-in page load asks for what the header and most screens read first (app/router.tsx,
 * `preloadScreenAt`): the member's workspaces with their rights, where the account lands, the plan,
 * and, for a member of a workspace, the unread mentions the switcher counts (it asks for them only
 * then: app/layout/workspace-switcher-state.ts). They would otherwise start once the header has
 * rendered.
 */
export default function shellAhead(): Promise<unknown> {
  return Promise.all([
    queryClient
      .fetchQuery(workspacesQuery)
      .then((workspaces) => (workspaces.length > 0 ? queryClient.prefetchQuery(mentionsQuery) : undefined))
      // The header shows a failure itself, as prefetchQuery leaves it to (never a rejection here).
      .catch(() => undefined),
    queryClient.prefetchQuery(landingQuery),
    queryClient.prefetchQuery(currentSubscriptionQuery),
  ]);
}
