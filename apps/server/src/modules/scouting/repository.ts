import { buildFormat, DRAFT_SEQUENCE, type Side, stepOfOrder, teamKey } from "@draftroom/draft";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toCount, toIso } from "../../db/values.ts";
import { storedFormat } from "../drafts/repository.ts";
import type { ScoutingGame } from "./report.ts";

/**
 * Reads a team's games for the scouting report: imported professional games whose blue or red
 * team name matches the team's name (compared by `teamKey`: case, accents and punctuation aside)
 * and the user's finished drafts with that team. Only the scouted team's picks and both teams'
 * bans are read, so a season of data stays a few thousand rows per report.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface GameFilters {
  /** Inclusive first day, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  /** Inclusive last day, YYYY-MM-DD (UTC). */
  to?: string | undefined;
  patch?: string | undefined;
}

/** The day after a YYYY-MM-DD day, as YYYY-MM-DD: the exclusive end of a date range. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Imported games per team name, both sides together. */
export async function importedTeamGames(db: Db): Promise<Map<string, number>> {
  const [blue, red] = await Promise.all([
    db
      .selectFrom("match_games")
      .select((eb) => ["blue_team as name", eb.fn.countAll().as("games")])
      .groupBy("blue_team")
      .execute(),
    db
      .selectFrom("match_games")
      .select((eb) => ["red_team as name", eb.fn.countAll().as("games")])
      .groupBy("red_team")
      .execute(),
  ]);
  const games = new Map<string, number>();
  for (const row of [...blue, ...red]) games.set(row.name, (games.get(row.name) ?? 0) + toCount(row.games));
  return games;
}

/** The imported team names that are `name` (the file may spell it with other case or accents). */
export function matchingNames(names: Iterable<string>, name: string): string[] {
  const key = teamKey(name);
  if (key === "") return [];
  return [...names].filter((candidate) => teamKey(candidate) === key);
}

type GamesEb = ExpressionBuilder<Database, "match_games">;

function gameFilter(eb: GamesEb, filters: GameFilters) {
  const conditions = [];
  if (filters.from) conditions.push(eb("match_games.played_at", ">=", filters.from));
  if (filters.to) conditions.push(eb("match_games.played_at", "<", dayAfter(filters.to)));
  if (filters.patch) conditions.push(eb("match_games.patch", "=", filters.patch));
  return eb.and(conditions);
}

/** A phase (1 or 2) of the n-th pick or ban of a side, in the official order imported games follow. */
function phaseOfOrder(side: Side, type: "PICK" | "BAN", order: number | null): 1 | 2 | null {
  if (order === null) return null;
  const step = stepOfOrder(side, type, order);
  if (step === null) return null;
  return DRAFT_SEQUENCE[step]!.phase <= 2 ? 1 : 2;
}

/** The imported games of the teams named `names` (the exact spellings in the data), filtered. */
export async function importedGamesOf(
  db: Db,
  names: readonly string[],
  filters: GameFilters,
): Promise<ScoutingGame[]> {
  if (names.length === 0) return [];
  const list = [...names];
  const ofTeam = (eb: GamesEb) =>
    eb.and([
      eb.or([eb("match_games.blue_team", "in", list), eb("match_games.red_team", "in", list)]),
      gameFilter(eb, filters),
    ]);
  const [games, picks, bans] = await Promise.all([
    db
      .selectFrom("match_games")
      .select(["id", "played_at", "patch", "blue_team", "red_team", "winner"])
      .where(ofTeam)
      .execute(),
    db
      .selectFrom("match_picks")
      .innerJoin("match_games", "match_games.id", "match_picks.game_id")
      .select([
        "match_picks.game_id",
        "match_picks.side",
        "match_picks.position",
        "match_picks.champion_id",
        "match_picks.pick_order",
        "match_picks.player",
      ])
      .where((eb) =>
        eb.and([
          eb.or([
            eb.and([eb("match_games.blue_team", "in", list), eb("match_picks.side", "=", "BLUE")]),
            eb.and([eb("match_games.red_team", "in", list), eb("match_picks.side", "=", "RED")]),
          ]),
          gameFilter(eb, filters),
          eb("match_picks.champion_id", "is not", null),
        ]),
      )
      .execute(),
    db
      .selectFrom("match_bans")
      .innerJoin("match_games", "match_games.id", "match_bans.game_id")
      .select(["match_bans.game_id", "match_bans.side", "match_bans.champion_id", "match_bans.ban_order"])
      .where((eb) => eb.and([ofTeam(eb), eb("match_bans.champion_id", "is not", null)]))
      .execute(),
  ]);

  const named = new Set(list);
  const byId = new Map<
    string,
    ScoutingGame & { picks: ScoutingGame["picks"][number][]; bans: ScoutingGame["bans"][number][] }
  >();
  for (const game of games) {
    const side: Side = named.has(game.blue_team) ? "BLUE" : "RED";
    byId.set(game.id, {
      source: "match",
      date: game.played_at,
      patch: game.patch === "" ? null : game.patch,
      side,
      opponent: side === "BLUE" ? game.red_team : game.blue_team,
      winner: game.winner,
      picks: [],
      bans: [],
    });
  }
  for (const pick of picks) {
    const game = byId.get(pick.game_id);
    // A game both of whose team names match keeps only the side the game was read for.
    if (!game || game.side !== pick.side) continue;
    const order = pick.pick_order === null ? null : Number(pick.pick_order);
    game.picks.push({
      champion_id: Number(pick.champion_id),
      position: pick.position,
      player: pick.player,
      order,
      phase: phaseOfOrder(pick.side, "PICK", order),
    });
  }
  for (const ban of bans) {
    const order = Number(ban.ban_order);
    byId.get(ban.game_id)?.bans.push({
      side: ban.side,
      champion_id: Number(ban.champion_id),
      phase: phaseOfOrder(ban.side, "BAN", order),
    });
  }
  return [...byId.values()];
}

