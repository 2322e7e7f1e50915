/**
 * The recommendation engine: ranks the champions still available for the team about to act.
 * The score is a log-likelihood of "a team in this spot takes this champion": presence (picks and
 * bans per game, by draft phase, newer patches weighing more) as the prior, times the chance the
 * champion fits a position still open, times the team's and the opponent's habits, plus team
 * priorities (which dominate), composition needs and a small shrunk win-rate term (matchups and
 * pairs shrunk toward the champion's own rating). See CONTEXT.md for the full model.
 */
import { type ActionType, DRAFT_SEQUENCE, type Side } from "./formats.ts";
import { F, FEATURE_COUNT, RANKER_GROUPS, RANKER_MODEL, type RankerGroup } from "./ranker.ts";
import { type DraftState, isAvailable, isLockedFor, nextStep, teamPicks } from "./state.ts";
import {
  type DraftStatistics,
  POSITIONS,
  type Position,
  type TeamStatistics,
  teamKey,
} from "./statistics.ts";
import { ledgerSignal, type TeamLedgerInput, teamLedgerIndex } from "./team-ledger.ts";

export type PriorityTier = "S" | "A" | "B" | "C";

/** A champion of the pool. `role` and `tags` are Data Dragon tags (Tank, Fighter, Mage, …). */
export interface ChampionInfo {
  readonly id: number;
  readonly name?: string;
  readonly role?: string;
  readonly tags?: readonly string[];
  /** Overrides the damage type derived from the tags. */
  readonly damage?: "physical" | "magic" | "mixed" | "utility";
}

/** One entry of a team's priorities (contracts' `PriorityEntry` fits). */
export interface PriorityInput {
  readonly champion_id: number;
  readonly tier: PriorityTier;
  /** Positions the team plays the champion in; empty means "any". */
  readonly positions?: readonly Position[];
  /**
   * Derived from the players' pools (`prioritiesFromPools`), not set by a coach: where the same
   * pool's comfort pick applies, the two are one signal and count once (the comfort reason shows).
   */
  readonly fromPools?: boolean;
}

/** Comfort tiers of a player's champion pool (workspaces), strongest first. */
export const COMFORT_POOL_TIERS = ["S", "A", "B", "learning"] as const;
export type ComfortTier = (typeof COMFORT_POOL_TIERS)[number];

/** One rostered player's champion pool: who plays the position and what they are comfortable on. */
export interface PlayerPoolInput {
  readonly player: string;
  readonly position: Position;
  readonly champions: readonly { readonly champion_id: number; readonly tier: ComfortTier }[];
}

/** Every reason and summary key `recommend` can emit (English and Spanish wording in CONTEXT.md). */
export const RECOMMEND_REASON_KEYS = [
  "recommend.reason.team_priority",
  "recommend.reason.enemy_priority",
  "recommend.reason.strong_win_rate",
  "recommend.reason.strong_win_rate_overall",
  "recommend.reason.counters",
  "recommend.reason.countered_by",
  "recommend.reason.threatens_pick",
  "recommend.reason.synergy",
  "recommend.reason.enemy_synergy",
  "recommend.reason.blind_safe",
  "recommend.reason.contested",
  "recommend.reason.adds_frontline",
  "recommend.reason.adds_magic_damage",
  "recommend.reason.adds_physical_damage",
  "recommend.reason.enemy_needs_frontline",
  "recommend.reason.enemy_needs_magic_damage",
  "recommend.reason.enemy_needs_physical_damage",
  "recommend.reason.fills_position",
  "recommend.reason.enemy_open_position",
  "recommend.reason.plays_position",
  "recommend.reason.available",
  "recommend.reason.presence",
  "recommend.reason.team_picks",
  "recommend.reason.team_bans",
  "recommend.reason.ledger_picks",
  "recommend.reason.ledger_bans",
  "recommend.reason.ledger_threat",
  "recommend.reason.opponent_picks",
  "recommend.reason.opponent_first_pick",
  "recommend.reason.last_comfortable",
  "recommend.reason.comfort_pick",
  "recommend.reason.enemy_comfort_pick",
  "recommend.reason.answers",
  "recommend.reason.pairs_with",
  "recommend.reason.enemy_pairs_with",
  "recommend.reason.denies_position",
  "recommend.reason.flex",
  "recommend.reason.enemy_flex",
  "recommend.reason.answers_yours",
  "recommend.summary.statistics",
  "recommend.summary.no_priorities",
  "recommend.summary.team_history",
  "recommend.summary.opponent_history",
  "recommend.summary.no_statistics",
  "recommend.summary.team_priorities",
  "recommend.summary.enemy_priorities",
  "recommend.summary.composition",
  "recommend.summary.composition_roles",
  "recommend.summary.blind",
  "recommend.summary.player_pools",
  "recommend.summary.team_ledger",
] as const;
export type RecommendReasonKey = (typeof RECOMMEND_REASON_KEYS)[number];

