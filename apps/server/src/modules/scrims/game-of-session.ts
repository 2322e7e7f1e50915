import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { seriesGameOfSession } from "../series/service.ts";
import {
  findGameOfSession,
  findScrim,
  findScrimOfSeries,
  type GameRow,
  listGames,
  type ScrimRow,
} from "./repository.ts";

/**
 * The scrim game a draft session is, with its scrim: the game that links the session, or, for a
 * fearless scrim, the game of the same number as the session's game in the scrim's series. A
 * fearless game's draft links to its ledger game only once finished (`attachFinishedDraft`), and
 * the draft's page and room name the scrim game while it is drafted too. Undefined: no scrim's.
 */
export async function scrimGameOfSession(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ game: GameRow; row: ScrimRow } | undefined> {
  const linked = await findGameOfSession(db, sessionId);
  if (linked) {
    const row = await findScrim(db, linked.scrim_id);
    return row ? { game: linked, row } : undefined;
  }
  const seriesGame = await seriesGameOfSession(db, sessionId);
  if (!seriesGame) return undefined;
  const row = await findScrimOfSeries(db, seriesGame.series_id);
  if (!row) return undefined;
  const game = (await listGames(db, [row.id])).find((g) => Number(g.number) === Number(seriesGame.number));
  return game ? { game, row } : undefined;
}
