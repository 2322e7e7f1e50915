import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { syncImportedTeams } from "./imported-teams.ts";
import {
  GameReader,
  type ParsedGame,
  type PoolChampion,
  type RowProblem,
  readGames,
} from "./oracles-elixir.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Games written per statement batch. Each game has 10 picks (7 values each) and up to 10 bans
 * (5 values): 200 games bind at most 14,000 values in one statement, well under SQLite's 32,766
 * and PostgreSQL's 65,535, and halve a season's round trips to PostgreSQL against 100. Larger
 * batches save little more and raise the peak memory of a season's import toward its 300 MB budget.
 */
const BATCH = 200;

export interface StoreSummary {
  added: number;
  /** Games already imported (same game id), replaced by the file's version. */
  replaced: number;
  /** Games already imported and kept as they were (`keepExisting`). */
  kept: number;
}

export interface ImportResult {
  /** `imported`: written (committed); `rejected`: nothing written (problems, or no complete game). */
  status: "imported" | "rejected";
  rows: number;
  /** Distinct game ids among the readable rows. */
  game_count: number;
  /** Games written (0 when rejected). */
  imported: number;
  added: number;
  replaced: number;
  kept: number;
  /** Games left out because of a problem (only with `skipMalformed`). */
  skipped: number;
  problems: RowProblem[];
  unknown_champions: Map<string, number>;
}

export interface ImportOptions {
  /** Leave games with a malformed row out and import the rest (default: refuse the whole file). */
  skipMalformed?: boolean;
  /** Called after every batch with the games read so far. */
  onProgress?: (games: number) => void;
  /** Keep games already stored as they are instead of replacing them (the seed). */
  keepExisting?: boolean;
}

class Rejected extends Error {}

/** Loads the champion pool as the parser wants it. */
export async function loadPool(db: Kysely<Database>): Promise<PoolChampion[]> {
  const rows = await db.selectFrom("champions").select(["id", "name", "champion_key"]).execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.name, champion_key: row.champion_key }));
}

/**
 * Streams an Oracle's Elixir file into the database in ONE transaction: games are written batch
 * by batch as they are read (memory stays flat), and the transaction rolls back when the file
 * turns out to have a malformed row (unless `skipMalformed`) or no complete game, so a refused
 * file writes nothing. A game id already stored is replaced, so importing twice changes nothing.
 * Throws MatchFileError when the file is not Oracle's Elixir data.
 */
export async function importMatchStream(
  db: Kysely<Database>,
  input: NodeJS.ReadableStream,
  pool: readonly PoolChampion[],
  options: ImportOptions = {},
): Promise<ImportResult> {
  const reader = new GameReader(pool);
  const summary: StoreSummary = { added: 0, replaced: 0, kept: 0 };
  let read = 0;
  let written = 0;
  const result = (status: ImportResult["status"]): ImportResult => {
    const skippedGames = new Set(
      reader.problems.flatMap((problem) => (problem.game_id ? [problem.game_id] : [])),
    );
    return {
      status,
      rows: reader.rows,
      game_count: reader.game_count,
      imported: status === "imported" ? written : 0,
      added: status === "imported" ? summary.added : 0,
      replaced: status === "imported" ? summary.replaced : 0,
      kept: status === "imported" ? summary.kept : 0,
      skipped: status === "imported" ? skippedGames.size : 0,
      problems: reader.problems,
      unknown_champions: reader.unknown_champions,
    };
  };
  try {
    await db.transaction().execute(async (trx) => {
      const importedAt = nowIso();
      for await (const games of readGames(input, reader, BATCH)) {
        read += games.length;
        // Once a problem is known the file is refused: keep reading only to list every problem.
        if (options.skipMalformed || reader.problems.length === 0) {
          for (let start = 0; start < games.length; start += BATCH) {
            await storeBatch(
              trx,
              games.slice(start, start + BATCH),
              importedAt,
              summary,
              options.keepExisting,
            );
          }
          written += games.length;
        }
        options.onProgress?.(read);
      }
      if (options.skipMalformed && reader.retracted.size > 0) {
        // Games written before a stray row of theirs turned up later in the file: left out too.
        const ids = [...reader.retracted];
        await trx.deleteFrom("match_picks").where("game_id", "in", ids).execute();
        await trx.deleteFrom("match_bans").where("game_id", "in", ids).execute();
        const removed = await trx.deleteFrom("match_games").where("id", "in", ids).executeTakeFirst();
        const count = Number(removed.numDeletedRows);
        written -= count;
        summary.added = Math.max(0, summary.added - count);
      }
      if ((reader.problems.length > 0 && !options.skipMalformed) || written === 0) throw new Rejected();
      await syncImportedTeams(trx);
    });
  } catch (error) {
    if (error instanceof Rejected) return result("rejected");
    throw error;
  }
  return result("imported");
}

async function storeBatch(
  trx: Db,
  games: readonly ParsedGame[],
  importedAt: string,
  summary: StoreSummary,
  keepExisting = false,
) {
  const ids = games.map((game) => game.id);
  const existing = await trx.selectFrom("match_games").select("id").where("id", "in", ids).execute();
  let batch = games;
  if (existing.length > 0 && keepExisting) {
    const stored = new Set(existing.map((row) => row.id));
    batch = games.filter((game) => !stored.has(game.id));
    summary.kept += stored.size;
    if (batch.length === 0) return;
  } else if (existing.length > 0) {
    const old = existing.map((row) => row.id);
    // Children first: SQLite only cascades with foreign keys switched on, so do not rely on it.
    await trx.deleteFrom("match_picks").where("game_id", "in", old).execute();
    await trx.deleteFrom("match_bans").where("game_id", "in", old).execute();
    await trx.deleteFrom("match_games").where("id", "in", old).execute();
    summary.replaced += existing.length;
  }
  summary.added += batch.length - (keepExisting ? 0 : existing.length);

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
      player: pick.player,
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
