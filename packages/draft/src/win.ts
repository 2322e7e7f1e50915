/**
 * The win estimate of a draft (complete or partial), and its held-out calibration.
 *
 * Model: logit P(blue wins) = logit(blue side's base rate) + scale × (Σ blue ratings − Σ red
 * ratings), where a champion's rating is the logit of its win rate shrunk toward 50% with
 * `WIN_MODEL.risk` pseudo-games. `scale` is chosen on leave-one-game-out predictions of the games
 * the statistics were built from (each game predicted from the others' counts), and set to 0 when
 * the draft terms do not beat the base rate there: then the estimate IS the base rate and says so.
 */
import type { Side } from "./formats.ts";
import { type DraftState, teamPicks } from "./state.ts";
import type { DraftStatistics, StatisticsGame, WinModelCalibration } from "./statistics.ts";

export const WIN_MODEL = {
  /** Pseudo-games pulling a champion's win rate toward 50% (a win rate is noisy: keep it high). */
  risk: 40,
  /** Candidate scales for the draft terms (0 = base rate only). */
  scales: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2],
  /** The draft terms must beat the base rate by this much (nats per game) to be used at all. */
  minGain: 0.002,
  /** z of the reported interval (90%). */
  z: 1.645,
  /** Fewer decided games than this: no percentage is shown (`sufficient` is false). */
  minGames: 30,
} as const;

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const rating = (wins: number, games: number) =>
  logit((wins + WIN_MODEL.risk * 0.5) / (games + WIN_MODEL.risk));
const logloss = (p: number, y: number) => -(y * Math.log(p) + (1 - y) * Math.log(1 - p));

function sideChampions(game: StatisticsGame): Record<Side, number[]> {
  const out: Record<Side, number[]> = { BLUE: [], RED: [] };
  const seen = new Set<number>();
  for (const pick of game.picks) {
    const id = pick.champion_id;
    if (typeof id !== "number" || seen.has(id) || (pick.side !== "BLUE" && pick.side !== "RED")) continue;
    seen.add(id);
    out[pick.side].push(id);
  }
  return out;
}

/**
 * Leave-one-game-out calibration of the win estimate on the games behind `statistics` (the same
 * games, already counted in it). Used by `buildStatistics`; exported for tests and the bench.
 *
 * @example
 * const calibration = calibrateWinModel(stats, games);
 * calibration.scale; // 0 when the draft terms do not beat the base rate on held-out games
 */
export function calibrateWinModel(
  statistics: DraftStatistics,
  games: readonly StatisticsGame[],
): WinModelCalibration {
  const byId = new Map(statistics.champions.map((row) => [row.champion_id, row]));
  const decided = statistics.decided_games;
  const blueWins = statistics.blue_wins ?? 0;
  const rows: { base: number; terms: number; y: number }[] = [];
  for (const game of games) {
    if (game.winner !== "BLUE" && game.winner !== "RED") continue;
    const y = game.winner === "BLUE" ? 1 : 0;
    const base = (blueWins - y + 1) / (decided - 1 + 2);
    const sides = sideChampions(game);
    let terms = 0;
    for (const side of ["BLUE", "RED"] as const) {
      const won = game.winner === side ? 1 : 0;
      for (const id of sides[side]) {
        const row = byId.get(id);
        if (!row) continue;
        const r = rating(row.wins - won, row.games - 1);
        terms += side === "BLUE" ? r : -r;
      }
    }
    rows.push({ base: logit(base), terms, y });
  }
  if (rows.length === 0) return { scale: 0, games: 0, logloss: 0, logloss_constant: 0 };
  const lossAt = (scale: number) =>
    rows.reduce((sum, row) => sum + logloss(sigmoid(row.base + scale * row.terms), row.y), 0) / rows.length;
  const constant = lossAt(0);
  let best = 0;
  let bestLoss = constant;
  for (const scale of WIN_MODEL.scales) {
    const loss = lossAt(scale);
    if (loss < bestLoss) {
      best = scale;
      bestLoss = loss;
    }
  }
  if (constant - bestLoss < WIN_MODEL.minGain) {
    best = 0;
    bestLoss = constant;
  }
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  return { scale: best, games: rows.length, logloss: r4(bestLoss), logloss_constant: r4(constant) };
}

export interface WinEstimate {
  /** P(blue wins), 0-1, and its 90% interval. */
  readonly blue: number;
  readonly low: number;
  readonly high: number;
  /** Decided games behind it. */
  readonly games: number;
  /** Picks the estimate includes (0-10). */
  readonly picks: number;
  /**
   * "draft": the picks move the estimate (they beat the base rate on held-out games);
   * "base_rate": they did not, so this is only how often blue wins in the data.
   */
  readonly basis: "draft" | "base_rate";
  /** Enough games to show a percentage at all (`WIN_MODEL.minGames`). */
  readonly sufficient: boolean;
  /** Held-out log-loss of the estimate and of the constant base rate (per game), when calibrated. */
  readonly logloss: number | null;
  readonly logloss_constant: number | null;
}

/**
 * The win estimate for a draft, complete or partial, with its uncertainty. Null without
 * statistics that hold decided games.
 *
 * @example
 * const estimate = estimateWin(state, stats);
 * // { blue: 0.53, low: 0.44, high: 0.61, games: 1240, picks: 6, basis: "draft", sufficient: true, … }
 */
export function estimateWin(
  state: DraftState,
  statistics: DraftStatistics | null | undefined,
): WinEstimate | null {
  if (!statistics || statistics.decided_games <= 0) return null;
  const n = statistics.decided_games;
  const p0 = ((statistics.blue_wins ?? n / 2) + 1) / (n + 2);
  const calibration = statistics.win_model;
  const scale = calibration?.scale ?? 0;
  const byId = new Map(statistics.champions.map((row) => [row.champion_id, row]));
  let x = logit(p0);
  let variance = 1 / ((n + 2) * p0 * (1 - p0));
  let picks = 0;
  for (const side of ["BLUE", "RED"] as const) {
    for (const id of teamPicks(state, side)) {
      picks += 1;
      if (scale === 0) continue;
      const row = byId.get(id);
      const games = row?.games ?? 0;
      const r = rating(row?.wins ?? 0, games);
      x += scale * (side === "BLUE" ? r : -r);
      const q = sigmoid(r);
      variance += (scale * scale) / ((games + WIN_MODEL.risk) * q * (1 - q));
    }
  }
  const sd = Math.sqrt(variance);
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    blue: r3(sigmoid(x)),
    low: r3(sigmoid(x - WIN_MODEL.z * sd)),
    high: r3(sigmoid(x + WIN_MODEL.z * sd)),
    games: n,
    picks,
    basis: scale > 0 ? "draft" : "base_rate",
    sufficient: n >= WIN_MODEL.minGames,
    logloss: calibration?.logloss ?? null,
    logloss_constant: calibration?.logloss_constant ?? null,
  };
}