/** An i18n entry: translate `key` with `params` (see CONTEXT.md for every key and its wording). */
export interface Reason {
  readonly key: RecommendReasonKey;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface RecommendInput {
  readonly state: DraftState;
  readonly champions: readonly ChampionInfo[];
  /** The team to advise; default: the side of the next step. */
  readonly side?: Side;
  /** PICK or BAN; default: the type of the next step (PICK once the draft is complete). */
  readonly action?: ActionType;
  /** Each team's priorities, by side. */
  readonly priorities?: Partial<Record<Side, readonly PriorityInput[]>>;
  /** Extra champions nobody may take (added to the state's locked set). */
  readonly locked?: Iterable<number>;
  readonly statistics?: DraftStatistics | null;
  /** How many recommendations to return (default 10). */
  readonly limit?: number;
  /** Pseudo-count of the shrinkage, in games (default 25). Higher = trust small samples less. */
  readonly risk?: number;
  /** Team names by side, matched (by `teamKey`) to the statistics' teams for their habits. */
  readonly teams?: Partial<Record<Side, string | null>>;
  /** The league the draft is played in (e.g. "LCK"), matched (by `teamKey`) to the statistics' leagues. */
  readonly league?: string | null;
  /** Each team's rostered players' champion pools, by side (a "comfort pick for <player>" signal). */
  readonly pools?: Partial<Record<Side, readonly PlayerPoolInput[]>>;
  /**
   * The ADVISED team's own games (its scrim ledger): a signal apart from the statistics, for this
   * team's picks and bans only, labelled "your own games" in the reasons (`team-ledger.ts`).
   */
  readonly ledger?: TeamLedgerInput | null;
}

export interface Recommendation {
  readonly champion_id: number;
  /** 1-based rank. */
  readonly rank: number;
  /** Ranking score in logit units (relative; only the order is meaningful). */
  readonly score: number;
  /**
   * Most likely position: in our team for a pick, in the enemy team for a ban.
   * Null when the team has no open position.
   */
  readonly position: Position | null;
  /**
   * Shrunk win rate in percent (one decimal) of the champion at that position; null unless its
   * sample holds at least `RECOMMEND_MODEL.minRateGames` games (then `win_rate_games` is it).
   */
  readonly win_rate: number | null;
  readonly win_rate_games: number | null;
  readonly reasons: readonly Reason[];
}

export interface RecommendResult {
  readonly side: Side;
  readonly action: ActionType;
  readonly items: readonly Recommendation[];
  /** What the ranking was based on, as i18n entries, most important first. */
  readonly summary: readonly Reason[];
  readonly basis: {
    readonly statistics: boolean;
    /** Games behind the statistics (0 without). */
    readonly games: number;
    readonly priorities: boolean;
    readonly risk: number;
    /** Where position likelihoods came from. */
    readonly positions: "statistics" | "roles";
    /**
     * False when nothing tells the champions apart (no statistics, no priorities): the order is
     * then alphabetical and must not be shown as advice.
     */
    readonly advice: boolean;
    /** Games of the advised team and of its opponent found in the statistics (0 when unknown). */
    readonly team_games: number;
    readonly opponent_games: number;
  };
}

/**
 * Model parameters (log-likelihood units). They shape the ranking; they are not statistics.
 * The weights the quality bench searches (`SEARCH` in bench/recommend-quality.ts) are what its
 * search keeps on the TRAINING window of the shipped sample's forward split (`BENCH_TUNE=1`;
 * decision 022): a value changes only when it gains on a blocked cross-validation of the earlier
 * days, so with 35 training games most stay at their prior values, small and shrunk enough that
 * presence and positions lead and a season of games can make the other signals act.
 */
export const RECOMMEND_MODEL = {
  defaultRisk: 25,
  /**
   * Matchups and pairs are shrunk with `pairRiskFactor` × risk toward what the two champions'
   * own ratings predict: they are sparser, and one game feeds up to 9 of them for one champion.
   */
  pairRiskFactor: 2,
  defaultLimit: 10,
  /**
   * Presence prior: a mix of the rate in this draft phase, the rate of this action type (picks
   * for a pick, bans for a ban) and the overall presence, each per (weighted) game, plus a floor
   * so an unseen champion keeps a small chance.
   */
  phaseShare: 1 / 3,
  typeShare: 1 / 3,
  presenceShare: 1 / 3,
  /**
   * The same mix for a pick. A team's picks in a phase are sparser than its bans (and mostly
   * fill positions), so the champion's overall pick rate may carry more of a pick's prior.
   */
  pickPhaseShare: 0.6,
  pickTypeShare: 0.2,
  pickPresenceShare: 0.2,
  presenceFloor: 0.004,
  /**
   * Flex value: a pick that plays several positions hides the team's plan while the enemy can
   * still answer. Bonus × log(number of positions holding ≥ 15% of its games), scaled by the
   * enemy's picks left / 5.
   */
  flexWeight: 0,
  /**
   * Availability: a champion banned in most games is rarely there to be picked (and one picked
   * often is rarely there to be banned). The phase and type rates are divided by the share of games
   * the champion was left available for this action — (games + k) / (games − other action + k),
   * raised to `availabilityWeight` — with `availabilityPseudoGames` k pseudo-games. 0 turns it off.
   */
  availabilityWeight: 1,
  availabilityPseudoGames: 5,
  /** Weight of log P(fits a position still open), for picks (ours) and bans (theirs). */
  pickFitWeight: 3,
  banFitWeight: 3,
  /** Team habits: log-ratio of the team's rate (shrunk toward the global rate) to the global rate. */
  teamPseudoGames: 4,
  teamPickWeight: 0.2,
  teamBanWeight: 0.5,
  opponentPickWeight: 0.3,
  opponentFirstPickWeight: 0.3,
  /** League meta: log-ratio of the league's pick (or ban) rate, shrunk toward the global rate, to it. */
  leaguePseudoGames: 6,
  leaguePickWeight: 0,
  leagueBanWeight: 0.5,
  /** Tier bonus: large enough that a team's priorities come first when they fit an open position. */
  tierBonus: { S: 12, A: 10, B: 8, C: 6 } as Record<PriorityTier, number>,
  /** Share of the enemy's tier bonus a pick earns by denying their priority. */
  denyShare: 0.15,
  /** Which position a team fills with its k-th pick: weight of that log-ratio, and its smoothing. */
  pickOrderWeight: 0.5,
  pickOrderPseudoCount: 10,
  /** Floor of a position likelihood. */
  minPositionLikelihood: 0.01,
  /** Pseudo-count (games) pulling observed position shares toward the roles' prior. */
  positionPseudoCount: 3,
  /** Weight of the shrunk win-rate term (rating at position + matchups + pairs). */
  winWeight: 0.1,
  /** Bonus for adding a missing frontline or damage type, at 4 picks (scaled by picks / 4). */
  compositionBonus: 0.3,
  /** Blind-pick penalty weight on the average of the 3 worst counters (scaled by enemy picks left / 5). */
  blindWeight: 0.25,
  blindCounters: 3,
  /** A matchup or pair delta (logit) worth a reason. */
  reasonDelta: 0.1,
  /** Fewest games behind any percentage the engine shows (win rates, matchups, pairs, presence). */
  minRateGames: 30,
  /** A champion win rate worth a reason (percent). */
  reasonWinRate: 52,
  /** Fewest games of a team's habit worth a reason. */
  reasonTeamCount: 2,
  /**
   * Fearless series: a team's S- or A-tier champions for a position with at most this many left
   * (the others locked by earlier games) are called out as its last comfortable options.
   */
  lastComfortableLeft: 2,
  /** Position games before a position counts as known from data (below: a roles guess). */
  minPositionGames: 2,
  /**
   * Pairs pros pick together: log-lift of the champion's rate of being picked beside each ally
   * (its games with the ally over the ally's games, shrunk toward its own per-team pick rate with
   * `synergyPseudoGames`). For a ban, the enemy's picks are the allies.
   */
  synergyWeight: 0.5,
  synergyPseudoGames: 8,
  /**
   * Lane answers: log-lift of the champion facing an enemy pick in that pick's lane (games of the
   * two in the same position on opposite teams over the enemy's games, shrunk toward the
   * champion's rate in that position with `lanePseudoGames`), when that lane is still open.
   */
  counterWeight: 0.5,
  lanePseudoGames: 8,
  /** Deny picks: weight of log P(the champion fits a position the enemy still has open). */
  denyWeight: 0,
  /** Player pools: bonus by comfort tier when the player's position is open; share for the enemy's pools on a ban. */
  comfortBonus: { S: 1.5, A: 1, B: 0.6, learning: 0.2 } as Record<ComfortTier, number>,
  enemyComfortShare: 0.6,
  /** Fewest games of a pair or lane matchup worth a reason (shown as counts, never as a rate). */
  reasonPairGames: 3,
  reasonLaneGames: 3,
  /** Share of a champion's positioned games that makes a position one it plays (flex reasons). */
  flexShare: 0.2,
  /** Share of a ban's prior taken by the enemy's pick rate in the pick phase that follows it. */
  banNextPickShare: 0,
  /**
   * Bans aimed at a position (`banTargets`): weight of the lift of the best champion left for a
   * position the enemy still has open over a popular one of a crowded position; only once the
   * enemy has at least `banPositionMinPicks` picks (second-phase bans by default).
   */
  banPositionWeight: 0,
  banPositionMinPicks: 1,
  /**
   * Pairs and lane answers for a ban (with the enemy's picks; against ours), apart from a pick's.
   * The training-window search drops the pairs for a ban on the shipped sample (decision 030).
   */
  banSynergyWeight: 0,
  banCounterWeight: 0.5,
  /**
   * A team does not ban what it would pick itself: a ban's likelihood × (1 − this × P(the champion
   * fits a position OUR team still has open)), once we have a pick (decision 034). 0 turns it off;
   * at most 0.95 (a champion is never ruled out by it).
   */
  banOwnNeedWeight: 0,
} as const;

/**
 * Which reason comes first: the most specific draft thinking first, presence only when nothing
 * more specific applies.
 */
const REASON_ORDER: Partial<Record<RecommendReasonKey, number>> = {
  "recommend.reason.team_priority": 0,
  "recommend.reason.last_comfortable": 1,
  "recommend.reason.comfort_pick": 2,
  "recommend.reason.enemy_comfort_pick": 2,
  "recommend.reason.ledger_picks": 2,
  "recommend.reason.ledger_threat": 2,
  "recommend.reason.ledger_bans": 2,
  "recommend.reason.enemy_priority": 3,
  "recommend.reason.answers": 4,
  "recommend.reason.answers_yours": 4,
  "recommend.reason.counters": 5,
  "recommend.reason.threatens_pick": 5,
  "recommend.reason.pairs_with": 6,
  "recommend.reason.enemy_pairs_with": 6,
  "recommend.reason.synergy": 7,
  "recommend.reason.enemy_synergy": 7,
  "recommend.reason.opponent_first_pick": 8,
  "recommend.reason.opponent_picks": 8,
  "recommend.reason.team_picks": 9,
  "recommend.reason.team_bans": 9,
  "recommend.reason.denies_position": 10,
  "recommend.reason.flex": 11,
  "recommend.reason.enemy_flex": 11,
  "recommend.reason.strong_win_rate": 12,
  "recommend.reason.strong_win_rate_overall": 12,
  "recommend.reason.adds_frontline": 13,
  "recommend.reason.adds_magic_damage": 13,
  "recommend.reason.adds_physical_damage": 13,
  "recommend.reason.enemy_needs_frontline": 13,
  "recommend.reason.enemy_needs_magic_damage": 13,
  "recommend.reason.enemy_needs_physical_damage": 13,
  "recommend.reason.blind_safe": 14,
  "recommend.reason.fills_position": 16,
  "recommend.reason.enemy_open_position": 16,
  "recommend.reason.plays_position": 17,
  "recommend.reason.contested": 18,
  "recommend.reason.presence": 18,
  "recommend.reason.available": 19,
};
const reasonOrder = (reason: Reason) => REASON_ORDER[reason.key] ?? 15;

/**
 * Prior position shares by Data Dragon tag. Used when statistics say nothing about a champion;
 * they describe what the tag usually means, not measured play rates.
 */
const ROLE_POSITION_PRIOR: Record<string, readonly number[]> = {
  //            top   jungle mid   bot   support
  Marksman: [0.04, 0.01, 0.08, 0.85, 0.02],
  Support: [0.03, 0.02, 0.07, 0.03, 0.85],
  Mage: [0.07, 0.05, 0.6, 0.08, 0.2],
  Assassin: [0.07, 0.4, 0.5, 0.01, 0.02],
  Fighter: [0.5, 0.38, 0.08, 0.02, 0.02],
  Tank: [0.35, 0.27, 0.02, 0.01, 0.35],
};
const UNIFORM = [0.2, 0.2, 0.2, 0.2, 0.2] as const;

const DAMAGE_REASON: Record<ActionType, Record<"magic" | "physical", RecommendReasonKey>> = {
  PICK: { magic: "recommend.reason.adds_magic_damage", physical: "recommend.reason.adds_physical_damage" },
  BAN: {
    magic: "recommend.reason.enemy_needs_magic_damage",
    physical: "recommend.reason.enemy_needs_physical_damage",
  },
};

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function tagsOf(champion: ChampionInfo): readonly string[] {
  if (champion.tags && champion.tags.length > 0) return champion.tags;
  return champion.role ? [champion.role] : [];
}

/** Position prior from tags: primary tag 2/3, secondary 1/3. */
export function rolePrior(tags: readonly string[]): number[] {
  const known = tags.filter((tag) => ROLE_POSITION_PRIOR[tag]);
  if (known.length === 0) return [...UNIFORM];
  const weights = known.length === 1 ? [1] : [2 / 3, 1 / 3];
  const out = [0, 0, 0, 0, 0];
  for (let k = 0; k < weights.length; k++) {
    const prior = ROLE_POSITION_PRIOR[known[k]!]!;
    for (let p = 0; p < 5; p++) out[p]! += weights[k]! * prior[p]!;
  }
  return out;
}

type DamageType = "physical" | "magic" | "mixed" | "utility";
function damageOf(champion: ChampionInfo, tags: readonly string[]): DamageType {
  if (champion.damage) return champion.damage;
  const primary = tags[0];
  if (primary === "Mage" || (primary === "Support" && tags.includes("Mage"))) return "magic";
  if (primary === "Marksman" || primary === "Fighter" || primary === "Assassin") return "physical";
  if (tags.includes("Mage")) return "magic";
  return "utility";
}

// ---- statistics index (built once per statistics object and risk, then cached) -------------

interface StatsIndex {
  readonly n: number;
  readonly slot: Map<number, number>;
  readonly ids: Int32Array;
  /** Overall rating (logit of the shrunk win rate) and games. */
  readonly rating: Float64Array;
  readonly games: Float64Array;
  /** Per champion × position: rating, games, shrunk position share. */
  readonly posRating: Float64Array;
  readonly posGames: Float64Array;
  readonly posShare: Float64Array;
  readonly hasPositions: Uint8Array;
  /** Recency-weighted picks and bans, and by draft phase (n × 4). */
  readonly wPicks: Float64Array;
  readonly wBans: Float64Array;
  readonly phases: Float64Array;
  readonly weightedGames: number;
  readonly orderedGames: number;
  readonly teams: Map<string, TeamIndex>;
  readonly leagues: Map<string, TeamIndex>;
  /** P(position | a team's k-th pick), 5 × 5, smoothed; null without ordered data. */
  readonly pickPositions: Float64Array | null;
  /** n × n: matchup delta of row vs column (antisymmetric) and games; pair delta and games. */
  readonly matchup: Float64Array;
  readonly matchupGames: Float64Array;
  readonly pair: Float64Array;
  readonly pairGames: Float64Array;
  /** Per champion, up to 8 opponents with the most negative matchup delta, worst first. */
  readonly counters: readonly Int32Array[];
  /** n × n lane matchups (same position, opposite teams): games and wins of the row champion. */
  readonly laneGames: Float64Array;
  readonly laneWins: Float64Array;
  /** Per champion, its most played position (-1 without positions). */
  readonly mainPosition: Int8Array;
  readonly totalGames: number;
  readonly decidedGames: number;
}

interface TeamIndex {
  readonly name: string;
  readonly games: number;
  readonly picks: Map<number, number>;
  readonly bans: Map<number, number>;
  readonly firstPicks: Map<number, number>;
}

function teamIndex(team: TeamStatistics): TeamIndex {
  return {
    name: team.name,
    games: team.games,
    picks: new Map(team.picks.map(([id, n]) => [id, n])),
    bans: new Map(team.bans.map(([id, n]) => [id, n])),
    firstPicks: new Map(team.first_picks.map(([id, n]) => [id, n])),
  };
}

const indexCache = new WeakMap<DraftStatistics, Map<number, StatsIndex>>();

function buildIndex(stats: DraftStatistics, risk: number): StatsIndex {
  const n = stats.champions.length;
  const slot = new Map<number, number>();
  const ids = new Int32Array(n);
  const rating = new Float64Array(n);
  const games = new Float64Array(n);
  const posRating = new Float64Array(n * 5);
  const posGames = new Float64Array(n * 5);
  const posShare = new Float64Array(n * 5);
  const hasPositions = new Uint8Array(n);
  const wPicks = new Float64Array(n);
  const wBans = new Float64Array(n);
  const phases = new Float64Array(n * 4);
  const total = Math.max(0, stats.games);
  stats.champions.forEach((row, i) => {
    slot.set(row.champion_id, i);
    ids[i] = row.champion_id;
    const g = Math.max(0, row.games);
    const w = Math.min(g, Math.max(0, row.wins));
    games[i] = g;
    rating[i] = logit((w + risk * 0.5) / (g + risk));
    wPicks[i] = Math.max(0, row.weighted?.picks ?? row.picks);
    wBans[i] = Math.max(0, row.weighted?.bans ?? row.bans);
    for (let k = 0; k < 4; k++) phases[i * 4 + k] = Math.max(0, row.weighted?.phases[k] ?? 0);
    let positioned = 0;
    for (let p = 0; p < 5; p++) {
      const record = row.positions[POSITIONS[p]!];
      const pg = record ? Math.max(0, record.games) : 0;
      const pw = record ? Math.min(pg, Math.max(0, record.wins)) : 0;
      posGames[i * 5 + p] = pg;
      // a position's record is shrunk toward the champion's own rating, not toward 50%
      posRating[i * 5 + p] = logit((pw + risk * sigmoid(rating[i]!)) / (pg + risk));
      positioned += pg;
    }
    if (positioned > 0) {
      hasPositions[i] = 1;
      for (let p = 0; p < 5; p++) posShare[i * 5 + p] = posGames[i * 5 + p]! / positioned;
    }
  });
  const pairRisk = risk * RECOMMEND_MODEL.pairRiskFactor;
  const matchup = new Float64Array(n * n);
  const matchupGames = new Float64Array(n * n);
  for (const [a, b, g, w] of stats.matchups) {
    const i = slot.get(a);
    const j = slot.get(b);
    if (i === undefined || j === undefined || g <= 0 || i === j) continue;
    const expected = rating[i]! - rating[j]!;
    const shrunk = logit((Math.min(g, Math.max(0, w)) + pairRisk * sigmoid(expected)) / (g + pairRisk));
    const delta = shrunk - expected;
    matchup[i * n + j] = delta;
    matchup[j * n + i] = -delta;
    matchupGames[i * n + j] = g;
    matchupGames[j * n + i] = g;
  }
  const pair = new Float64Array(n * n);
  const pairGames = new Float64Array(n * n);
  for (const [a, b, g, w] of stats.pairs) {
    const i = slot.get(a);
    const j = slot.get(b);
    if (i === undefined || j === undefined || g <= 0 || i === j) continue;
    const expected = rating[i]! + rating[j]!;
    const delta =
      logit((Math.min(g, Math.max(0, w)) + pairRisk * sigmoid(expected)) / (g + pairRisk)) - expected;
    pair[i * n + j] = delta;
    pair[j * n + i] = delta;
    pairGames[i * n + j] = g;
    pairGames[j * n + i] = g;
  }
  const counters: Int32Array[] = [];
  const keep = 8;
  for (let i = 0; i < n; i++) {
    const worst: number[] = [];
    for (let j = 0; j < n; j++) {
      const d = matchup[i * n + j]!;
      if (d >= 0) continue;
      if (worst.length < keep) {
        worst.push(j);
        worst.sort((x, y) => matchup[i * n + x]! - matchup[i * n + y]! || x - y);
      } else if (d < matchup[i * n + worst[keep - 1]!]!) {
        worst[keep - 1] = j;
        worst.sort((x, y) => matchup[i * n + x]! - matchup[i * n + y]! || x - y);
      }
    }
    counters.push(Int32Array.from(worst));
  }
  const laneGames = new Float64Array(n * n);
  const laneWins = new Float64Array(n * n);
  for (const [a, b, g, w] of stats.lanes ?? []) {
    const i = slot.get(a);
    const j = slot.get(b);
    if (i === undefined || j === undefined || g <= 0 || i === j) continue;
    const wins = Math.min(g, Math.max(0, w));
    laneGames[i * n + j] = g;
    laneGames[j * n + i] = g;
    laneWins[i * n + j] = wins;
    laneWins[j * n + i] = g - wins;
  }
  const mainPosition = new Int8Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!hasPositions[i]) continue;
    let best = 0;
    for (let p = 1; p < 5; p++) if (posGames[i * 5 + p]! > posGames[i * 5 + best]!) best = p;
    mainPosition[i] = best;
  }
  return {
    n,
    slot,
    ids,
    rating,
    games,
    posRating,
    posGames,
    posShare,
    hasPositions,
    wPicks,
    wBans,
    phases,
    weightedGames: Math.max(1, stats.weighted_games ?? total),
    orderedGames: Math.max(0, stats.ordered_games ?? 0),
    teams: new Map((stats.teams ?? []).map((team) => [team.key, teamIndex(team)])),
    leagues: new Map(
      (stats.leagues ?? []).map((league) => [league.key, teamIndex({ ...league, first_picks: [] })]),
    ),
    pickPositions: pickPositionTable(stats.pick_positions),
    matchup,
    matchupGames,
    pair,
    pairGames,
    counters,
    laneGames,
    laneWins,
    mainPosition,
    totalGames: total,
    decidedGames: Math.max(0, stats.decided_games),
  };
}

