/**
 * Draft statistics: per champion and position results, champion-vs-champion matchups and
 * same-team pairs, built from finished games. Plain JSON data, so the server can store it and
 * send it to the web app; `recommend` indexes it once (cached per object).
 */
import { DRAFT_SEQUENCE, type Side } from "./formats.ts";
import type { DraftState } from "./state.ts";
import { teamKey } from "./team-key.ts";
import { calibrateWinModel } from "./win.ts";

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
  /**
   * Recency-weighted counts the model reads (newer patches weigh more; see `buildStatistics`):
   * picks, bans, and by draft phase `[ban phase 1 bans, pick phase 1 picks, ban phase 2 bans,
   * pick phase 2 picks]` (only games that tell the order count by phase).
   */
  readonly weighted?: {
    readonly picks: number;
    readonly bans: number;
    readonly phases: readonly [number, number, number, number];
  };
}

/** `[champion_id, count]`, sorted by champion id. */
export type CountRecord = readonly [champion_id: number, count: number];

/** One team's habits, from the games it played (matched by name). */
export interface TeamStatistics {
  /** The name as the first game gave it. */
  readonly name: string;
  /** `teamKey(name)`: how teams are matched. */
  readonly key: string;
  /** Games played; the counts below are plain game counts (not weighted). */
  readonly games: number;
  /**
   * Games with a result, and those the team won: its form, which the win estimate counts (win.ts).
   * Absent from statistics built before it.
   */
  readonly decided?: number;
  readonly wins?: number;
  readonly picks: readonly CountRecord[];
  readonly bans: readonly CountRecord[];
  /** The team's first pick of the game (its first PICK step), by champion. */
  readonly first_picks: readonly CountRecord[];
}

/** One league's picks and bans (a region's meta), from its games (matched by `teamKey` of the name). */
export interface LeagueStatistics {
  readonly name: string;
  readonly key: string;
  readonly games: number;
  readonly picks: readonly CountRecord[];
  readonly bans: readonly CountRecord[];
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
  /**
   * Lane matchups: champions in the SAME position on opposite teams (games that record positions),
   * sorted by `a` then `b`; `wins` = games won by `a`'s team.
   */
  readonly lanes?: readonly PairRecord[];
  /** Sum of the games' recency weights (the denominator of the weighted counts). */
  readonly weighted_games?: number;
  /** Weighted games that tell the order of the draft (denominator of the phase counts). */
  readonly ordered_games?: number;
  /** Games that gave a winner by side: blue wins and decided games, for the win estimate's base rate. */
  readonly blue_wins?: number;
  /** Patches in the data, newest first, with their games and weight. */
  readonly patches?: readonly { readonly patch: string; readonly games: number; readonly weight: number }[];
  /**
   * Positions by a team's pick order (weighted): row k = the team's (k+1)-th pick, columns in
   * `POSITIONS` order. Only games that tell both the order and the positions count.
   */
  readonly pick_positions?: readonly (readonly number[])[];
  /** Teams seen in the games (by name), sorted by key. */
  readonly teams?: readonly TeamStatistics[];
  /** Leagues seen in the games (games that name one), sorted by key. */
  readonly leagues?: readonly LeagueStatistics[];
  /** Held-out calibration of the win estimate (see `win.ts`); absent when not computed. */
  readonly win_model?: WinModelCalibration;
}

/**
 * How much the win estimate may say. `scale` multiplies the draft's champion terms (0: the
 * estimate is the base rate); the log-losses are held-out figures on the same games
 * (each day's games predicted from the other days', or each game from the others' when undated).
 */
export interface WinModelCalibration {
  /**
   * Pseudo-games (at 50%) the blue side's base rate is shrunk with, chosen across days
   * (`chooseBasePrior`); absent from older statistics: 2 (the plain +1/+2 rate).
   */
  readonly base_prior?: number;
  readonly scale: number;
  /**
   * The teams' form in the estimate: its scale (0 = left out) and pseudo-games at 50%; absent from
   * older statistics (form left out).
   */
  readonly form_scale?: number;
  readonly form_prior?: number;
  readonly games: number;
  readonly logloss: number;
  readonly logloss_constant: number;
  /**
   * The verdict the product shows a draft percentage on: the model fit on the earlier games (by
   * date) and scored on the later ~25% of days. Null (or absent, from older code) when too thin.
   */
  readonly forward?: WinForwardCheck | null;
}

