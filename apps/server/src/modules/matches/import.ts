import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import type { ParsedGame } from "./oracles-elixir.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Games written per batch (10 picks and up to 10 bans each, well under both dialects' bind limits). */
const BATCH = 100;

export interface StoreSummary {
  added: number;
  /** Games already imported (same game id), replaced by the file's version. */
  replaced: number;
}

/**
 * Stores whole games in ONE transaction: a failure leaves the database as it was. A game id that
 * is already stored is replaced (delete + insert), so importing a file twice changes nothing.
 */
export async function storeGames(
  db: Kysely<Database>,
  games: readonly ParsedGame[],
  onProgress?: (done: number) => void,
): Promise<StoreSummary> {
  return db.transaction().execute(async (trx) => {
    const summary: StoreSummary = { added: 0, replaced: 0 };
    const importedAt = nowIso();
    for (let start = 0; start < games.length; start += BATCH) {
      const batch = games.slice(start, start + BATCH);
      await storeBatch(trx, batch, importedAt, summary);
      onProgress?.(start + batch.length);
    }
    return summary;
  });
}

async function storeBatch(trx: Db, batch: readonly ParsedGame[], importedAt: string, summary: StoreSummary) {
  const ids = batch.map((game) => game.id);
  const existing = await trx.selectFrom("match_games").select("id").where("id", "in", ids).execute();
  if (existing.length > 0) {
    const old = existing.map((row) => row.id);
    // Children first: SQLite only cascades with foreign keys switched on, so do not rely on it.
    await trx.deleteFrom("match_picks").where("game_id", "in", old).execute();
    await trx.deleteFrom("match_bans").where("game_id", "in", old).execute();
    await trx.deleteFrom("match_games").where("id", "in", old).execute();
  }
  summary.replaced += existing.length;
  summary.added += batch.length - existing.length;

  await trx
    .insertInto("match_games")
    .values(
      batch.map((game) => ({
        id: game.id,
        source: "oracles_elixir",
        league: game.league,
        year: game.year,
        split: game.split,
        playoffs: game.playoffs,
        played_at: game.date,
        game_number: game.game_number,
        patch: game.patch,
        blue_team: game.blue_team,
        red_team: game.red_team,
        winner: game.winner,
        imported_at: importedAt,
      })),
    )
    .execute();
  const picks = batch.flatMap((game) =>
    game.picks.map((pick) => ({
      game_id: game.id,
      side: pick.side,
      position: pick.position,
      champion_id: pick.champion_id,
      champion_name: pick.champion_name,
      pick_order: pick.pick_order,
    })),
  );
  if (picks.length > 0) await trx.insertInto("match_picks").values(picks).execute();
  const bans = batch.flatMap((game) =>
    game.bans.map((ban) => ({
      game_id: game.id,
      side: ban.side,
      ban_order: ban.ban_order,
      champion_id: ban.champion_id,
      champion_name: ban.champion_name,
    })),
  );
  if (bans.length > 0) await trx.insertInto("match_bans").values(bans).execute();
}
