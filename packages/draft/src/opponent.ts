/**
 * The modelled opponent of a practice draft: `recommend()`'s full ranking for the opponent's
 * side, re-weighted by one team's tendencies (what it picks and bans, on which side and in which
 * phase, and which champions it plays in the position a pick would fill), then sampled with a
 * temperature so two practices against the same team do not play the same.
 *
 * The weighting, for a champion c at an action of type A (PICK or BAN) on side s in phase h
 * (the first or second phase of that type):
 *
 *   team rate  r = (n_sp + n_all + K·g) / (N_s + N + K)
 *   boost        = teamWeight · ln(r / g) + poolWeight · ln(1 + m)   (m: picks only)
 *
 * (the shipped `form: "ratio"`, teamWeight 0.5, poolWeight 0.25; a "mixture" form is kept for
 * bench/opponent-validation.ts, which chose these on teams the quality bench does not score)
 *
 * where n_sp is how often the team did A with c on side s in phase h over its N_s games on that
 * side, n_all how often it did A with c in any of its N games, g the global rate of A with c per
 * team and game ((count + 0.5) / (2·games + 1) from the statistics), K `pseudoGames`, and m how
 * often the team played c in the position `recommend` gives it. A team that always takes c gets a
 * large boost, one that never does a negative one that shrinks as it plays more games.
 */
import { type ActionType, DRAFT_SEQUENCE, type Side } from "./formats.ts";
import {
  type ChampionInfo,
  type PlayerPoolInput,
  type PriorityInput,
  type Recommendation,
  recommend,
} from "./recommend.ts";
import { type DraftState, nextStep } from "./state.ts";
import {
  type DraftStatistics,
  POSITIONS,
  type Position,
  type StatisticsGame,
  teamKey,
} from "./statistics.ts";

export const OPPONENT_MODEL = {
  /** Pseudo-games pulling the team's rate toward the global rate (and side/phase toward the team's). */
  pseudoGames: 4,
  /** Weight of the team term (chosen on validation teams, see bench/opponent-validation.ts). */
  teamWeight: 0.5,
  /**
   * "mixture": ln(λ·r/g + 1 − λ) with λ = N / (N + K): the team either follows its habit or plays
   * like everyone, so a champion it never took is only mildly penalised. "ratio": ln(r / g).
   */
  form: "ratio" as "mixture" | "ratio",
  /** Weight of ln(1 + games the team played the champion in the position it would fill). */
  poolWeight: 0.25,
  /** Only the best this many of the ranking are ever sampled (a modelled team never trolls). */
  candidates: 8,
};

/** How far the opponent strays from its most likely choice. */
export const OPPONENT_STYLES = ["predictable", "balanced", "adventurous"] as const;
export type OpponentStyle = (typeof OPPONENT_STYLES)[number];

/** Softmax temperature of each style, in the ranking's log-likelihood units. */
export const OPPONENT_TEMPERATURE: Readonly<Record<OpponentStyle, number>> = {
  predictable: 0.4,
  balanced: 1,
  adventurous: 2,
};

type Counts = Map<number, number>;
const phaseIndex = (phase: number) => (phase <= 2 ? 0 : 1);

/** One team's tendencies, from the games it played (matched by `teamKey`). Plain counts. */
export interface TeamProfile {
  readonly name: string;
  readonly key: string;
  readonly games: number;
  readonly sideGames: Readonly<Record<Side, number>>;
  /** `[side][phase 0|1]`: champion → times; `all`: champion → games with that action. */
  readonly picks: {
    readonly BLUE: readonly [Counts, Counts];
    readonly RED: readonly [Counts, Counts];
    readonly all: Counts;
  };
  readonly bans: {
    readonly BLUE: readonly [Counts, Counts];
    readonly RED: readonly [Counts, Counts];
    readonly all: Counts;
  };
  /** Position → champion → games the team played it there. */
  readonly pool: Readonly<Record<Position, Counts>>;
}

const bump = (map: Counts, id: number) => map.set(id, (map.get(id) ?? 0) + 1);
const emptyAction = () => ({
  BLUE: [new Map(), new Map()] as [Counts, Counts],
  RED: [new Map(), new Map()] as [Counts, Counts],
  all: new Map() as Counts,
});

/**
 * The tendencies of `team` in `games` (imported games and finished drafts, with their team names).
 * Bans without a side count for neither team; a step tells the phase (steps of the default order).
 *
 * @example
 * const t1 = buildTeamProfile(games, "T1");
 * t1.picks.BLUE[0].get(103); // times T1 picked Ahri in pick phase 1 on blue
 */