/** A forward-in-time check of the win estimate (see `win.ts`). */
export interface WinForwardCheck {
  /** Later games scored, and earlier games the model was fit on. */
  readonly games: number;
  readonly fit_games: number;
  /** Log-loss per game of the estimate and of the earlier games' blue-side rate. */
  readonly logloss: number;
  readonly logloss_constant: number;
  /** True when the draft terms or the teams' form are used and beat the constant. */
  readonly beats: boolean;
}

/** One finished game, as the match-data import or a finished draft provides it. */
export interface StatisticsGame {
  /** Null when the result is unknown: the game then only counts for picks and bans. */
  readonly winner: Side | null;
  readonly picks: readonly {
    readonly side: Side;
    readonly champion_id: number | null;
    readonly position?: Position | null;
    /** The draft step (0-19) of the pick, when known. */
    readonly step?: number | null;
  }[];
  readonly bans: readonly {
    readonly champion_id: number | null;
    readonly side?: Side | null;
    readonly step?: number | null;
  }[];
  /** e.g. "15.01"; newer patches weigh more. Games without one weigh as the newest. */
  readonly patch?: string | null;
  /** Team names by side (imported games, or the league teams of a finished draft). */
  readonly teams?: Partial<Record<Side, string | null>>;
  /** The league (competition) the game was played in, e.g. "LCK". */
  readonly league?: string | null;
  /** When it was played (ISO date or date-time): orders the win estimate's forward check. */
  readonly date?: string | null;
}

export interface BuildStatisticsOptions {
  /** Keep only games of these patches (the patch filter). Empty or absent: every game. */
  readonly patches?: readonly string[];
  /**
   * Recency: a game `k` patches older than the newest weighs `0.5^(k / halfLife)` in the weighted
   * counts (default 3). Raw counts are not weighted.
   */
  readonly recencyHalfLife?: number;
  /** Compute `win_model` (held-out calibration; default true). */
  readonly calibrateWinModel?: boolean;
}

export { teamKey } from "./team-key.ts";

/**
 * The draft step of a side's n-th pick or ban (1-based `order`), in the engine's sequence.
 *
 * @example
 * stepOfOrder("RED", "PICK", 1); // 7
 */
export function stepOfOrder(side: Side, type: "PICK" | "BAN", order: number): number | null {
  let seen = 0;
  for (const step of DRAFT_SEQUENCE) {
    if (step.side !== side || step.type !== type) continue;
    seen += 1;
    if (seen === order) return step.index;
  }
  return null;
}

/** Compares patch strings numerically ("15.10" after "15.9"). */
export function comparePatches(a: string, b: string): number {
  const pa = a.split(".").map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(".").map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.localeCompare(b);
}

interface MutableChampion {
  picks: number;
  bans: number;
  games: number;
  wins: number;
  positions: Partial<Record<Position, { games: number; wins: number }>>;
  wPicks: number;
  wBans: number;
  phases: [number, number, number, number];
}

