import {
  buildStatistics,
  type DraftActionInput,
  DraftHistoryError,
  type DraftStatistics,
  draftToStatisticsGame,
  fromActions,
  type Side,
  type StatisticsGame,
  stepOfOrder,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toCount, toIsoOrNull } from "../../db/values.ts";

/**
 * Statistics for recommendations: imported professional games plus the caller's own finished
 * drafts with a recorded winner, turned into numbers by packages/draft `buildStatistics`.
 * Built lazily and cached per process; a cheap signature query (count and latest change) per
 * source tells when a cache is stale, so imports and new results show up on the next request.
 * The same statistics object is returned while nothing changes, so the engine's index of it
 * (cached per object) is reused too.
 */

export interface StatisticsSources {
  matches: number;
  drafts: number;
}

export interface StatisticsResult {
  statistics: DraftStatistics | null;
  sources: StatisticsSources;
}

interface MatchCache {
  signature: string;
  games: StatisticsGame[];
  statistics: DraftStatistics;
}

const USER_CACHE_LIMIT = 500;
const matchCaches = new WeakMap<object, MatchCache>();
const userCaches = new WeakMap<object, Map<number, { signature: string; result: StatisticsResult }>>();

async function matchSignature(db: Kysely<Database>): Promise<{ signature: string; count: number }> {
  const row = await db
    .selectFrom("match_games")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("imported_at").as("latest")])
    .executeTakeFirst();
  const count = toCount(row?.count);
  return { signature: `${count}:${toIsoOrNull(row?.latest) ?? ""}`, count };
}

/**
 * Every imported game as the engine reads it: sides, positions, the draft step of each pick and
 * ban (from the file's pick and ban order), the patch and both team names.
 */
export async function loadMatchGames(db: Kysely<Database>): Promise<StatisticsGame[]> {
  const [games, picks, bans] = await Promise.all([
    db.selectFrom("match_games").select(["id", "winner", "patch", "blue_team", "red_team"]).execute(),
    db
      .selectFrom("match_picks")
      .select(["game_id", "side", "position", "champion_id", "pick_order"])
      .execute(),
    db.selectFrom("match_bans").select(["game_id", "side", "champion_id", "ban_order"]).execute(),
  ]);
  type Pick = StatisticsGame["picks"][number];
  type Ban = StatisticsGame["bans"][number];
  const byId = new Map<string, StatisticsGame & { picks: Pick[]; bans: Ban[] }>();
  for (const game of games) {
    byId.set(game.id, {
      winner: game.winner,
      patch: game.patch || null,
      teams: { BLUE: game.blue_team, RED: game.red_team },
      picks: [],
      bans: [],
    });
  }
  for (const pick of picks) {
    const order = pick.pick_order === null ? null : Number(pick.pick_order);
    byId.get(pick.game_id)?.picks.push({
      side: pick.side,
      champion_id: pick.champion_id === null ? null : Number(pick.champion_id),
      position: pick.position,
      step: order === null ? null : stepOfOrder(pick.side, "PICK", order),
    });
  }
  for (const ban of bans) {
    byId.get(ban.game_id)?.bans.push({
      champion_id: ban.champion_id === null ? null : Number(ban.champion_id),
      side: ban.side,
      step: stepOfOrder(ban.side, "BAN", Number(ban.ban_order)),
    });
  }
  return [...byId.values()];
}

async function matchStatistics(db: Kysely<Database>): Promise<MatchCache> {
  const { signature } = await matchSignature(db);
  const cached = matchCaches.get(db);
  if (cached && cached.signature === signature) return cached;
  const games = await loadMatchGames(db);
  const fresh = { signature, games, statistics: buildStatistics(games) };
  matchCaches.set(db, fresh);
  return fresh;
}

