import type { Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { sessionBasics } from "../drafts/service.ts";
import { saveResult } from "./game-results.ts";
import { findGameOfSession, listPlayers } from "./repository.ts";
import { lineOf } from "./rows.ts";

/**
 * A winner chosen on a scrim game's draft page becomes the game's result in the ledger (decision
 * 083): "we won" when our side won, "they won" otherwise, entered or corrected as a typed result
 * by the member who chose it, audited and in the feed like one typed on the scrim's page. The
 * result's duration, figures and player lines stay as they were.
 *
 * Clearing the winner of the finished draft there is refused (409): the ledger's result holds more
 * than a side (figures, players, corrections), and a small control on another page must not wipe
 * it. The scrim's page clears it. A session that drafted no scrim game, or a game whose side is unknown, is left alone.
 */
export async function resultFromDraft(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  side: Side | null,
): Promise<void> {
  const game = await findGameOfSession(db, sessionId);
  if (!game || game.our_side === null) return;
  if (side === null) {
    // Start New Draft empties the draft first: an unfinished draft has no winner to keep.
    if (game.result_source === null || (await sessionBasics(db, sessionId))?.status !== "complete") return;
    throw new AppError(
      409,
      "scrim_result_kept",
      "This draft is a scrim game: its result is kept on the scrim's page. Correct or clear it there.",
    );
  }
  const winner = side === game.our_side ? "us" : "them";
  if (game.status === "played" && game.winner === winner) return;
  const lines = await listPlayers(db, [game.id]);
  const hasResult = game.result_source !== null;
  await saveResult(db, userId, game.scrim_id, game.id, {
    status: "played",
    winner,
    our_side: game.our_side,
    duration_seconds: hasResult && game.duration_seconds !== null ? Number(game.duration_seconds) : null,
    figures: hasResult ? (fromJson(game.figures) ?? {}) : {},
    players: hasResult ? lines.map(lineOf) : [],
  });
}
