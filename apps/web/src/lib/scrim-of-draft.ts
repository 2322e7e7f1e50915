import type { ScrimOfDraft } from "@draftroom/contracts";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "./api.ts";

/** The root of every cached scrim answer: the ledger's pages (features/scrims) and the query below. */
export const scrimsKey = ["scrims"] as const;

/**
 * A winner saved outside the ledger (the draft page, the series page or its room) may have become
 * a scrim game's result (decision 083): every cached scrim answer is stale.
 */
export function scrimResultsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: scrimsKey });
}

/**
 * The scrim game a draft was drafted for (null: none, or a scrim the member may not read), for the
 * draft's page: a link back to the scrim, and whether the ledger keeps the game's result. Under the
 * scrims' key, so every scrim write that invalidates `["scrims"]` refreshes it too.
 */
export const scrimOfDraftQuery = (sessionId: string) =>
  queryOptions({
    queryKey: [...scrimsKey, "of-draft", sessionId] as const,
    queryFn: () => api.get<ScrimOfDraft>(`/scrims/of-draft/${sessionId}/`).then((answer) => answer.game),
  });

/** The scrim page of a workspace's scrim. */
export const scrimPath = (game: { workspace_id: string; scrim_id: string }) =>
  `/app/workspaces/${game.workspace_id}/scrims/${game.scrim_id}`;