function pickPositionTable(rows: readonly (readonly number[])[] | undefined): Float64Array | null {
  if (rows?.length !== 5) return null;
  const out = new Float64Array(25);
  let any = false;
  for (let k = 0; k < 5; k++) {
    const row = rows[k] ?? [];
    let total = 0;
    for (let p = 0; p < 5; p++) total += Math.max(0, row[p] ?? 0);
    if (total > 0) any = true;
    const k0 = RECOMMEND_MODEL.pickOrderPseudoCount;
    for (let p = 0; p < 5; p++) out[k * 5 + p] = (Math.max(0, row[p] ?? 0) + k0 * 0.2) / (total + k0);
  }
  return any ? out : null;
}

/**
 * The engine's index of a statistics object (typed arrays, built once per object and risk). A
 * statistics builder thread can build it beside the statistics and hand it over
 * (`adoptRecommendIndex`), so the thread answering requests never spends the build's time.
 * Opaque: only `recommend` reads it.
 */
export type RecommendIndex = StatsIndex;

export function recommendIndex(
  stats: DraftStatistics,
  risk: number = RECOMMEND_MODEL.defaultRisk,
): RecommendIndex {
  return statsIndex(stats, risk);
}

/** The index's typed arrays, for a thread to transfer them rather than copy them. */
export function recommendIndexBuffers(index: RecommendIndex): ArrayBuffer[] {
  const arrays: ArrayBufferView[] = [
    index.ids,
    index.rating,
    index.games,
    index.posRating,
    index.posGames,
    index.posShare,
    index.hasPositions,
    index.wPicks,
    index.wBans,
    index.phases,
    index.matchup,
    index.matchupGames,
    index.pair,
    index.pairGames,
    ...index.counters,
    index.laneGames,
    index.laneWins,
    index.mainPosition,
    ...(index.pickPositions ? [index.pickPositions] : []),
  ];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

/** Registers an index built elsewhere (a builder thread) for `stats`, as `recommendIndex` would build it. */
export function adoptRecommendIndex(
  stats: DraftStatistics,
  index: RecommendIndex,
  risk: number = RECOMMEND_MODEL.defaultRisk,
): void {
  let byRisk = indexCache.get(stats);
  if (!byRisk) {
    byRisk = new Map();
    indexCache.set(stats, byRisk);
  }
  byRisk.set(risk, index);
}

function statsIndex(stats: DraftStatistics, risk: number): StatsIndex {
  let byRisk = indexCache.get(stats);
  if (!byRisk) {
    byRisk = new Map();
    indexCache.set(stats, byRisk);
  }
  let index = byRisk.get(risk);
  if (!index) {
    index = buildIndex(stats, risk);
    byRisk.set(risk, index);
  }
  return index;
}

// ---- one team's view ------------------------------------------------------------------------

interface Candidate {
  readonly id: number;
  readonly name: string;
  readonly slot: number;
  readonly lnL: Float64Array;
  readonly maxLnL: number;
  readonly damage: DamageType;
  readonly frontline: boolean;
}

interface TeamContext {
  readonly picks: readonly Candidate[];
  readonly priorities: Map<number, PriorityInput>;
  /** Best log-likelihood of the current picks' assignment excluding each position, and overall. */
  readonly bestExcluding: Float64Array;
  readonly bestAll: number;
  readonly damage: Set<DamageType>;
  readonly frontline: boolean;
  readonly open: number;
}

/** Position log-likelihoods of a champion for a team (team priorities > statistics > roles). */
function positionLnL(
  tags: readonly string[],
  index: StatsIndex | null,
  slot: number,
  priority: PriorityInput | undefined,
): Float64Array {
  const prior = rolePrior(tags);
  const shares = new Float64Array(5);
  const k = RECOMMEND_MODEL.positionPseudoCount;
  let observed = 0;
  if (index && slot >= 0 && index.hasPositions[slot]) {
    for (let p = 0; p < 5; p++) observed += index.posGames[slot * 5 + p]!;
  }
  for (let p = 0; p < 5; p++) {
    shares[p] = observed > 0 ? (index!.posGames[slot * 5 + p]! + k * prior[p]!) / (observed + k) : prior[p]!;
  }
  const listed = priority?.positions?.filter((p) => POSITIONS.includes(p)) ?? [];
  if (listed.length > 0) {
    for (let p = 0; p < 5; p++) {
      const mine = listed.includes(POSITIONS[p]!) ? 0.9 / listed.length : 0;
      shares[p] = mine + 0.1 * shares[p]!;
    }
  }
  const out = new Float64Array(5);
  for (let p = 0; p < 5; p++) out[p] = Math.log(Math.max(RECOMMEND_MODEL.minPositionLikelihood, shares[p]!));
  return out;
}

/** A position the team most likely still has to fill (its picks' best assignment leaves it free). */
const isOpen = (team: TeamContext, p: number) =>
  team.bestExcluding[p]! - team.bestAll > -0.7 && team.bestExcluding[p] !== Number.NEGATIVE_INFINITY;

function teamContext(picks: Candidate[], priorities: Map<number, PriorityInput>): TeamContext {
  // dp over assigned masks: best log-likelihood of giving the picks distinct positions
  let dp = new Map<number, number>([[0, 0]]);
  for (const pick of picks) {
    const next = new Map<number, number>();
    for (const [mask, value] of dp) {
      for (let p = 0; p < 5; p++) {
        if (mask & (1 << p)) continue;
        const m = mask | (1 << p);
        const v = value + pick.lnL[p]!;
        if (v > (next.get(m) ?? Number.NEGATIVE_INFINITY)) next.set(m, v);
      }
    }
    dp = next;
  }
  const bestExcluding = new Float64Array(5).fill(Number.NEGATIVE_INFINITY);
  let bestAll = Number.NEGATIVE_INFINITY;
  for (const [mask, value] of dp) {
    if (value > bestAll) bestAll = value;
    for (let p = 0; p < 5; p++) {
      if (!(mask & (1 << p)) && value > bestExcluding[p]!) bestExcluding[p] = value;
    }
  }
  const damage = new Set<DamageType>();
  for (const pick of picks) damage.add(pick.damage);
  return {
    picks,
    priorities,
    bestExcluding,
    bestAll,
    damage,
    frontline: picks.some((pick) => pick.frontline),
    open: 5 - picks.length,
  };
}

/**
 * Where a candidate would play in a team and the log-probability that it fits a position still
 * open (≤ 0): every position the champion plays counts, weighted by how often it plays there and
 * by how well the team's current picks can leave that position free (flex picks count for each).
 */
function placement(
  candidate: Candidate,
  team: TeamContext,
  order: Float64Array | null,
): { position: number; fit: number } {
  let best = -1;
  let bestValue = Number.NEGATIVE_INFINITY;
  let sum = 0;
  // which open position a team tends to fill with its k-th pick (from data), normalised over them
  const k = team.picks.length;
  let orderTotal = 0;
  if (order && k < 5) {
    for (let p = 0; p < 5; p++) {
      if (team.bestExcluding[p]! > Number.NEGATIVE_INFINITY) orderTotal += order[k * 5 + p]!;
    }
  }
  for (let p = 0; p < 5; p++) {
    const orderTerm =
      orderTotal > 0 ? RECOMMEND_MODEL.pickOrderWeight * Math.log((order![k * 5 + p]! * 5) / orderTotal) : 0;
    const v = candidate.lnL[p]! + team.bestExcluding[p]! - team.bestAll + orderTerm;
    if (v === Number.NEGATIVE_INFINITY) continue;
    sum += Math.exp(v);
    if (v > bestValue) {
      bestValue = v;
      best = p;
    }
  }
  if (best < 0) return { position: -1, fit: -6 };
  return { position: best, fit: Math.max(-6, Math.log(sum)) };
}

/**
 * Second-phase bans aim at a position: the enemy still has a few positions to fill, and a ban
 * takes the strongest champion left for one of them. `lift(candidate)` is log Σ_p T_p × share(c, p)
 * / Z_p, where T_p is how likely position p is still open for the enemy (normalised), share(c, p)
 * the champion's position likelihood and Z_p the prior-weighted share of every champion still
 * available there: the best remaining champion of a thin position gains on a popular champion of
 * a crowded one. Constant offsets do not matter (only the order is used).
 */
function banTargets(
  enemy: TeamContext,
  candidates: readonly Candidate[],
  priorOf: (candidate: Candidate) => number,
): { lift: (candidate: Candidate) => number } {
  const target = new Float64Array(5);
  let total = 0;
  for (let p = 0; p < 5; p++) {
    const free = enemy.bestExcluding[p]! - enemy.bestAll;
    target[p] = free === Number.NEGATIVE_INFINITY ? 0 : Math.exp(free);
    total += target[p]!;
  }
  const z = new Float64Array(5);
  for (const candidate of candidates) {
    const prior = priorOf(candidate);
    for (let p = 0; p < 5; p++) z[p]! += prior * Math.exp(candidate.lnL[p]!);
  }
  return {
    lift: (candidate) => {
      if (total <= 0) return 0;
      let sum = 0;
      for (let p = 0; p < 5; p++) {
        if (target[p]! > 0 && z[p]! > 0) sum += ((target[p]! / total) * Math.exp(candidate.lnL[p]!)) / z[p]!;
      }
      return sum > 0 ? Math.log(sum) : -6;
    },
  };
}

// ---- recommend -------------------------------------------------------------------------------

/** One candidate before scoring: its features, its fixed bonus and every reason that may be told. */
interface Draft {
  readonly candidate: Candidate;
  readonly features: Float64Array;
  readonly bonus: number;
  readonly position: number;
  readonly positionKnown: boolean;
  readonly winRate: number | null;
  readonly winRateGames: number | null;
  readonly reasons: Reason[];
  readonly extras: Reason[];
}

interface Scored extends Draft {
  readonly score: number;
}

/** The "own need" feature's share when the hand model leaves it off (`banOwnNeedWeight` 0). */
const OWN_NEED_SHARE = 0.8;

/**
 * The hand weights of `RECOMMEND_MODEL` as ranker weights: with them `recommend` scores as the
 * hand-weighted engine of decisions 009-037 did. They are the prior the learned ranker is pulled
 * toward, and the weights used when `RANKER_MODEL.weights` is null.
 */
export function handRankerWeights(): Record<RankerGroup, number[]> {
  const M = RECOMMEND_MODEL;
  const vector = (action: ActionType) => {
    const w = new Array<number>(FEATURE_COUNT).fill(0);
    const pick = action === "PICK";
    w[F.prior] = 1;
    w[F.fit] = pick ? M.pickFitWeight : M.banFitWeight;
    w[F.league] = pick ? M.leaguePickWeight : M.leagueBanWeight;
    w[F.team] = pick ? M.teamPickWeight : M.teamBanWeight;
    w[F.opponent] = pick ? 0 : M.opponentPickWeight;
    w[F.opponent_first] = pick ? 0 : M.opponentFirstPickWeight;
    w[F.pairs] = pick ? M.synergyWeight : M.banSynergyWeight;
    w[F.lanes] = pick ? M.counterWeight : M.banCounterWeight;
    w[F.win] = M.winWeight;
    w[F.blind] = pick ? M.blindWeight : 0;
    w[F.composition] = 1;
    w[F.deny] = pick ? M.denyWeight : 0;
    w[F.flex] = pick ? M.flexWeight : 0;
    w[F.ban_target] = pick ? 0 : M.banPositionWeight;
    w[F.own_need] = !pick && M.banOwnNeedWeight > 0 ? 1 : 0;
    return w;
  };
  return { BAN1: vector("BAN"), PICK1: vector("PICK"), BAN2: vector("BAN"), PICK2: vector("PICK") };
}

function rankerWeights(group: RankerGroup): readonly number[] {
  return RANKER_MODEL.weights?.weights[group] ?? handRankerWeights()[group];
}

/**
 * The feature of the ranker each reason tells about: a suggestion's reasons are ordered by how much
 * that feature moved it above the average candidate (weight × (value − the candidates' mean)).
 * Reasons without a feature (priorities, comfort picks) come first, as the bonuses that dominate.
 */
const REASON_FEATURES: Partial<Record<RecommendReasonKey, readonly number[]>> = {
  "recommend.reason.answers": [F.lanes],
  "recommend.reason.answers_yours": [F.lanes],
  "recommend.reason.counters": [F.win],
  "recommend.reason.threatens_pick": [F.win],
  "recommend.reason.pairs_with": [F.pairs],
  "recommend.reason.enemy_pairs_with": [F.pairs],
  "recommend.reason.synergy": [F.win],
  "recommend.reason.enemy_synergy": [F.win],
  "recommend.reason.opponent_first_pick": [F.opponent_first, F.opponent],
  "recommend.reason.opponent_picks": [F.opponent],
  "recommend.reason.team_picks": [F.team],
  "recommend.reason.team_bans": [F.team],
  "recommend.reason.denies_position": [F.deny],
  "recommend.reason.flex": [F.flex],
  "recommend.reason.enemy_flex": [F.flex],
  "recommend.reason.strong_win_rate": [F.win],
  "recommend.reason.strong_win_rate_overall": [F.win],
  "recommend.reason.adds_frontline": [F.composition],
  "recommend.reason.adds_magic_damage": [F.composition],
  "recommend.reason.adds_physical_damage": [F.composition],
  "recommend.reason.enemy_needs_frontline": [F.composition],
  "recommend.reason.enemy_needs_magic_damage": [F.composition],
  "recommend.reason.enemy_needs_physical_damage": [F.composition],
  "recommend.reason.blind_safe": [F.blind],
  "recommend.reason.fills_position": [F.fit],
  "recommend.reason.enemy_open_position": [F.fit],
  "recommend.reason.plays_position": [F.fit],
  "recommend.reason.contested": [F.prior, F.phase_rate, F.type_rate, F.presence_rate],
  "recommend.reason.presence": [F.prior, F.phase_rate, F.type_rate, F.presence_rate],
};
/** Reasons that only say the champion is a usual choice: told after any specific reason that moved it. */
const GENERIC_REASONS = new Set<RecommendReasonKey>([
  "recommend.reason.fills_position",
  "recommend.reason.enemy_open_position",
  "recommend.reason.plays_position",
  "recommend.reason.contested",
  "recommend.reason.presence",
  "recommend.reason.available",
]);

/** Orders one suggestion's reasons: fixed bonuses, then what moved it most, generic ones last. */
function orderReasons(
  reasons: readonly Reason[],
  features: Float64Array,
  mean: Float64Array,
  weights: readonly number[],
): Reason[] {
  const moved = (reason: Reason) => {
    const used = REASON_FEATURES[reason.key];
    if (!used) return Number.POSITIVE_INFINITY;
    let sum = 0;
    for (const k of used) sum += weights[k]! * (features[k]! - mean[k]!);
    return sum;
  };
  const rank = (reason: Reason, value: number) => {
    if (value === Number.POSITIVE_INFINITY) return 0;
    if (GENERIC_REASONS.has(reason.key)) return 2;
    // a signal the ranking does not weigh (weight 0) is told by its specificity, as before 043
    return value > 0 ? 1 : value === 0 ? 1.5 : 3;
  };
  return reasons
    .map((reason) => ({ reason, value: moved(reason) }))
    .sort(
      (a, b) =>
        rank(a.reason, a.value) - rank(b.reason, b.value) ||
        (a.value === Number.POSITIVE_INFINITY || b.value === Number.POSITIVE_INFINITY
          ? 0
          : b.value - a.value) ||
        reasonOrder(a.reason) - reasonOrder(b.reason),
    )
    .map((entry) => entry.reason);
}

/** One choice's candidates as the ranker sees them: ids and features (rows of `FEATURE_COUNT`). */
export interface RankerChoice {
  readonly group: RankerGroup;
  readonly ids: readonly number[];
  readonly features: Float64Array;
}

/**
 * The features of every champion `recommend` would rank for `input` (no scoring, no sorting): what
 * the ranker is trained on. The same code path as `recommend`, so training and use cannot drift.
 */
export function rankerFeatures(input: RecommendInput): RankerChoice {
  const { group, scored } = draftCandidates(input);
  const features = new Float64Array(scored.length * FEATURE_COUNT);
  scored.forEach((entry, r) => {
    features.set(entry.features, r * FEATURE_COUNT);
  });
  return { group, ids: scored.map((entry) => entry.candidate.id), features };
}

function priorityMap(entries: readonly PriorityInput[] | undefined): Map<number, PriorityInput> {
  const map = new Map<number, PriorityInput>();
  for (const entry of entries ?? []) if (!map.has(entry.champion_id)) map.set(entry.champion_id, entry);
  return map;
}

/** A shrunk rate as a percentage with one decimal; never shown as 0% or 100%. */
const pct = (p: number) => Math.min(99.9, Math.max(0.1, round(p * 100, 1)));
/** Tier bonus; an unknown tier (bad stored data) counts as none. */
const tierValue = (tier: string) => RECOMMEND_MODEL.tierBonus[tier as PriorityTier] ?? 0;

/** log of a team's rate of `count` over `games`, shrunk toward `globalRate`, relative to it. */
function habit(
  count: number,
  games: number,
  globalRate: number,
  k: number = RECOMMEND_MODEL.teamPseudoGames,
): number {
  const base = Math.max(globalRate, 0.01);
  return Math.log((count + k * base) / (games + k) / base);
}

function findTeam(index: StatsIndex | null, name: string | null | undefined): TeamIndex | null {
  if (!index || !name) return null;
  return index.teams.get(teamKey(name)) ?? null;
}

/**
 * The pool pressure of a fearless series on a pick: when `entry` is one of the team's S- or A-tier
 * champions for a position and earlier games have locked others of that tier and position, how
 * many of them the team has left (this one included). Null when the pool is not thin: no lock
 * touched it, or more than `RECOMMEND_MODEL.lastComfortableLeft` are left.
 *
 * @example
 * // S-tier junglers 64, 234, 121; 64 picked in game 1 (hard fearless): 234 is one of 2 left.
 * lastComfortable(priorities, priorities.get(234)!, "jungle", (id) => id === 64);
 * // { tier: "S", position: "jungle", left: 2 }
 */
export function lastComfortable(
  priorities: ReadonlyMap<number, PriorityInput>,
  entry: PriorityInput,
  position: Position | null,
  locked: (championId: number) => boolean,
): { tier: PriorityTier; position: Position; left: number } | null {
  if (entry.tier !== "S" && entry.tier !== "A") return null;
  const positions = entry.positions ?? [];
  const at = position && positions.includes(position) ? position : positions[0];
  if (!at) return null;
  let listed = 0;
  let left = 0;
  for (const other of priorities.values()) {
    if (other.tier !== entry.tier || !(other.positions ?? []).includes(at)) continue;
    listed += 1;
    if (!locked(other.champion_id)) left += 1;
  }
  if (left === listed || left > RECOMMEND_MODEL.lastComfortableLeft) return null;
  return { tier: entry.tier, position: at, left };
}

/**
 * Ties between scores are broken by name in English collation, with one collator for every call:
 * `localeCompare(other, "en")` resolves the locale on each comparison (a sort of the 172 names
 * took six times as long), and a ranking without statistics (the browser's first ranking of a
 * board, before the server's) breaks many ties. The order is the same by definition.
 */
const byEnglishName = new Intl.Collator("en").compare;

/**
 * Ranks the available champions for the team about to act (or `input.side`/`input.action`).
 * Score (log scale): presence prior for this action and draft phase + log P(fits an open
 * position) + the team's and the opponent's habits (`input.teams` matched to the statistics'
 * teams) + priorities (dominant) + composition + a small win-rate term (shrunk rating at the
 * position, matchups against every enemy pick, pairs with every ally, each shrunk toward what the
 * champions' own ratings predict) − blind-pick exposure. Bans score the champion for the enemy:
 * their open positions, what they play and first-pick, what we usually ban, their priorities.
 * Champions unavailable in the state or in `locked` are never ranked. Deterministic: ties break
 * by name, then id.
 *
 * @example
 * const result = recommend({ state, champions, priorities: { BLUE: bluePriorities }, statistics,
 *   teams: { BLUE: "T1", RED: "Gen.G" } });
 * result.items[0];
 * // { champion_id: 412, rank: 1, position: "support", win_rate: null, win_rate_games: null,
 * //   score: -1.2, reasons: [{ key: "recommend.reason.presence", params: { count: 31, games: 52 } }, …] }
 */
export function recommend(input: RecommendInput): RecommendResult {
  const {
    side,
    action,
    weights,
    scored: drafts,
    index,
    ourPriorities,
    enemyPriorities,
    ourTeam,
    enemyTeam,
    enemyPicksLeft,
    ledger,
  } = draftCandidates(input);
  const enemySide: Side = side === "BLUE" ? "RED" : "BLUE";
  const rawRisk = input.risk ?? RECOMMEND_MODEL.defaultRisk;
  const risk = Number.isFinite(rawRisk) ? Math.max(1, rawRisk) : RECOMMEND_MODEL.defaultRisk;
  const rawLimit = input.limit ?? RECOMMEND_MODEL.defaultLimit;
  const limit = Number.isFinite(rawLimit) ? Math.max(0, Math.floor(rawLimit)) : RECOMMEND_MODEL.defaultLimit;
  const scored: Scored[] = drafts.map((entry) => {
    let score = entry.bonus;
    for (let k = 0; k < FEATURE_COUNT; k++) score += weights[k]! * entry.features[k]!;
    return { ...entry, score };
  });
  const mean = new Float64Array(FEATURE_COUNT);
  for (const entry of scored) for (let k = 0; k < FEATURE_COUNT; k++) mean[k]! += entry.features[k]!;
  for (let k = 0; k < FEATURE_COUNT; k++) mean[k]! /= Math.max(1, scored.length);
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      byEnglishName(a.candidate.name, b.candidate.name) ||
      a.candidate.id - b.candidate.id,
  );
  const items: Recommendation[] = scored.slice(0, limit).map((entry, i) => ({
    champion_id: entry.candidate.id,
    rank: i + 1,
    score: round(entry.score, 4),
    position: entry.position >= 0 && entry.positionKnown ? POSITIONS[entry.position]! : null,
    win_rate: entry.winRate,
    win_rate_games: entry.winRateGames,
    reasons: [...orderReasons(entry.reasons, entry.features, mean, weights), ...entry.extras],
  }));

  const summary: Reason[] = [];
  if (index) {
    summary.push({
      key: "recommend.summary.statistics",
      params: { games: index.totalGames, count: index.totalGames, risk },
    });
  } else summary.push({ key: "recommend.summary.no_statistics", params: {} });
  const usedPriorities = action === "PICK" ? ourPriorities : enemyPriorities;
  if (usedPriorities.size > 0) {
    summary.push({
      key: action === "PICK" ? "recommend.summary.team_priorities" : "recommend.summary.enemy_priorities",
      params: { count: usedPriorities.size },
    });
  }
  if (ourPriorities.size === 0) summary.push({ key: "recommend.summary.no_priorities", params: {} });
  if (ourTeam) {
    summary.push({
      key: "recommend.summary.team_history",
      params: { team: ourTeam.name, count: ourTeam.games },
    });
  }
  if (enemyTeam) {
    summary.push({
      key: "recommend.summary.opponent_history",
      params: { team: enemyTeam.name, count: enemyTeam.games },
    });
  }
  summary.push({
    key: index ? "recommend.summary.composition" : "recommend.summary.composition_roles",
    params: {},
  });
  const usedPools = input.pools?.[action === "PICK" ? side : enemySide] ?? [];
  if (usedPools.length > 0) {
    summary.push({ key: "recommend.summary.player_pools", params: { count: usedPools.length } });
  }
  if (ledger) summary.push({ key: "recommend.summary.team_ledger", params: { count: ledger.games } });
  if (action === "PICK" && index && enemyPicksLeft > 0) {
    summary.push({ key: "recommend.summary.blind", params: { enemy_picks_left: enemyPicksLeft } });
  }
  return {
    side,
    action,
    items,
    summary,
    basis: {
      statistics: index !== null,
      games: index?.totalGames ?? 0,
      priorities: usedPriorities.size > 0,
      risk,
      positions: index ? "statistics" : "roles",
      advice: index !== null || ourPriorities.size > 0 || enemyPriorities.size > 0,
      team_games: ourTeam?.games ?? 0,
      opponent_games: enemyTeam?.games ?? 0,
    },
  };
}

