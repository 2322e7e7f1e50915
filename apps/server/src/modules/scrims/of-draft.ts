import type { ScrimOfDraft } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { decideAccess } from "../workspaces/service.ts";
import { scrimGameOfSession } from "./game-of-session.ts";
import { titleOf } from "./rows.ts";

/**
 * The scrim game a draft session was drafted for, for the draft's page: a link back to the scrim,
 * and whether the ledger keeps the game's result (so the page offers no "Clear result" that the
 * ledger would refuse, decision 083). A member who may not read the scrim, like anyone asking of
 * a draft that is no scrim game's, gets null: the answer says nothing of another workspace's
 * scrims, and the draft's own access is the drafts module's to check.
 */
export async function scrimOfDraft(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<ScrimOfDraft> {
  const found = await scrimGameOfSession(db, sessionId);
  if (!found) return { game: null };
  const { game, row } = found;
  const access = await decideAccess(db, userId, row.workspace_id);
  if (!access?.may("read")) return { game: null };
  return {
    game: {
      scrim_id: row.id,
      workspace_id: row.workspace_id,
      title: titleOf(row),
      untitled: !row.title,
      kind: row.kind,
      opponent_name: row.opponent_name,
      game_id: game.id,
      number: Number(game.number),
      // As the ledger decides when the draft's page clears its winner (result-from-draft.ts).
      result_kept: game.our_side !== null && game.result_source !== null,
    },
  };
}
