/**
 * Draft statistics: per champion and position results, champion-vs-champion matchups and
 * same-team pairs, built from finished games. Plain JSON data, so the server can store it and
 * send it to the web app; `recommend` indexes it once (cached per object).
 */
import type { Side } from "./formats.ts";
import type { DraftState } from "./state.ts";

/** The five positions, in the same order as contracts' `POSITIONS`. */
export const POSITIONS = ["top", "jungle", "mid", "bot", "support"] as const;
export type Position = (typeof POSITIONS)[number];

/** Games and wins of one champion in one position. */
export interface PositionRecord {
  readonly games: number;
  readonly wins: number;
}

export interface ChampionStatistics {
  readonly champion_id: number;
  /** Games the champion was picked in (including games without a recorded result). */
  readonly picks: number;
  /** Games the champion was banned in. */
  readonly bans: number;
  /** Picked games with a result, and the wins among them. */
  readonly games: number;
  readonly wins: number;
  /** The same, per position (only positions the champion was played in). */
  readonly positions: Partial<Record<Position, PositionRecord>>;
}

/** `[a, b, games, wins]` with `a < b`; `wins` counts the games won by `a`'s team. */
export type PairRecord = readonly [a: number, b: number, games: number, wins: number];

export interface DraftStatistics {
  readonly version: 1;
  /** Every game read (presence = (picks + bans) / games). */
  readonly games: number;
  /** Games with a winner (the ones that count for win rates, matchups and pairs). */
  readonly decided_games: number;
  /** Sorted by `champion_id`. */
  readonly champions: readonly ChampionStatistics[];
  /** Champions on opposite teams, sorted by `a` then `b`. */
  readonly matchups: readonly PairRecord[];
  /** Champions on the same team, sorted by `a` then `b`; `wins` = games that team won. */
  readonly pairs: readonly PairRecord[];
}

/** One finished game, as the match-data import or a finished draft provides it. */
export interface StatisticsGame {
  /** Null when the result is unknown: the game then only counts for picks and bans. */
  readonly winner: Side | null;
  readonly picks: readonly {
    readonly side: Side;
    readonly champion_id: number | null;
    readonly position?: Position | null;
  }[];
  readonly bans: readonly { readonly champion_id: number | null }[];
}

interface MutableChampion {
  picks: number;
  bans: number;
  games: number;
  wins: number;
  positions: Partial<Record<Position, { games: number; wins: number }>>;
}

/** Key of an unordered pair of positive ids below 2^26. */
function pairKey(a: number, b: number): number {
  return a < b ? a * 67_108_864 + b : b * 67_108_864 + a;
}