/** Every champion the team could take now, with its ranker features, fixed bonus and reasons. */
function draftCandidates(input: RecommendInput) {
  const { state } = input;
  const M = RECOMMEND_MODEL;
  const step = nextStep(state);
  const side: Side = input.side ?? step?.side ?? "BLUE";
  const action: ActionType = input.action ?? step?.type ?? "PICK";
  const enemySide: Side = side === "BLUE" ? "RED" : "BLUE";
  const rawRisk = input.risk ?? M.defaultRisk;
  const risk = Number.isFinite(rawRisk) ? Math.max(1, rawRisk) : M.defaultRisk;
  const stats = input.statistics && input.statistics.champions.length > 0 ? input.statistics : null;
  const index = stats ? statsIndex(stats, risk) : null;
  const extraLocked = new Set(input.locked ?? []);
  const ourPriorities = priorityMap(input.priorities?.[side]);
  const enemyPriorities = priorityMap(input.priorities?.[enemySide]);
  // For a pick, position preferences come from our priorities; for a ban, from the enemy's.
  const actingPriorities = action === "PICK" ? ourPriorities : enemyPriorities;
  const ourTeam = findTeam(index, input.teams?.[side]);
  const enemyTeam = findTeam(index, input.teams?.[enemySide]);
  const league = index && input.league ? (index.leagues.get(teamKey(input.league)) ?? null) : null;
  const ledger = input.ledger && input.ledger.games.length > 0 ? teamLedgerIndex(input.ledger) : null;
  // The draft phase of this action: the next step's when it matches, else the first such step left.
  const phaseStep =
    step && step.type === action
      ? step
      : DRAFT_SEQUENCE.find((s) => s.side === side && s.type === action && s.index >= state.actions.length);
  const phase = (phaseStep?.phase ?? (action === "BAN" ? 3 : 4)) - 1;

  const byId = new Map<number, ChampionInfo>();
  for (const champion of input.champions) if (!byId.has(champion.id)) byId.set(champion.id, champion);
  const makeCandidate = (champion: ChampionInfo, priorities: Map<number, PriorityInput>): Candidate => {
    const tags = tagsOf(champion);
    const slot = index?.slot.get(champion.id) ?? -1;
    const lnL = positionLnL(tags, index, slot, priorities.get(champion.id));
    let maxLnL = Number.NEGATIVE_INFINITY;
    for (let p = 0; p < 5; p++) if (lnL[p]! > maxLnL) maxLnL = lnL[p]!;
    return {
      id: champion.id,
      name: champion.name ?? String(champion.id),
      slot,
      lnL,
      maxLnL,
      damage: damageOf(champion, tags),
      frontline: tags.includes("Tank"),
    };
  };
  const picked = (s: Side, priorities: Map<number, PriorityInput>) =>
    teamPicks(state, s).map((id) => makeCandidate(byId.get(id) ?? { id }, priorities));
  const ours = teamContext(picked(side, ourPriorities), ourPriorities);
  const theirs = teamContext(picked(enemySide, enemyPriorities), enemyPriorities);
  // The team whose strength a candidate adds to: ours for a pick, theirs for a ban.
  const team = action === "PICK" ? ours : theirs;
  const opponents = action === "PICK" ? theirs : ours;
  const enemyPicksLeft = theirs.open;
  const totalGames = index?.totalGames ?? 0;
  const wGames = index?.weightedGames ?? 1;
  const ordered = index?.orderedGames ?? 0;

  /**
   * Presence prior for this action and phase: the rate in this draft phase, of this action type
   * and overall (recency-weighted, per game), each divided by how often the champion was left
   * available for it. Rates stay probabilities (≤ 1), so the prior's range, and priorities'
   * dominance, hold.
   */
  const ratesOf = (ix: StatsIndex, s: number) => {
    const picks = s >= 0 ? ix.wPicks[s]! : 0;
    const bans = s >= 0 ? ix.wBans[s]! : 0;
    const away = action === "PICK" ? bans : picks;
    const available =
      M.availabilityWeight > 0
        ? ((wGames + M.availabilityPseudoGames) / Math.max(1, wGames - away + M.availabilityPseudoGames)) **
          M.availabilityWeight
        : 1;
    const typeRate = Math.min(1, ((action === "PICK" ? picks : bans) / wGames) * available);
    const presenceRate = (picks + bans) / wGames;
    const phaseRate =
      ordered > 0 && s >= 0 ? Math.min(1, (ix.phases[s * 4 + phase]! / ordered) * available) : typeRate;
    // a ban also takes what the enemy would pick in the pick phase that follows it
    const nextPickRate =
      action === "BAN" && ordered > 0 && s >= 0 && phase % 2 === 0
        ? Math.min(1, (ix.phases[s * 4 + phase + 1]! / ordered) * available)
        : 0;
    const prior =
      action === "PICK"
        ? M.pickPhaseShare * phaseRate + M.pickTypeShare * typeRate + M.pickPresenceShare * presenceRate
        : (1 - M.banNextPickShare) *
            (M.phaseShare * phaseRate + M.typeShare * typeRate + M.presenceShare * presenceRate) +
          M.banNextPickShare * nextPickRate;
    return { prior, phaseRate, typeRate, presenceRate };
  };
  const priorOf = (ix: StatsIndex, s: number): number => ratesOf(ix, s).prior;
  const group: RankerGroup = RANKER_GROUPS[Math.min(3, Math.max(0, phase))]!;
  const weights = rankerWeights(group);
  const pool: { champion: ChampionInfo; candidate: Candidate }[] = [];
  for (const champion of byId.values()) {
    if (!isAvailable(state, champion.id) || extraLocked.has(champion.id)) continue;
    pool.push({ champion, candidate: makeCandidate(champion, actingPriorities) });
  }
  const targets =
    action === "BAN" && index && theirs.picks.length >= M.banPositionMinPicks
      ? banTargets(
          theirs,
          pool.map((entry) => entry.candidate),
          (candidate) => priorOf(index, candidate.slot) + M.presenceFloor,
        )
      : null;

  const scored: Draft[] = [];
  for (const { champion, candidate } of pool) {
    const features = new Float64Array(FEATURE_COUNT);
    // priorities and players' pools: fixed bonuses outside the learned features
    let bonus = 0;
    const { position, fit } = placement(
      candidate,
      team,
      action === "PICK" ? (index?.pickPositions ?? null) : null,
    );
    const reasons: Reason[] = [];
    const extras: Reason[] = [];
    const s = candidate.slot;
    const posName = position >= 0 ? POSITIONS[position]! : null;
    const own = team.priorities.get(champion.id);
    const positionKnown =
      (own?.positions?.length ?? 0) > 0 ||
      (index !== null && s >= 0 && position >= 0 && index.posGames[s * 5 + position]! >= M.minPositionGames);
    features[F.fit] = fit;
    if (action === "BAN" && ours.picks.length > 0 && ours.open > 0) {
      // what our own open positions want is what we would rather pick than ban
      const mine = Math.exp(placement(candidate, ours, null).fit);
      const share = M.banOwnNeedWeight > 0 ? Math.min(0.95, M.banOwnNeedWeight) : OWN_NEED_SHARE;
      features[F.own_need] = Math.log(1 - share * Math.min(1, mine));
    }
    let winRate: number | null = null;
    let winRateGames: number | null = null;

    // priorities
    let ownReason: Reason | null = null;
    if (own) {
      bonus += tierValue(own.tier);
      ownReason = {
        key: action === "PICK" ? "recommend.reason.team_priority" : "recommend.reason.enemy_priority",
        params: { tier: own.tier },
      };
      reasons.push(ownReason);
      const thin =
        action === "PICK"
          ? lastComfortable(
              ourPriorities,
              own,
              posName,
              (id) => isLockedFor(state, id, side) || extraLocked.has(id),
            )
          : null;
      if (thin) {
        reasons.push({
          key: "recommend.reason.last_comfortable",
          params: { tier: thin.tier, position: thin.position, count: thin.left },
        });
      }
    }
    // the other team's priority: a pick denies it; a ban of our own priority costs us the pick
    const other = (action === "PICK" ? enemyPriorities : ourPriorities).get(champion.id);
    if (other) {
      if (action === "PICK") {
        bonus += M.denyShare * tierValue(other.tier);
        reasons.push({ key: "recommend.reason.enemy_priority", params: { tier: other.tier } });
      } else {
        bonus -= tierValue(other.tier);
      }
    }

    if (index) {
      const picks = s >= 0 ? index.wPicks[s]! : 0;
      const bans = s >= 0 ? index.wBans[s]! : 0;
      const rates = ratesOf(index, s);
      features[F.prior] = Math.log(rates.prior + M.presenceFloor);
      features[F.phase_rate] = Math.log(rates.phaseRate + M.presenceFloor);
      features[F.type_rate] = Math.log(rates.typeRate + M.presenceFloor);
      features[F.presence_rate] = Math.log(rates.presenceRate + M.presenceFloor);
      if (targets) features[F.ban_target] = targets.lift(candidate);
      if (action === "PICK" && s >= 0 && index.hasPositions[s] && enemyPicksLeft > 0) {
        let played = 0;
        for (let p = 0; p < 5; p++) if (index.posShare[s * 5 + p]! >= 0.15) played += 1;
        features[F.flex] = (enemyPicksLeft / 5) * Math.log(Math.max(1, played));
      }
      const rawPresence = s >= 0 ? stats!.champions[s]!.picks + stats!.champions[s]!.bans : 0;
      if (rawPresence > 0 && rawPresence * 4 >= totalGames) {
        reasons.push(
          totalGames >= M.minRateGames
            ? {
                key: "recommend.reason.contested",
                params: { presence: pct(rawPresence / totalGames), games: totalGames, count: totalGames },
              }
            : { key: "recommend.reason.presence", params: { times: rawPresence, count: totalGames } },
        );
      }

      // habits: for a pick, what our team picks; for a ban, what they play and first-pick, and
      // what we usually ban
      const globalPickRate = picks / wGames;
      const globalBanRate = bans / wGames;
      if (league) {
        const count = (action === "PICK" ? league.picks : league.bans).get(champion.id) ?? 0;
        features[F.league] = habit(
          count,
          league.games,
          action === "PICK" ? globalPickRate : globalBanRate,
          M.leaguePseudoGames,
        );
      }
      if (action === "PICK" && ourTeam) {
        const count = ourTeam.picks.get(champion.id) ?? 0;
        features[F.team] = habit(count, ourTeam.games, globalPickRate);
        if (count >= M.reasonTeamCount) {
          reasons.push({
            key: "recommend.reason.team_picks",
            params: { team: ourTeam.name, times: count, count: ourTeam.games },
          });
        }
      }
      if (action === "BAN") {
        if (enemyTeam) {
          const count = enemyTeam.picks.get(champion.id) ?? 0;
          features[F.opponent] = habit(count, enemyTeam.games, globalPickRate);
          const first = enemyTeam.firstPicks.get(champion.id) ?? 0;
          if (theirs.picks.length === 0) {
            features[F.opponent_first] = habit(first, enemyTeam.games, globalPickRate / 5);
          }
          if (first >= M.reasonTeamCount && theirs.picks.length === 0) {
            reasons.push({
              key: "recommend.reason.opponent_first_pick",
              params: { team: enemyTeam.name, times: first, count: enemyTeam.games },
            });
          } else if (count >= M.reasonTeamCount) {
            reasons.push({
              key: "recommend.reason.opponent_picks",
              params: { team: enemyTeam.name, times: count, count: enemyTeam.games },
            });
          }
        }
        if (ourTeam) {
          const count = ourTeam.bans.get(champion.id) ?? 0;
          features[F.team] = habit(count, ourTeam.games, globalBanRate);
          if (count >= M.reasonTeamCount) {
            reasons.push({
              key: "recommend.reason.team_bans",
              params: { team: ourTeam.name, times: count, count: ourTeam.games },
            });
          }
        }
      }
    }

    // the team's own games: a fixed-weight signal apart from the learned features (decision 055)
    if (ledger) {
      const proPickRate = index && s >= 0 ? index.wPicks[s]! / wGames : 0;
      const proBanRate = index && s >= 0 ? index.wBans[s]! / wGames : 0;
      const signal = ledgerSignal(
        ledger,
        champion.id,
        action,
        action === "PICK" ? proPickRate : proBanRate,
        proPickRate,
      );
      bonus += signal.value;
      if (signal.reason?.kind === "picks") {
        const { times, wins, losses, count } = signal.reason;
        reasons.push({ key: "recommend.reason.ledger_picks", params: { times, wins, losses, count } });
      } else if (signal.reason) {
        const { times, count } = signal.reason;
        reasons.push({
          key:
            signal.reason.kind === "bans" ? "recommend.reason.ledger_bans" : "recommend.reason.ledger_threat",
          params: { times, count },
        });
      }
    }

    // draft thinking: pairs, lane answers, deny, flex (shrunk lifts; see RECOMMEND_MODEL)
    if (index && s >= 0) {
      const n = index.n;
      const decided = Math.max(1, index.decidedGames);
      // pairs: how often pros pick this champion beside each ally (the enemy's picks for a ban)
      // a reason is told only for a signal the ranking weighs (as before the ranker: a weight of 0 is off)
      const synergyWeight = weights[F.pairs]!;
      const counterWeight = weights[F.lanes]!;
      if (team.picks.length > 0) {
        const base = Math.max(0.005, index.games[s]! / (2 * decided));
        let best: { lift: number; ally: Candidate; games: number } | null = null;
        for (const ally of team.picks) {
          if (ally.slot < 0) continue;
          const together = index.pairGames[s * n + ally.slot]!;
          const allyGames = index.games[ally.slot]!;
          const k = M.synergyPseudoGames;
          const lift = (together + k * base) / (allyGames + k) / base;
          features[F.pairs]! += Math.log(lift);
          if (synergyWeight > 0 && together >= M.reasonPairGames && lift >= 1.5 && lift > (best?.lift ?? 0)) {
            best = { lift, ally, games: allyGames };
          }
        }
        if (best) {
          reasons.push({
            key: action === "PICK" ? "recommend.reason.pairs_with" : "recommend.reason.enemy_pairs_with",
            params: {
              champion: best.ally.name,
              champion_id: best.ally.id,
              times: index.pairGames[s * n + best.ally.slot]!,
              count: best.games,
            },
          });
        }
      }
      // lane answers: facing an enemy pick in its lane, when that lane is still open for the team
      if (opponents.picks.length > 0 && index.hasPositions[s]) {
        let best: { rate: number; enemy: Candidate; games: number; wins: number } | null = null;
        for (const enemy of opponents.picks) {
          if (enemy.slot < 0) continue;
          const lane = index.mainPosition[enemy.slot]!;
          if (lane < 0 || !isOpen(team, lane)) continue;
          const base = Math.max(0.005, index.posGames[s * 5 + lane]! / decided);
          const faced = index.laneGames[s * n + enemy.slot]!;
          const k = M.lanePseudoGames;
          const lift = (faced + k * base) / (index.games[enemy.slot]! + k) / base;
          features[F.lanes]! += Math.log(lift);
          const wins = index.laneWins[s * n + enemy.slot]!;
          // the reason also needs a winning lane record, shrunk toward even
          const rate = (wins + 5) / (faced + 10);
          if (counterWeight > 0 && faced >= M.reasonLaneGames && rate > (best?.rate ?? 0.5))
            best = { rate, enemy, games: faced, wins };
        }
        if (best) {
          reasons.push({
            key: action === "PICK" ? "recommend.reason.answers" : "recommend.reason.answers_yours",
            params: {
              champion: best.enemy.name,
              champion_id: best.enemy.id,
              wins: best.wins,
              count: best.games,
            },
          });
        }
      }
    }
    if (action === "PICK" && theirs.open > 0 && theirs.open < 5) {
      // deny: the champion fits a position the enemy still has to fill
      const denied = placement(candidate, theirs, null);
      features[F.deny] = denied.fit;
      if (
        denied.position >= 0 &&
        theirs.open <= 2 &&
        denied.fit > -0.4 &&
        index !== null &&
        s >= 0 &&
        index.posGames[s * 5 + denied.position]! >= M.minPositionGames
      ) {
        reasons.push({
          key: "recommend.reason.denies_position",
          params: { position: POSITIONS[denied.position]! },
        });
      }
    }
    // flex: plays two or more positions the team still has open, while the enemy can still answer
    if (index && s >= 0 && index.hasPositions[s] && enemyPicksLeft > 0 && team.open >= 2) {
      const open: number[] = [];
      for (let p = 0; p < 5; p++) {
        if (!isOpen(team, p)) continue;
        if (index.posShare[s * 5 + p]! >= M.flexShare && index.posGames[s * 5 + p]! >= M.minPositionGames)
          open.push(p);
      }
      if (open.length >= 2) {
        open.sort((a, b) => index.posShare[s * 5 + b]! - index.posShare[s * 5 + a]! || a - b);
        reasons.push({
          key: action === "PICK" ? "recommend.reason.flex" : "recommend.reason.enemy_flex",
          params: { position: POSITIONS[open[0]!]!, other_position: POSITIONS[open[1]!]! },
        });
      }
    }
    // player pools: a comfort pick of a player whose position is still open
    const pools = input.pools?.[action === "PICK" ? side : enemySide];
    if (pools && pools.length > 0) {
      let bestPool: { bonus: number; player: string } | null = null;
      for (const player of pools) {
        const p = POSITIONS.indexOf(player.position);
        if (p < 0 || !isOpen(team, p)) continue;
        for (const entry of player.champions) {
          if (entry.champion_id !== champion.id) continue;
          const bonus = M.comfortBonus[entry.tier] ?? 0;
          if (bonus > (bestPool?.bonus ?? 0)) bestPool = { bonus, player: player.player };
        }
      }
      if (bestPool) {
        if (own?.fromPools) {
          // The priority is this pool's, already scored above: one signal, told as the comfort pick.
          reasons.splice(reasons.indexOf(ownReason as Reason), 1);
        } else {
          bonus += bestPool.bonus * (action === "PICK" ? 1 : M.enemyComfortShare);
        }
        reasons.push({
          key: action === "PICK" ? "recommend.reason.comfort_pick" : "recommend.reason.enemy_comfort_pick",
          params: { player: bestPool.player },
        });
      }
    }

    // win-rate term: shrunk rating at the position, matchups and pairs shrunk toward the ratings
    if (index && s >= 0 && position >= 0) {
      const n = index.n;
      const base = index.hasPositions[s] ? index.posRating[s * 5 + position]! : index.rating[s]!;
      let total = base;
      let bestMatch: { delta: number; slot: number; name: string; id: number } | null = null;
      let worstMatch: { delta: number; slot: number; name: string; id: number } | null = null;
      for (const enemy of opponents.picks) {
        if (enemy.slot < 0) continue;
        const delta = index.matchup[s * n + enemy.slot]!;
        total += delta;
        if (index.matchupGames[s * n + enemy.slot]! < M.minRateGames) continue;
        if (delta > (bestMatch?.delta ?? M.reasonDelta)) {
          bestMatch = { delta, slot: enemy.slot, name: enemy.name, id: enemy.id };
        }
        if (delta < (worstMatch?.delta ?? -M.reasonDelta)) {
          worstMatch = { delta, slot: enemy.slot, name: enemy.name, id: enemy.id };
        }
      }
      let bestPair: { delta: number; slot: number; name: string; id: number } | null = null;
      for (const ally of team.picks) {
        if (ally.slot < 0) continue;
        const delta = index.pair[s * n + ally.slot]!;
        total += delta;
        if (index.pairGames[s * n + ally.slot]! < M.minRateGames) continue;
        if (delta > (bestPair?.delta ?? M.reasonDelta)) {
          bestPair = { delta, slot: ally.slot, name: ally.name, id: ally.id };
        }
      }
      features[F.win] = total;
      const champGames = index.hasPositions[s] ? index.posGames[s * 5 + position]! : index.games[s]!;
      if (champGames >= M.minRateGames) {
        winRate = pct(sigmoid(base));
        winRateGames = champGames;
        if (winRate >= M.reasonWinRate) {
          reasons.push({
            key: index.hasPositions[s]
              ? "recommend.reason.strong_win_rate"
              : "recommend.reason.strong_win_rate_overall",
            params: {
              ...(index.hasPositions[s] ? { position: posName! } : {}),
              win_rate: winRate,
              games: champGames,
              count: champGames,
            },
          });
        }
      }
      const matchupRate = (m: { slot: number }) =>
        pct(sigmoid(index.rating[s]! - index.rating[m.slot]! + index.matchup[s * n + m.slot]!));
      if (bestMatch) {
        const games = index.matchupGames[s * n + bestMatch.slot]!;
        reasons.push({
          key: action === "PICK" ? "recommend.reason.counters" : "recommend.reason.threatens_pick",
          params: {
            champion: bestMatch.name,
            champion_id: bestMatch.id,
            win_rate: matchupRate(bestMatch),
            games,
            count: games,
          },
        });
      }
      if (bestPair) {
        const rate = pct(
          sigmoid(index.rating[s]! + index.rating[bestPair.slot]! + index.pair[s * n + bestPair.slot]!),
        );
        const games = index.pairGames[s * n + bestPair.slot]!;
        reasons.push({
          key: action === "PICK" ? "recommend.reason.synergy" : "recommend.reason.enemy_synergy",
          params: { champion: bestPair.name, champion_id: bestPair.id, win_rate: rate, games, count: games },
        });
      }
      if (worstMatch && action === "PICK") {
        const games = index.matchupGames[s * n + worstMatch.slot]!;
        extras.push({
          key: "recommend.reason.countered_by",
          params: {
            champion: worstMatch.name,
            champion_id: worstMatch.id,
            win_rate: matchupRate(worstMatch),
            games,
            count: games,
          },
        });
      }
      // blind safety: while the enemy can still answer, penalise the worst available counters
      if (action === "PICK" && enemyPicksLeft > 0) {
        let sum = 0;
        let count = 0;
        for (const j of index.counters[s]!) {
          if (count >= M.blindCounters) break;
          const id = index.ids[j]!;
          if (!isAvailable(state, id) || extraLocked.has(id) || !byId.has(id)) continue;
          sum += index.matchup[s * n + j]!;
          count += 1;
        }
        const exposure = sum / M.blindCounters;
        features[F.blind] = (enemyPicksLeft / 5) * exposure;
        if (
          opponents.picks.length === 0 &&
          index.games[s]! >= M.minRateGames &&
          exposure > -M.reasonDelta / 2
        ) {
          reasons.push({ key: "recommend.reason.blind_safe", params: {} });
        }
      }
    }

    // composition (roles), for the team the champion would join
    if (position >= 0 && team.picks.length >= 2) {
      const weight = M.compositionBonus * Math.min(1, team.picks.length / 4);
      if (candidate.frontline && !team.frontline) {
        features[F.composition]! += weight;
        reasons.push({
          key:
            action === "PICK" ? "recommend.reason.adds_frontline" : "recommend.reason.enemy_needs_frontline",
          params: {},
        });
      }
      const kind = candidate.damage === "magic" || candidate.damage === "physical" ? candidate.damage : null;
      const hasKind = kind ? team.damage.has(kind) || team.damage.has("mixed") : true;
      if (kind && !hasKind) {
        features[F.composition]! += weight;
        reasons.push({ key: DAMAGE_REASON[action][kind], params: {} });
      }
    }
    if (posName && positionKnown && team.picks.length > 0 && fit > -0.7) {
      reasons.push({
        key: action === "PICK" ? "recommend.reason.fills_position" : "recommend.reason.enemy_open_position",
        params: { position: posName },
      });
    }
    if (reasons.length === 0) {
      reasons.push(
        posName && positionKnown
          ? {
              key:
                action === "PICK"
                  ? "recommend.reason.plays_position"
                  : "recommend.reason.enemy_open_position",
              params: { position: posName },
            }
          : { key: "recommend.reason.available", params: {} },
      );
    }
    scored.push({
      candidate,
      features,
      bonus,
      position,
      positionKnown,
      winRate,
      winRateGames,
      reasons,
      extras,
    });
  }
  return {
    side,
    action,
    group,
    weights,
    scored,
    index,
    ourPriorities,
    enemyPriorities,
    ourTeam,
    enemyTeam,
    enemyPicksLeft,
    ledger,
  };
}