export function buildTeamProfile(games: readonly StatisticsGame[], team: string): TeamProfile {
  const key = teamKey(team);
  const picks = emptyAction();
  const bans = emptyAction();
  const pool = Object.fromEntries(POSITIONS.map((p) => [p, new Map()])) as Record<Position, Counts>;
  const sideGames: Record<Side, number> = { BLUE: 0, RED: 0 };
  let name = team;
  let count = 0;
  for (const game of games) {
    const side = (["BLUE", "RED"] as const).find((s) => {
      const n = game.teams?.[s];
      return typeof n === "string" && n !== "" && teamKey(n) === key;
    });
    if (!side) continue;
    if (count === 0) name = game.teams?.[side] ?? team;
    count += 1;
    sideGames[side] += 1;
    const seen = { picks: new Set<number>(), bans: new Set<number>() };
    for (const pick of game.picks) {
      if (pick.side !== side || typeof pick.champion_id !== "number") continue;
      const id = pick.champion_id;
      if (!seen.picks.has(id)) bump(picks.all, id);
      seen.picks.add(id);
      const step = typeof pick.step === "number" ? DRAFT_SEQUENCE[pick.step] : undefined;
      if (step) bump(picks[side][phaseIndex(step.phase)], id);
      if (pick.position) bump(pool[pick.position], id);
    }
    for (const ban of game.bans) {
      if (ban.side !== side || typeof ban.champion_id !== "number") continue;
      const id = ban.champion_id;
      if (!seen.bans.has(id)) bump(bans.all, id);
      seen.bans.add(id);
      const step = typeof ban.step === "number" ? DRAFT_SEQUENCE[ban.step] : undefined;
      if (step) bump(bans[side][phaseIndex(step.phase)], id);
    }
  }
  return { name, key, games: count, sideGames, picks, bans, pool };
}

/** The global rate of an action with a champion, per team and game. */
function globalRate(statistics: DraftStatistics | null | undefined, action: ActionType, id: number): number {
  const games = statistics?.games ?? 0;
  const row = statistics?.champions.find((c) => c.champion_id === id);
  const count = row ? (action === "PICK" ? row.picks : row.bans) : 0;
  return (count + 0.5) / (2 * games + 1);
}

export interface TeamWeight {
  /** The team's shrunk rate `r` and the global rate `g`. */
  readonly teamRate: number;
  readonly globalRate: number;
  /** Games the team played the champion in `position` (picks only). */
  readonly poolGames: number;
  /** What the weighting adds to the champion's score. */
  readonly boost: number;
}

/**
 * The team weighting of one champion for one action (see the module comment for the formula).
 *
 * @example
 * teamWeight(t1, stats, { champion_id: 103, action: "PICK", side: "BLUE", phase: 2, position: "mid" });
 * // { teamRate: 0.41, globalRate: 0.12, poolGames: 3, boost: 1.92 }
 */
export function teamWeight(
  profile: TeamProfile,
  statistics: DraftStatistics | null | undefined,
  at: {
    readonly champion_id: number;
    readonly action: ActionType;
    readonly side: Side;
    /** The step's display phase (1-4). */
    readonly phase: number;
    readonly position?: Position | null;
  },
): TeamWeight {
  const M = OPPONENT_MODEL;
  const K = M.pseudoGames;
  const counts = at.action === "PICK" ? profile.picks : profile.bans;
  const id = at.champion_id;
  const nSp = counts[at.side][phaseIndex(at.phase)].get(id) ?? 0;
  const nAll = counts.all.get(id) ?? 0;
  const g = globalRate(statistics, at.action, id);
  let r: number;
  let team: number;
  if (M.form === "ratio") {
    r = (nSp + nAll + K * g) / (profile.sideGames[at.side] + profile.games + K);
    team = Math.log(r / g);
  } else {
    // The team's overall rate shrunk toward the global one, its side/phase rate toward that.
    const overall = (nAll + K * g) / (profile.games + K);
    r = (nSp + K * overall) / (profile.sideGames[at.side] + K);
    const lambda = profile.games / (profile.games + K);
    team = Math.log((lambda * r) / g + 1 - lambda);
  }
  const poolGames = at.action === "PICK" && at.position ? (profile.pool[at.position].get(id) ?? 0) : 0;
  const boost = M.teamWeight * team + M.poolWeight * Math.log(1 + poolGames);
  return { teamRate: r, globalRate: g, poolGames, boost };
}

