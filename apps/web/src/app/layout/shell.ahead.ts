import { landingQuery, workspacesQuery } from "@/lib/collab-api.ts";
import { queryClient } from "@/lib/query-client.ts";
import { currentSubscriptionQuery } from "@/lib/subscription.ts";

/**
 * A signed-in page load asks for what the header and most screens read first (app/router.tsx,
 * `preloadScreenAt`): the member's workspaces with their rights, where the account lands, and the
 * plan. They would otherwise start once the header has rendered.
 */
export default function shellAhead(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(workspacesQuery),
    queryClient.prefetchQuery(landingQuery),
    queryClient.prefetchQuery(currentSubscriptionQuery),
  ]);
}