/** The user's complete drafts with a winner, as games (packages/draft `draftToStatisticsGame`). */
async function userDraftGames(db: Kysely<Database>, userId: number): Promise<StatisticsGame[]> {
  const rows = await db
    .selectFrom("draft_sessions as s")
    .innerJoin("draft_actions as a", "a.session_id", "s.id")
    .leftJoin("teams as blue", "blue.id", "s.blue_team_id")
    .leftJoin("teams as red", "red.id", "s.red_team_id")
    .select([
      "s.id",
      "s.winner",
      "a.champion_id",
      "a.phase_number",
      "a.action_type",
      "a.team_side",
      "blue.name as blue_team",
      "red.name as red_team",
    ])
    .where("s.user_id", "=", userId)
    .where("s.status", "=", "complete")
    .where("s.winner", "is not", null)
    .orderBy("s.id")
    .orderBy("a.phase_number")
    .execute();
  const sessions = new Map<
    string,
    { winner: Side; teams: Record<Side, string | null>; actions: DraftActionInput[] }
  >();
  for (const row of rows) {
    let session = sessions.get(row.id);
    if (!session) {
      session = {
        winner: row.winner as Side,
        teams: { BLUE: row.blue_team ?? null, RED: row.red_team ?? null },
        actions: [],
      };
      sessions.set(row.id, session);
    }
    session.actions.push({
      phase_number: Number(row.phase_number),
      action_type: row.action_type,
      team_side: row.team_side,
      champion_id: row.champion_id === null ? null : Number(row.champion_id),
    });
  }
  const games: StatisticsGame[] = [];
  for (const session of sessions.values()) {
    try {
      games.push(draftToStatisticsGame(fromActions(session.actions), session.winner, session.teams));
    } catch (error) {
      // A history the engine rejects cannot become statistics; it is left out.
      if (!(error instanceof DraftHistoryError)) throw error;
    }
  }
  return games;
}

async function userSignature(
  db: Kysely<Database>,
  userId: number,
): Promise<{ signature: string; count: number }> {
  const row = await db
    .selectFrom("draft_sessions")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("updated_at").as("latest")])
    .where("user_id", "=", userId)
    .where("status", "=", "complete")
    .where("winner", "is not", null)
    .executeTakeFirst();
  const count = toCount(row?.count);
  return { signature: `${count}:${toIsoOrNull(row?.latest) ?? ""}`, count };
}

/** Statistics restricted to some patches; small cache, keyed by source signature and patches. */
const patchCaches = new WeakMap<object, Map<string, StatisticsResult>>();
const PATCH_CACHE_LIMIT = 50;

export async function statisticsFor(
  db: Kysely<Database>,
  userId: number,
  options: { patches?: readonly string[] } = {},
): Promise<StatisticsResult> {
  const patches = [...new Set(options.patches ?? [])].sort();
  if (patches.length > 0) {
    // Only imported games carry a patch: the user's own drafts are left out of a patch filter.
    const matches = await matchStatistics(db);
    let cache = patchCaches.get(db);
    if (!cache) {
      cache = new Map();
      patchCaches.set(db, cache);
    }
    const key = `${matches.signature}|${patches.join(",")}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const statistics = buildStatistics(matches.games, { patches });
    const result: StatisticsResult = {
      statistics: statistics.games > 0 ? statistics : null,
      sources: { matches: statistics.games, drafts: 0 },
    };
    cache.set(key, result);
    if (cache.size > PATCH_CACHE_LIMIT) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return result;
  }
  const [matches, user] = await Promise.all([matchStatistics(db), userSignature(db, userId)]);
  const matchCount = matches.games.length;
  if (user.count === 0) {
    return {
      statistics: matchCount > 0 ? matches.statistics : null,
      sources: { matches: matchCount, drafts: 0 },
    };
  }
  let perUser = userCaches.get(db);
  if (!perUser) {
    perUser = new Map();
    userCaches.set(db, perUser);
  }
  const signature = `${matches.signature}|${user.signature}`;
  const cached = perUser.get(userId);
  if (cached && cached.signature === signature) {
    // Refresh the entry's position in the insertion order (least recently used goes first).
    perUser.delete(userId);
    perUser.set(userId, cached);
    return cached.result;
  }
  const drafts = await userDraftGames(db, userId);
  const result: StatisticsResult = {
    statistics: buildStatistics([...matches.games, ...drafts]),
    sources: { matches: matchCount, drafts: drafts.length },
  };
  perUser.delete(userId);
  perUser.set(userId, { signature, result });
  if (perUser.size > USER_CACHE_LIMIT) {
    const oldest = perUser.keys().next().value;
    if (oldest !== undefined) perUser.delete(oldest);
  }
  return result;
}