function toPairRecords(map: Map<number, [number, number]>): PairRecord[] {
  const rows: PairRecord[] = [];
  for (const [key, [games, wins]] of map) {
    rows.push([Math.floor(key / 67_108_864), key % 67_108_864, games, wins]);
  }
  return rows.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

function validId(id: number | null | undefined): id is number {
  return typeof id === "number" && Number.isInteger(id) && id > 0 && id < 67_108_864;
}

/**
 * Turns finished games into statistics. Unknown champions (`champion_id: null`) and repeated
 * champions within a game are ignored; games without a winner count for picks and bans only.
 *
 * @example
 * const stats = buildStatistics([
 *   { winner: "BLUE",
 *     picks: [{ side: "BLUE", champion_id: 103, position: "mid" }, { side: "RED", champion_id: 7, position: "mid" }],
 *     bans: [{ champion_id: 266 }] },
 * ]);
 * stats.champions.find((c) => c.champion_id === 103)?.positions.mid; // { games: 1, wins: 1 }
 * stats.matchups; // [[7, 103, 1, 0]] (Leblanc's team lost to Ahri's)
 */
export function buildStatistics(games: Iterable<StatisticsGame>): DraftStatistics {
  const champions = new Map<number, MutableChampion>();
  const matchups = new Map<number, [number, number]>();
  const pairs = new Map<number, [number, number]>();
  let total = 0;
  let decided = 0;
  const champion = (id: number): MutableChampion => {
    let row = champions.get(id);
    if (!row) {
      row = { picks: 0, bans: 0, games: 0, wins: 0, positions: {} };
      champions.set(id, row);
    }
    return row;
  };
  const count = (map: Map<number, [number, number]>, a: number, b: number, aWon: boolean) => {
    const key = pairKey(a, b);
    const row = map.get(key) ?? [0, 0];
    row[0] += 1;
    if (a < b === aWon) row[1] += 1;
    map.set(key, row);
  };

  for (const game of games) {
    total += 1;
    const hasResult = game.winner === "BLUE" || game.winner === "RED";
    if (hasResult) decided += 1;
    const seen = new Set<number>();
    const sides: Record<Side, number[]> = { BLUE: [], RED: [] };
    for (const pick of game.picks) {
      if (!validId(pick.champion_id) || seen.has(pick.champion_id)) continue;
      if (pick.side !== "BLUE" && pick.side !== "RED") continue;
      seen.add(pick.champion_id);
      sides[pick.side].push(pick.champion_id);
      const row = champion(pick.champion_id);
      row.picks += 1;
      if (!hasResult) continue;
      const won = pick.side === game.winner;
      row.games += 1;
      if (won) row.wins += 1;
      const position = pick.position;
      if (position && (POSITIONS as readonly string[]).includes(position)) {
        const record = row.positions[position] ?? { games: 0, wins: 0 };
        record.games += 1;
        if (won) record.wins += 1;
        row.positions[position] = record;
      }
    }
    for (const ban of game.bans) {
      if (!validId(ban.champion_id) || seen.has(ban.champion_id)) continue;
      seen.add(ban.champion_id);
      champion(ban.champion_id).bans += 1;
    }
    if (!hasResult) continue;
    const blueWon = game.winner === "BLUE";
    for (const b of sides.BLUE) for (const r of sides.RED) count(matchups, b, r, blueWon);
    for (const side of ["BLUE", "RED"] as const) {
      const ids = sides[side];
      const won = side === game.winner;
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const key = pairKey(ids[i]!, ids[j]!);
          const row = pairs.get(key) ?? [0, 0];
          row[0] += 1;
          if (won) row[1] += 1;
          pairs.set(key, row);
        }
      }
    }
  }

  const championRows: ChampionStatistics[] = [...champions.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([champion_id, row]) => {
      const positions: Partial<Record<Position, PositionRecord>> = {};
      for (const position of POSITIONS) {
        const record = row.positions[position];
        if (record) positions[position] = record;
      }
      return { champion_id, picks: row.picks, bans: row.bans, games: row.games, wins: row.wins, positions };
    });
  return {
    version: 1,
    games: total,
    decided_games: decided,
    champions: championRows,
    matchups: toPairRecords(matchups),
    pairs: toPairRecords(pairs),
  };
}

/**
 * A finished draft as a statistics game: both teams' picks (positions unknown, so they count for
 * champion, matchup and pair figures but not per position) and every ban; skipped bans are left out.
 * `winner` is the session's recorded result (null when none was recorded).
 *
 * @example
 * const games = finishedSessions.map((s) => draftToStatisticsGame(fromActions(s.actions), s.winner));
 * const stats = buildStatistics(games);
 */
export function draftToStatisticsGame(state: DraftState, winner: Side | null): StatisticsGame {
  const picks: { side: Side; champion_id: number; position: null }[] = [];
  const bans: { champion_id: number }[] = [];
  for (const action of state.actions) {
    if (action.champion_id === null) continue;
    if (action.action_type === "PICK")
      picks.push({ side: action.team_side, champion_id: action.champion_id, position: null });
    else bans.push({ champion_id: action.champion_id });
  }
  return { winner, picks, bans };
}