/** Patches of a team's imported games, newest first. */
export async function patchesOf(
  db: Db,
  names: readonly string[],
): Promise<{ patch: string; games: number }[]> {
  if (names.length === 0) return [];
  const list = [...names];
  const rows = await db
    .selectFrom("match_games")
    .select((eb) => ["patch", eb.fn.countAll().as("games")])
    .where((eb) => eb.or([eb("blue_team", "in", list), eb("red_team", "in", list)]))
    .where("patch", "!=", "")
    .groupBy("patch")
    .execute();
  return rows
    .map((row) => ({ patch: row.patch, games: toCount(row.games) }))
    .sort((a, b) => b.patch.localeCompare(a.patch, undefined, { numeric: true }));
}

/**
 * The user's finished drafts in which the team played (by team id), as scouting games. A patch
 * filter leaves them out (drafts have no patch); the date range applies to their completion time.
 */
export async function draftGamesOf(
  db: Db,
  userId: number,
  teamId: number,
  filters: GameFilters,
): Promise<ScoutingGame[]> {
  if (filters.patch) return [];
  let query = db
    .selectFrom("draft_sessions")
    .select([
      "id",
      "completed_at",
      "updated_at",
      "blue_team_id",
      "blue_team_name",
      "red_team_name",
      "winner",
      "format",
    ])
    .where("user_id", "=", userId)
    .where("status", "=", "complete")
    .where((eb) => eb.or([eb("blue_team_id", "=", teamId), eb("red_team_id", "=", teamId)]));
  if (filters.from) query = query.where("completed_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("completed_at", "<", `${dayAfter(filters.to)}T00:00:00.000Z`);
  const sessions = await query.execute();
  if (sessions.length === 0) return [];
  const actions = await db
    .selectFrom("draft_actions")
    .select(["session_id", "champion_id", "phase_number", "action_type", "team_side"])
    .where(
      "session_id",
      "in",
      sessions.map((session) => session.id),
    )
    .orderBy("phase_number")
    .execute();
  const bySession = new Map<string, typeof actions>();
  for (const action of actions) {
    const list = bySession.get(action.session_id) ?? [];
    list.push(action);
    bySession.set(action.session_id, list);
  }
  return sessions.map((session) => {
    const side: Side = Number(session.blue_team_id) === teamId ? "BLUE" : "RED";
    const steps = buildFormat(storedFormat(session.format)).steps;
    const picks: ScoutingGame["picks"][number][] = [];
    const bans: ScoutingGame["bans"][number][] = [];
    for (const action of bySession.get(session.id) ?? []) {
      if (action.champion_id === null) continue;
      const step = steps[Number(action.phase_number)];
      const phase = step ? (step.phase <= 2 ? 1 : 2) : null;
      if (action.action_type === "BAN") {
        bans.push({ side: action.team_side, champion_id: Number(action.champion_id), phase });
      } else if (action.team_side === side) {
        picks.push({
          champion_id: Number(action.champion_id),
          position: null,
          player: "",
          order: picks.length + 1,
          phase,
        });
      }
    }
    return {
      source: "draft" as const,
      date: toIso(session.completed_at ?? session.updated_at),
      patch: null,
      side,
      opponent: side === "BLUE" ? session.red_team_name : session.blue_team_name,
      winner: session.winner,
      picks,
      bans,
    };
  });
}

/** Every champion's name by id (the pool is a few hundred rows). */
export async function championNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom("champions").select(["id", "name"]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