export interface OpponentInput {
  readonly state: DraftState;
  readonly champions: readonly ChampionInfo[];
  readonly statistics?: DraftStatistics | null;
  /** The modelled team's tendencies; null ranks as `recommend` alone (no team weighting). */
  readonly profile: TeamProfile | null;
  /** The side the opponent drafts on; default: the side of the next step. */
  readonly side?: Side;
  readonly action?: ActionType;
  /** The user's team name (for `recommend`'s habits of the opponent's opponent), if known. */
  readonly userTeam?: string | null;
  readonly priorities?: Partial<Record<Side, readonly PriorityInput[]>>;
  /** Known players' pools (a workspace's roster): the modelled side's comfort picks count for it. */
  readonly pools?: Partial<Record<Side, readonly PlayerPoolInput[]>>;
  readonly locked?: Iterable<number>;
}

export interface OpponentCandidate {
  readonly champion_id: number;
  /** 1-based rank after the team weighting. */
  readonly rank: number;
  /** `recommend`'s rank and score, and the score after the weighting. */
  readonly base_rank: number;
  readonly base_score: number;
  readonly score: number;
  readonly weight: TeamWeight | null;
  readonly item: Recommendation;
}

export interface OpponentRanking {
  readonly side: Side;
  readonly action: ActionType;
  /** Every available champion, best first. */
  readonly items: readonly OpponentCandidate[];
}

/**
 * Every available champion for the opponent's next action, ranked by `recommend`'s score plus the
 * team weighting. Deterministic; `chooseOpponentMove` samples from it.
 */
export function rankOpponent(input: OpponentInput): OpponentRanking {
  const step = nextStep(input.state);
  const side = input.side ?? step?.side ?? "BLUE";
  const action = input.action ?? step?.type ?? "PICK";
  const enemy: Side = side === "BLUE" ? "RED" : "BLUE";
  const phase = step && step.side === side && step.type === action ? step.phase : action === "BAN" ? 3 : 4;
  const base = recommend({
    state: input.state,
    champions: input.champions,
    side,
    action,
    statistics: input.statistics ?? null,
    ...(input.priorities ? { priorities: input.priorities } : {}),
    ...(input.locked ? { locked: input.locked } : {}),
    ...(input.pools ? { pools: input.pools } : {}),
    teams: { [side]: input.profile?.name ?? null, [enemy]: input.userTeam ?? null },
    limit: input.champions.length,
  });
  const scored = base.items.map((item) => {
    const weight = input.profile
      ? teamWeight(input.profile, input.statistics, {
          champion_id: item.champion_id,
          action,
          side,
          phase,
          position: item.position,
        })
      : null;
    return { item, weight, score: item.score + (weight?.boost ?? 0) };
  });
  scored.sort((a, b) => b.score - a.score || a.item.rank - b.item.rank);
  return {
    side,
    action,
    items: scored.map((entry, i) => ({
      champion_id: entry.item.champion_id,
      rank: i + 1,
      base_rank: entry.item.rank,
      base_score: entry.item.score,
      score: entry.score,
      weight: entry.weight,
      item: entry.item,
    })),
  };
}

/**
 * A small, fast, seedable generator (mulberry32): the same seed gives the same practice, so tests
 * and a restarted server replay the opponent's choices.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The random draw of one step of one practice (independent of how many draws came before). */
export function stepRandom(seed: number, step: number): number {
  return seededRandom((Math.imul(seed >>> 0, 31) + Math.imul(step + 1, 0x9e3779b1)) >>> 0)();
}

/**
 * The probabilities the opponent samples with: a softmax of the scores of the best
 * `OPPONENT_MODEL.candidates` at the style's temperature.
 */
export function opponentProbabilities(
  ranking: OpponentRanking,
  style: OpponentStyle,
): { champion_id: number; p: number }[] {
  const top = ranking.items.slice(0, OPPONENT_MODEL.candidates);
  if (top.length === 0) return [];
  const t = OPPONENT_TEMPERATURE[style];
  const max = top[0]!.score;
  const weights = top.map((c) => Math.exp((c.score - max) / t));
  const total = weights.reduce((a, b) => a + b, 0);
  return top.map((c, i) => ({ champion_id: c.champion_id, p: weights[i]! / total }));
}

/**
 * The opponent's choice: the candidate where `draw` (0-1, e.g. `stepRandom(seed, step)`) falls in
 * the cumulative probabilities. Null when nothing is available (a ban is then skipped).
 */
export function chooseOpponentMove(
  ranking: OpponentRanking,
  style: OpponentStyle,
  draw: number,
): number | null {
  const probabilities = opponentProbabilities(ranking, style);
  let cumulative = 0;
  for (const entry of probabilities) {
    cumulative += entry.p;
    if (draw < cumulative) return entry.champion_id;
  }
  return probabilities.at(-1)?.champion_id ?? null;
}
