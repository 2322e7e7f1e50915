import type { Kysely } from "kysely";
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
 * `whenResulted`: a draft attached to a game without a result leaves its session as it is.
 */
export async function resultOnDraft(
  db: Kysely<Database>,
  scrimId: string,
  gameId: string,
  options: { whenResulted?: boolean } = {},
): Promise<void> {
  const game = await findGame(db, scrimId, gameId);
  if (!game?.session_id) return;
  if (options.whenResulted && game.result_source === null) return;
  const session = await sessionBasics(db, game.session_id);
  if (session?.status !== "complete") return;
  const sessionId = game.session_id;
  const side = winningSide(game);
  await db.transaction().execute(async (trx) => {
    await setSessionWinner(trx, sessionId, side);
    // A fearless scrim's game is a series game: its winning team follows (no-op otherwise).
    await syncWinnerFromSession(trx, sessionId, side);
  });
}
