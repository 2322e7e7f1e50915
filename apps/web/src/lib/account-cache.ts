import type { QueryClient } from "@tanstack/react-query";
import { type AuthState, authStore } from "./auth.ts";
import { queryClient } from "./query-client.ts";
import type { Store } from "./store.ts";

/**
 * What was fetched for one account never shows to the next: the query cache is emptied whenever
 * the signed-in account changes after the session was restored (a sign-out, another account signing
 * in on the same tab, a session that expired). A team's shared laptop is the case: without it, the
 * next member to sign in saw the previous one's drafts and analytics until they went stale.
 *
 * The restore itself is no change: the data the page asked for ahead of its first render (the
 * screens' `*.ahead.ts`) was asked with the restored session's token, and is kept.
 *
 * @returns the unsubscribe (tests).
 */
export function forgetDataOnAccountChange(
  store: Store<AuthState> = authStore,
  client: QueryClient = queryClient,
): () => void {
  const accountOf = (state: AuthState) => state.user?.id ?? null;
  let settled: number | null | undefined = store.get().isLoading ? undefined : accountOf(store.get());
  return store.subscribe(() => {
    const state = store.get();
    if (state.isLoading) return;
    const account = accountOf(state);
    if (settled === undefined) {
      settled = account;
      return;
    }
    if (account === settled) return;
    settled = account;
    client.clear();
  });
}