interface MutableTeam {
  name: string;
  games: number;
  decided: number;
  wins: number;
  picks: Map<number, number>;
  bans: Map<number, number>;
  firstPicks: Map<number, number>;
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

function toCountRecords(map: Map<number, number>): CountRecord[] {
  return [...map.entries()].map(([id, n]) => [id, roundCount(n)] as const).sort((x, y) => x[0] - y[0]);
}

const roundCount = (x: number) => Math.round(x * 1e4) / 1e4;

function validId(id: number | null | undefined): id is number {
  return typeof id === "number" && Number.isInteger(id) && id > 0 && id < 67_108_864;
}

const phaseSlot = (step: number | null | undefined): number | null => {
  if (typeof step !== "number" || !Number.isInteger(step)) return null;
  const entry = DRAFT_SEQUENCE[step];
  return entry ? entry.phase - 1 : null;
};

/**
 * Turns finished games into statistics. Unknown champions (`champion_id: null`) and repeated
 * champions within a game are ignored; games without a winner count for picks and bans only.
 * Besides raw counts it keeps recency-weighted counts (by patch), counts by draft phase, each
 * team's picks, bans and first picks (by name), and the win estimate's held-out calibration.
 *
 * @example
 * const stats = buildStatistics([
 *   { winner: "BLUE", patch: "15.01", teams: { BLUE: "T1", RED: "Gen.G" },
 *     picks: [{ side: "BLUE", champion_id: 103, position: "mid", step: 6 }, { side: "RED", champion_id: 7, position: "mid" }],
 *     bans: [{ champion_id: 266, side: "BLUE", step: 0 }] },
 * ]);
 * stats.champions.find((c) => c.champion_id === 103)?.positions.mid; // { games: 1, wins: 1 }
 * stats.matchups; // [[7, 103, 1, 0]] (Leblanc's team lost to Ahri's)
 * stats.teams?.[1]?.first_picks; // [[103, 1]] (T1)
 */
export function buildStatistics(
  games: Iterable<StatisticsGame>,
  options: BuildStatisticsOptions = {},
): DraftStatistics {
  const filter = options.patches && options.patches.length > 0 ? new Set(options.patches) : null;
  const list = [...games].filter((game) => !filter || (game.patch != null && filter.has(game.patch)));
  const halfLife =
    options.recencyHalfLife !== undefined && options.recencyHalfLife > 0 ? options.recencyHalfLife : 3;
  const patchGames = new Map<string, number>();
  for (const game of list) {
    if (game.patch) patchGames.set(game.patch, (patchGames.get(game.patch) ?? 0) + 1);
  }
  const patchOrder = [...patchGames.keys()].sort((a, b) => comparePatches(b, a));
  const patchWeight = new Map(patchOrder.map((patch, k) => [patch, 0.5 ** (k / halfLife)]));

  const champions = new Map<number, MutableChampion>();
  const teams = new Map<string, MutableTeam>();
  const leagues = new Map<
    string,
    { name: string; games: number; picks: Map<number, number>; bans: Map<number, number> }
  >();
  const matchups = new Map<number, [number, number]>();
  const pairs = new Map<number, [number, number]>();
  const lanes = new Map<number, [number, number]>();
  let total = 0;
  let decided = 0;
  let blueWins = 0;
  let weightedGames = 0;
  let orderedGames = 0;
  const pickPositions = [0, 1, 2, 3, 4].map(() => [0, 0, 0, 0, 0]);
  const champion = (id: number): MutableChampion => {
    let row = champions.get(id);
    if (!row) {
      row = {
        picks: 0,
        bans: 0,
        games: 0,
        wins: 0,
        positions: {},
        wPicks: 0,
        wBans: 0,
        phases: [0, 0, 0, 0],
      };
      champions.set(id, row);
    }
    return row;
  };
  const team = (name: string | null | undefined): MutableTeam | null => {
    if (!name) return null;
    const key = teamKey(name);
    if (key === "") return null;
    let row = teams.get(key);
    if (!row) {
      row = { name, games: 0, decided: 0, wins: 0, picks: new Map(), bans: new Map(), firstPicks: new Map() };
      teams.set(key, row);
    }
    return row;
  };
  const add = (map: Map<number, number>, id: number, w: number) => map.set(id, (map.get(id) ?? 0) + w);
  const count = (map: Map<number, [number, number]>, a: number, b: number, aWon: boolean) => {
    const key = pairKey(a, b);
    const row = map.get(key) ?? [0, 0];
    row[0] += 1;
    if (a < b === aWon) row[1] += 1;
    map.set(key, row);
  };

  for (const game of list) {
    total += 1;
    const w = game.patch ? (patchWeight.get(game.patch) ?? 1) : 1;
    weightedGames += w;
    const hasResult = game.winner === "BLUE" || game.winner === "RED";
    if (hasResult) decided += 1;
    if (game.winner === "BLUE") blueWins += 1;
    const ordered = game.picks.some((pick) => phaseSlot(pick.step) !== null);
    if (ordered) orderedGames += w;
    const seen = new Set<number>();
    const sides: Record<Side, number[]> = { BLUE: [], RED: [] };
    const teamOf: Record<Side, MutableTeam | null> = {
      BLUE: team(game.teams?.BLUE),
      RED: team(game.teams?.RED),
    };
    for (const side of ["BLUE", "RED"] as const) {
      const row = teamOf[side];
      if (!row) continue;
      row.games += 1;
      if (hasResult) row.decided += 1;
      if (game.winner === side) row.wins += 1;
    }
    const leagueKey = game.league ? teamKey(game.league) : "";
    let league = leagueKey ? leagues.get(leagueKey) : undefined;
    if (leagueKey && !league) {
      league = { name: game.league!, games: 0, picks: new Map(), bans: new Map() };
      leagues.set(leagueKey, league);
    }
    if (league) league.games += 1;
    const firstStep: Record<Side, { step: number; id: number } | null> = { BLUE: null, RED: null };
    for (const pick of game.picks) {
      if (!validId(pick.champion_id) || seen.has(pick.champion_id)) continue;
      if (pick.side !== "BLUE" && pick.side !== "RED") continue;
      seen.add(pick.champion_id);
      sides[pick.side].push(pick.champion_id);
      const row = champion(pick.champion_id);
      row.picks += 1;
      row.wPicks += w;
      const phase = phaseSlot(pick.step);
      if (phase !== null) {
        row.phases[phase]! += w;
        const first = firstStep[pick.side];
        if (!first || pick.step! < first.step)
          firstStep[pick.side] = { step: pick.step!, id: pick.champion_id };
      }
      const teamRow = teamOf[pick.side];
      if (teamRow) add(teamRow.picks, pick.champion_id, 1);
      if (league) add(league.picks, pick.champion_id, 1);
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
    for (const side of ["BLUE", "RED"] as const) {
      const sequence = game.picks
        .filter((pick) => pick.side === side && phaseSlot(pick.step) !== null && pick.position)
        .sort((x, y) => x.step! - y.step!);
      sequence.forEach((pick, k) => {
        const p = POSITIONS.indexOf(pick.position!);
        if (k < 5 && p >= 0) pickPositions[k]![p]! += w;
      });
      const first = firstStep[side];
      const teamRow = teamOf[side];
      if (first && teamRow) add(teamRow.firstPicks, first.id, 1);
    }
    for (const ban of game.bans) {
      if (!validId(ban.champion_id) || seen.has(ban.champion_id)) continue;
      seen.add(ban.champion_id);
      const row = champion(ban.champion_id);
      row.bans += 1;
      row.wBans += w;
      const phase = phaseSlot(ban.step);
      if (phase !== null) row.phases[phase]! += w;
      const teamRow = ban.side === "BLUE" || ban.side === "RED" ? teamOf[ban.side] : null;
      if (teamRow) add(teamRow.bans, ban.champion_id, 1);
      if (league) add(league.bans, ban.champion_id, 1);
    }
    if (!hasResult) continue;
    const blueWon = game.winner === "BLUE";
    for (const b of sides.BLUE) for (const r of sides.RED) count(matchups, b, r, blueWon);
    const laners: Record<Side, Map<string, number>> = { BLUE: new Map(), RED: new Map() };
    for (const pick of game.picks) {
      if (!validId(pick.champion_id) || !pick.position || (pick.side !== "BLUE" && pick.side !== "RED"))
        continue;
      if (!laners[pick.side].has(pick.position)) laners[pick.side].set(pick.position, pick.champion_id);
    }
    for (const [position, b] of laners.BLUE) {
      const r = laners.RED.get(position);
      if (r !== undefined && r !== b) count(lanes, b, r, blueWon);
    }
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
      return {
        champion_id,
        picks: row.picks,
        bans: row.bans,
        games: row.games,
        wins: row.wins,
        positions,
        weighted: {
          picks: roundCount(row.wPicks),
          bans: roundCount(row.wBans),
          phases: row.phases.map(roundCount) as [number, number, number, number],
        },
      };
    });
  const statistics: DraftStatistics = {
    version: 1,
    games: total,
    decided_games: decided,
    champions: championRows,
    matchups: toPairRecords(matchups),
    pairs: toPairRecords(pairs),
    lanes: toPairRecords(lanes),
    weighted_games: roundCount(weightedGames),
    ordered_games: roundCount(orderedGames),
    blue_wins: blueWins,
    patches: patchOrder.map((patch) => ({
      patch,
      games: patchGames.get(patch)!,
      weight: roundCount(patchWeight.get(patch)!),
    })),
    pick_positions: pickPositions.map((row) => row.map(roundCount)),
    teams: [...teams.entries()]
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      .map(([key, row]) => ({
        name: row.name,
        key,
        games: row.games,
        decided: row.decided,
        wins: row.wins,
        picks: toCountRecords(row.picks),
        bans: toCountRecords(row.bans),
        first_picks: toCountRecords(row.firstPicks),
      })),
    leagues: [...leagues.entries()]
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      .map(([key, row]) => ({
        name: row.name,
        key,
        games: row.games,
        picks: toCountRecords(row.picks),
        bans: toCountRecords(row.bans),
      })),
  };
  if (options.calibrateWinModel === false) return statistics;
  return { ...statistics, win_model: calibrateWinModel(statistics, list) };
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
export function draftToStatisticsGame(
  state: DraftState,
  winner: Side | null,
  teams?: Partial<Record<Side, string | null>>,
): StatisticsGame {
  const picks: { side: Side; champion_id: number; position: null; step: number }[] = [];
  const bans: { champion_id: number; side: Side; step: number }[] = [];
  for (const action of state.actions) {
    if (action.champion_id === null) continue;
    if (action.action_type === "PICK")
      picks.push({
        side: action.team_side,
        champion_id: action.champion_id,
        position: null,
        step: action.phase_number,
      });
    else bans.push({ champion_id: action.champion_id, side: action.team_side, step: action.phase_number });
  }
  return { winner, picks, bans, ...(teams ? { teams } : {}) };
}
