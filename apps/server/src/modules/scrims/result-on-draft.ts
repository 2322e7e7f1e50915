import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { sessionBasics, setSessionWinner } from "../drafts/service.ts";
import { syncWinnerFromSession } from "../series/service.ts";
import { findGame } from "./repository.ts";
import { winningSide } from "./rows.ts";

/**
 * A scrim game's result, carried onto its draft: the linked session records the side that won, so
 * the draft's page, the workspace's draft analytics (blue against red) and a fearless scrim's series
 * score count the game like any finished draft. Without this, a team that typed every result still
 * read "no result recorded" on each of those drafts.
 *
 * The ledger stays where the result lives (decision 050): the session holds only the side that won
 * its one draft, written from here whenever the result or the draft changes. A result that says no
 * one won (a remake, a game not played, a cleared result) clears the session's winner. Only a
 * complete draft has a winner, as on the draft's own page.
 *
 * Run inside the transaction that changed the result or the draft, so that the two never disagree.
 * `whenResulted`: a draft attached to a game without a result leaves its session as it is.
 */
export async function resultOnDraft(
  trx: Kysely<Database> | Transaction<Database>,
  scrimId: string,
  gameId: string,
  options: { whenResulted?: boolean } = {},
): Promise<void> {
  const game = await findGame(trx, scrimId, gameId);
  if (!game?.session_id) return;
  if (options.whenResulted && game.result_source === null) return;
  const session = await sessionBasics(trx, game.session_id);
  if (session?.status !== "complete") return;
  const side = winningSide(game);
  await setSessionWinner(trx, game.session_id, side);
  // A fearless scrim's game is a series game: its winning team follows (no-op otherwise).
  await syncWinnerFromSession(trx, game.session_id, side);
}
