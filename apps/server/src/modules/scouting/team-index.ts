import type { Position } from "@draftroom/contracts";
import { DRAFT_SEQUENCE, type Side, stepOfOrder, teamKey } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toCount, toIsoOrNull } from "../../db/values.ts";
import type { ScoutingGame } from "./report.ts";

/**
 * The imported games held in memory by team, so a scouting report over a season (10,000 games,
 * 240,000 pick and ban rows) never reads thousands of rows on the request's time: per team, a
 * report walks its own games only. The index is per database handle and per process, read
 * whole in pages of PAGE games; a cheap signature query (count and latest import) per request
 * tells when the imported games changed. With few games the rebuild is awaited (the answer is
 * always current); over a large data set, a request meanwhile gets the previous index.
 */

const PAGE = 500;
/** Up to this many games, a changed index is rebuilt before answering. */
const INLINE_GAMES = 2000;

interface IndexedPick {
  side: Side;
  champion_id: number;
  position: Position;
  player: string;
  order: number | null;
  phase: 1 | 2 | null;
}

/** One imported game, both sides. */
export interface IndexedGame {
  date: string;
  patch: string;
  blue: string;
  red: string;
  winner: Side;
  picks: IndexedPick[];
  bans: { side: Side; champion_id: number; phase: 1 | 2 | null }[];
}

export interface TeamIndex {
  signature: string;
  /** Games per `teamKey` of a team name, with the side the team played. */
  byTeam: Map<string, { game: IndexedGame; side: Side }[]>;
  /** Games per exact team name as the data spells it (the teams list). */
  names: Map<string, number>;
}

interface Store {
  index: TeamIndex | null;
  refresh: Promise<TeamIndex> | null;
  target: string;
}

const stores = new WeakMap<object, Store>();

function storeOf(db: Kysely<Database>): Store {
  let store = stores.get(db);
  if (!store) {
    store = { index: null, refresh: null, target: "" };
    stores.set(db, store);
  }
  return store;
}

/** The phase (1 or 2) of a side's n-th pick or ban in the official order imported games follow. */
export function phaseOfOrder(side: Side, type: "PICK" | "BAN", order: number | null): 1 | 2 | null {
  if (order === null) return null;
  const step = stepOfOrder(side, type, order);
  if (step === null) return null;
  return DRAFT_SEQUENCE[step]!.phase <= 2 ? 1 : 2;
}

async function signatureOf(db: Kysely<Database>): Promise<{ signature: string; count: number }> {
  const row = await db
    .selectFrom("match_games")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.max("imported_at").as("latest")])
    .executeTakeFirst();
  const count = toCount(row?.count);
  return { signature: `${count}:${toIsoOrNull(row?.latest) ?? ""}`, count };
}

const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

