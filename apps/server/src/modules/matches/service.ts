import type { MatchImportResult, MatchSummary } from "@draftroom/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toCount, toIsoOrNull } from "../../db/values.ts";
import type { ImportResult } from "./import.ts";
import { type StatisticsResult, statisticsFor } from "./statistics.ts";

export { type ImportResult, importMatchStream, loadPool } from "./import.ts";
export { syncImportedTeams } from "./imported-teams.ts";
export { MatchFileError } from "./oracles-elixir.ts";
/**
 * What other modules use of match data. Statistics: `getMatchStatistics(db)` (imported games
 * only) and `statisticsFor(db, userId)` (plus the user's finished drafts), both cached and
 * rebuilt off the request path (statistics.ts). Import: `importMatchStream` (import.ts).
 */
export {
  closeMatchStatistics,
  getMatchStatistics,
  type MatchStatistics,
  type MatchStatisticsGame,
  type StatisticsResult,
  setMatchStatisticsSource,
  statisticsFor,
  warmMatchStatistics,
} from "./statistics.ts";

/** Games, players, leagues, patches and dates of the imported data (no per-user part). */
export async function matchSummary(
  db: Kysely<Database>,
): Promise<Omit<MatchSummary, "can_import" | "upload_limit_bytes">> {
  const [totals, players, leagues, patches] = await Promise.all([
    db
      .selectFrom("match_games")
      .select((eb) => [
        eb.fn.countAll().as("games"),
        eb.fn.min("played_at").as("first_date"),
        eb.fn.max("played_at").as("last_date"),
        eb.fn.max("imported_at").as("last_import"),
      ])
      .executeTakeFirst(),
    db
      .selectFrom("match_picks")
      .select((eb) => eb.fn.count("player").distinct().as("players"))
      .where("player", "!=", "")
      .executeTakeFirst(),
    db
      .selectFrom("match_games")
      .select((eb) => ["league", eb.fn.countAll().as("games")])
      .groupBy("league")
      .execute(),
    db
      .selectFrom("match_games")
      .select((eb) => ["patch", eb.fn.countAll().as("games")])
      .groupBy("patch")
      .execute(),
  ]);
  const games = toCount(totals?.games);
  const text = (value: unknown) =>
    value === null || value === undefined || value === "" ? null : String(value);
  return {
    games,
    players: toCount(players?.players),
    first_date: games > 0 ? text(totals?.first_date) : null,
    last_date: games > 0 ? text(totals?.last_date) : null,
    last_import: games > 0 ? toIsoOrNull(totals?.last_import) : null,
    leagues: leagues
      .map((row) => ({ league: row.league, games: toCount(row.games) }))
      .sort((a, b) => b.games - a.games || a.league.localeCompare(b.league)),
    patches: patches
      .map((row) => ({ patch: row.patch, games: toCount(row.games) }))
      .sort((a, b) => b.patch.localeCompare(a.patch, undefined, { numeric: true })),
  };
}

/** At most this many problems travel back to the web page. */
const MAX_PROBLEMS = 100;

/** An import's outcome as the API returns it. */
export function toImportResponse(result: ImportResult): MatchImportResult {
  return {
    status: result.status,
    rows: result.rows,
    games_in_file: result.game_count,
    imported: result.imported,
    added: result.added,
    replaced: result.replaced,
    problems: result.problems.slice(0, MAX_PROBLEMS),
    problem_count: result.problems.length,
    unknown_champions: [...result.unknown_champions.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, count]) => ({ name, count })),
  };
}

/**
 * The statistics recommendations and the statistics page rest on: imported professional games
 * plus the user's finished drafts with a result (or only the imported games of `patches`).
 * Other modules call this, never the statistics cache directly.
 */
export function recommendationStatistics(
  db: Kysely<Database>,
  userId: number,
  options: { patches?: readonly string[] } = {},
): Promise<StatisticsResult> {
  return statisticsFor(db, userId, options);
}

/** One player's games and wins on one champion in the imported games. */
export interface PlayerChampionRecord {
  /** The name as asked (the files' spelling may differ in case). */
  player: string;
  champion_id: number;
  games: number;
  wins: number;
}

/**
 * The imported pro games of players known by name (Oracle's Elixir `playername`, compared
 * without case): games and wins per player and champion. Names not in the data give nothing.
 *
 * @example
 * await playerChampionRecords(db, ["Zeus"]); // [{ player: "Zeus", champion_id: 58, games: 12, wins: 9 }]
 */
export async function playerChampionRecords(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<PlayerChampionRecord[]> {
  const byLower = new Map(
    names.filter((name) => name.trim() !== "").map((name) => [name.toLowerCase(), name]),
  );
  if (byLower.size === 0) return [];
  const lowerName = sql<string>`lower(${sql.ref("p.player")})`;
  const rows = await db
    .selectFrom("match_picks as p")
    .innerJoin("match_games as g", "g.id", "p.game_id")
    .select([
      lowerName.as("player"),
      "p.champion_id",
      sql<number | string>`count(*)`.as("games"),
      sql<number | string>`sum(case when ${sql.ref("p.side")} = ${sql.ref("g.winner")} then 1 else 0 end)`.as(
        "wins",
      ),
    ])
    .where(lowerName, "in", [...byLower.keys()])
    .where("p.champion_id", "is not", null)
    .groupBy([lowerName, "p.champion_id"])
    .execute();
  return rows.map((row) => ({
    player: byLower.get(String(row.player)) ?? String(row.player),
    champion_id: Number(row.champion_id),
    games: toCount(row.games),
    wins: toCount(row.wins),
  }));
}