async function build(db: Kysely<Database>, signature: string): Promise<TeamIndex> {
  const byTeam: TeamIndex["byTeam"] = new Map();
  const names: TeamIndex["names"] = new Map();
  const add = (name: string, game: IndexedGame, side: Side) => {
    names.set(name, (names.get(name) ?? 0) + 1);
    const key = teamKey(name);
    if (key === "") return;
    const list = byTeam.get(key) ?? [];
    list.push({ game, side });
    byTeam.set(key, list);
  };
  let after = "";
  for (;;) {
    const games = await db
      .selectFrom("match_games")
      .select(["id", "played_at", "patch", "blue_team", "red_team", "winner"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (games.length === 0) break;
    after = games[games.length - 1]!.id;
    const first = games[0]!.id;
    // The page's children by id range (primary-key order), not a long IN list.
    const [picks, bans] = await Promise.all([
      db
        .selectFrom("match_picks")
        .select(["game_id", "side", "position", "champion_id", "pick_order", "player"])
        .where("game_id", ">=", first)
        .where("game_id", "<=", after)
        .where("champion_id", "is not", null)
        .execute(),
      db
        .selectFrom("match_bans")
        .select(["game_id", "side", "champion_id", "ban_order"])
        .where("game_id", ">=", first)
        .where("game_id", "<=", after)
        .where("champion_id", "is not", null)
        .execute(),
    ]);
    const byId = new Map<string, IndexedGame>();
    for (const row of games) {
      byId.set(row.id, {
        date: row.played_at,
        patch: row.patch,
        blue: row.blue_team,
        red: row.red_team,
        winner: row.winner,
        picks: [],
        bans: [],
      });
    }
    for (const pick of picks) {
      const order = pick.pick_order === null ? null : Number(pick.pick_order);
      byId.get(pick.game_id)?.picks.push({
        side: pick.side,
        champion_id: Number(pick.champion_id),
        position: pick.position,
        player: pick.player,
        order,
        phase: phaseOfOrder(pick.side, "PICK", order),
      });
    }
    for (const ban of bans) {
      byId.get(ban.game_id)?.bans.push({
        side: ban.side,
        champion_id: Number(ban.champion_id),
        phase: phaseOfOrder(ban.side, "BAN", Number(ban.ban_order)),
      });
    }
    for (const game of byId.values()) {
      add(game.blue, game, "BLUE");
      // A game whose two names are the same team counts once.
      if (teamKey(game.red) !== teamKey(game.blue)) add(game.red, game, "RED");
    }
    if (games.length < PAGE) break;
    await breathe();
  }
  return { signature, byTeam, names };
}

/**
 * The current index of imported games (or, over a large data set being re-read, the previous one).
 *
 * @example
 * const index = await teamIndex(app.db);
 * index.byTeam.get(teamKey("T1"))?.length; // games of T1
 */
export async function teamIndex(db: Kysely<Database>): Promise<TeamIndex> {
  const store = storeOf(db);
  const current = await signatureOf(db);
  if (store.index?.signature === current.signature) return store.index;
  if (!store.refresh || store.target !== current.signature) {
    store.target = current.signature;
    const run = build(db, current.signature).then((index) => {
      // A slower, older build never replaces a newer index.
      if (store.target === index.signature) store.index = index;
      return index;
    });
    const settle = () => {
      if (store.refresh === run) store.refresh = null;
    };
    run.then(settle, (error) => {
      settle();
      process.emitWarning(`scouting index build failed: ${String(error)}`);
    });
    store.refresh = run;
  }
  if (store.index && current.count > INLINE_GAMES) return store.index;
  return store.refresh!;
}

/** Starts building the index without waiting (server start). */
export function warmTeamIndex(db: Kysely<Database>): void {
  teamIndex(db).catch((error) => process.emitWarning(`scouting index warm-up failed: ${String(error)}`));
}

export interface GameFilters {
  /** Inclusive first day, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  /** Inclusive last day, YYYY-MM-DD (UTC). */
  to?: string | undefined;
  patch?: string | undefined;
}

/** The day after a YYYY-MM-DD day: the exclusive end of a date range. */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * A team's imported games in the filters, as the report reads them (the team's picks only).
 *
 * @example
 * importedGamesOf(index, "T1", { patch: "15.1" }).length; // 12
 */
export function importedGamesOf(index: TeamIndex, teamName: string, filters: GameFilters): ScoutingGame[] {
  const entries = index.byTeam.get(teamKey(teamName)) ?? [];
  const end = filters.to ? dayAfter(filters.to) : null;
  const games: ScoutingGame[] = [];
  for (const { game, side } of entries) {
    if (filters.from && game.date < filters.from) continue;
    if (end && game.date >= end) continue;
    if (filters.patch && game.patch !== filters.patch) continue;
    games.push({
      source: "match",
      date: game.date,
      patch: game.patch === "" ? null : game.patch,
      side,
      opponent: side === "BLUE" ? game.red : game.blue,
      winner: game.winner,
      picks: game.picks.filter((pick) => pick.side === side),
      bans: game.bans,
    });
  }
  return games;
}

/**
 * Patches of a team's imported games (all dates), newest first.
 *
 * @example
 * patchesOf(index, "T1"); // [{ patch: "15.2", games: 8 }, { patch: "15.1", games: 12 }]
 */
export function patchesOf(index: TeamIndex, teamName: string): { patch: string; games: number }[] {
  const counts = new Map<string, number>();
  for (const { game } of index.byTeam.get(teamKey(teamName)) ?? []) {
    if (game.patch !== "") counts.set(game.patch, (counts.get(game.patch) ?? 0) + 1);
  }
  return [...counts]
    .map(([patch, games]) => ({ patch, games }))
    .sort((a, b) => b.patch.localeCompare(a.patch, undefined, { numeric: true }));
}

/** Games per team key (all spellings together). */
export function gamesByTeamKey(index: TeamIndex): Map<string, number> {
  return new Map([...index.byTeam].map(([key, list]) => [key, list.length]));
}
