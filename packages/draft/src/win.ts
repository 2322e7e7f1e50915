/**
 * The win estimate of a draft (complete or partial), and its held-out calibration.
 *
 * Model: logit P(blue wins) = logit(blue side's base rate) + scale × (Σ blue ratings − Σ red
 * ratings) + form_scale × (blue team's form − red team's form), where a champion's rating is the
 * logit of its win rate shrunk toward 50% with `WIN_MODEL.risk` pseudo-games, and a team's form the
 * logit of its own win rate in the data shrunk toward 50% with `form_prior` pseudo-games (0 for a
 * team the data does not know). `scale`, `form_scale` and `form_prior` are chosen together on
 * held-out predictions of the games the statistics were built from (each day's games predicted from
 * the other days' counts, so that a series' other games never vouch for it; each game from the
 * others' when the games carry fewer than 3 dated days), and set to 0 when these terms do not beat
 * the base rate there: then the estimate IS the base rate and says so.
 *
 * The base rate itself is shrunk toward 50% with `base_prior` pseudo-games, chosen by
 * cross-validation over days (each day's games predicted from the other days' blue-side rate,
 * `WIN_MODEL.basePriors`): on a few dozen games the side rate swings from day to day (1 of 4, 5 of
 * 7, 3 of 10 blue wins on the shipped sample's first days) and the raw rate is mostly noise; on a
 * season the prior is negligible. With fewer than 3 days the prior is the plain +1/+2 (2 games).
 *
 * The verdict that lets the product show a draft percentage at all is FORWARD in time: the games
 * are ordered by date, the model (ratings and scale) is fit on the earlier ~75% of days and scored
 * on the later ones against the earlier games' blue-side rate. Only when it beats that constant
 * (`forward.beats`) does `estimateWin` give a draft estimate; otherwise it gives the base rate and
 * says the data is too thin to estimate the draft. Deterministic: the same statistics and draft
 * give the same number.
 */
import type { Side } from "./formats.ts";
import { type DraftState, teamPicks } from "./state.ts";
import type { DraftStatistics, StatisticsGame, WinForwardCheck, WinModelCalibration } from "./statistics.ts";
import { teamKey } from "./team-key.ts";

export const WIN_MODEL = {
  /** Pseudo-games pulling a champion's win rate toward 50% (a win rate is noisy: keep it high). */
  risk: 40,
  /**
   * Candidate pseudo-games (at 50%) of the blue side's base rate; the first is the plain
   * Laplace rate (+1 win, +2 games), used below `basePriorMinDays` days.
   */
  basePriors: [2, 8, 20, 50, 120],
  basePriorMinDays: 3,
  /** Candidate scales for the draft terms (0 = base rate only). */
  scales: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2],
  /** Candidate pseudo-games (at 50%) of a team's form, and scales of the form term (0 = left out). */
  formPriors: [2, 4, 8, 16],
  formScales: [0, 0.25, 0.5, 0.75, 1],
  /** The draft terms must beat the base rate by this much (nats per game) to be used at all. */
  minGain: 0.002,
  /** Share of the days (the latest) the forward check scores. */
  forwardShare: 0.25,
  /** Fewest decided games in the fitting and in the scored window of the forward check. */
  forwardMinFit: 20,
  forwardMinScored: 10,
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
/** The blue side's rate over `games` decided games shrunk toward 50% with `prior` pseudo-games. */
const baseRate = (blueWins: number, games: number, prior: number) => (blueWins + prior / 2) / (games + prior);
const dayOf = (game: StatisticsGame) => (game.date ?? "").slice(0, 10);

/**
 * The pseudo-games of the base rate (`WIN_MODEL.basePriors`), chosen by leave-one-day-out
 * log-loss over decided games: each day's games predicted from the other days' blue-side rate.
 * The larger prior wins a tie. Below `basePriorMinDays` dated days: the plain Laplace prior.
 *
 * @example
 * chooseBasePrior(games); // 2 on a season that shows a steady side advantage, 50+ on a few noisy days
 */
export function chooseBasePrior(games: readonly StatisticsGame[]): number {
  const byDay = new Map<string, [number, number]>();
  let blue = 0;
  let total = 0;
  for (const game of games) {
    if (game.winner !== "BLUE" && game.winner !== "RED") continue;
    const day = dayOf(game);
    if (day === "") continue;
    const row = byDay.get(day) ?? [0, 0];
    const y = game.winner === "BLUE" ? 1 : 0;
    row[0] += y;
    row[1] += 1;
    byDay.set(day, row);
    blue += y;
    total += 1;
  }
  const priors = WIN_MODEL.basePriors;
  if (byDay.size < WIN_MODEL.basePriorMinDays) return priors[0];
  let best: number = priors[0];
  let bestLoss = Number.POSITIVE_INFINITY;
  for (const prior of priors) {
    let loss = 0;
    for (const [wins, games] of byDay.values()) {
      const p = baseRate(blue - wins, total - games, prior);
      loss += wins * -Math.log(p) + (games - wins) * -Math.log(1 - p);
    }
    if (loss <= bestLoss + 1e-9) {
      best = prior;
      bestLoss = loss;
    }
  }
  return best;
}

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
 * Held-out calibration of the win estimate on the games behind `statistics` (the same games,
 * already counted in it; see `heldOutBlocks`). Used by `buildStatistics`; exported for tests and the bench.
 *
 * @example
 * const calibration = calibrateWinModel(stats, games);
 * calibration.scale; // 0 when the draft terms do not beat the base rate on held-out games
 */
export function calibrateWinModel(
  statistics: DraftStatistics,
  games: readonly StatisticsGame[],
): WinModelCalibration {
  const decided = games.filter((game) => game.winner === "BLUE" || game.winner === "RED");
  const prior = chooseBasePrior(decided);
  const choice = heldOutChoice(decided, prior);
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  if (choice.rows === 0 || statistics.decided_games <= 0) {
    return { scale: 0, games: 0, logloss: 0, logloss_constant: 0, forward: null, base_prior: prior };
  }
  return {
    base_prior: prior,
    scale: choice.scale,
    form_scale: choice.form.scale,
    form_prior: choice.form.prior,
    games: choice.rows,
    logloss: r4(choice.logloss),
    logloss_constant: r4(choice.constant),
    forward: forwardCheck(decided),
  };
}

/** Counts of one set of games: per champion [games, wins], blue wins, decided games. */
function tally(games: readonly StatisticsGame[]) {
  const champions = new Map<number, [number, number]>();
  let blueWins = 0;
  for (const game of games) {
    if (game.winner === "BLUE") blueWins += 1;
    const sides = sideChampions(game);
    for (const side of ["BLUE", "RED"] as const) {
      for (const id of sides[side]) {
        const row = champions.get(id) ?? [0, 0];
        row[0] += 1;
        if (game.winner === side) row[1] += 1;
        champions.set(id, row);
      }
    }
  }
  return { champions, blueWins, decided: games.length };
}

/** [decided games, wins] by champion id or by team key. */
type Counts<K> = ReadonlyMap<K, readonly [number, number]>;

/** Σ blue ratings − Σ red ratings of a game, with the counts of `held` (the games held out) taken out. */
function draftTerms(
  game: StatisticsGame,
  champions: Counts<number>,
  held: Counts<number> = new Map(),
): number {
  const sides = sideChampions(game);
  let terms = 0;
  for (const side of ["BLUE", "RED"] as const) {
    for (const id of sides[side]) {
      const row = champions.get(id);
      if (!row) continue;
      const out = held.get(id) ?? [0, 0];
      const r = rating(row[1] - out[1], row[0] - out[0]);
      terms += side === "BLUE" ? r : -r;
    }
  }
  return terms;
}

/** A team's form: the logit of its win rate shrunk toward 50% (0 for a team without a decided game). */
const formOf = (wins: number, decided: number, prior: number) =>
  logit((wins + prior / 2) / (decided + prior));

/** Decided games and wins per team (by `teamKey`) of a set of decided games. */
function teamRecords(games: readonly StatisticsGame[]): Map<string, [number, number]> {
  const records = new Map<string, [number, number]>();
  for (const game of games) {
    for (const side of ["BLUE", "RED"] as const) {
      const key = teamKey(game.teams?.[side] ?? "");
      if (key === "") continue;
      const row = records.get(key) ?? [0, 0];
      row[0] += 1;
      if (game.winner === side) row[1] += 1;
      records.set(key, row);
    }
  }
  return records;
}

/**
 * Blue's form minus red's at each of `priors`, with the records of `held` (the games held out)
 * taken out. Each team is looked up once for all the priors.
 */
function formTerms(
  game: StatisticsGame,
  records: Counts<string>,
  priors: readonly number[],
  held: Counts<string> = new Map(),
): number[] {
  const terms = priors.map(() => 0);
  for (const side of ["BLUE", "RED"] as const) {
    const key = teamKey(game.teams?.[side] ?? "");
    const row = records.get(key);
    if (!row) continue;
    const out = held.get(key) ?? [0, 0];
    priors.forEach((prior, k) => {
      const form = formOf(row[1] - out[1], row[0] - out[0], prior);
      terms[k]! += side === "BLUE" ? form : -form;
    });
  }
  return terms;
}

/**
 * The blocks of held-out predictions: a day's games together when the games carry dates on at least
 * `basePriorMinDays` days (a series is played in a day by the same two teams, so a game predicted
 * from its own series' other games would see its teams' result of that evening), otherwise each game
 * alone.
 */
function heldOutBlocks(games: readonly StatisticsGame[]): StatisticsGame[][] {
  const days = new Set(games.map(dayOf).filter((day) => day !== ""));
  if (days.size < WIN_MODEL.basePriorMinDays) return games.map((game) => [game]);
  const blocks = new Map<string, StatisticsGame[]>();
  games.forEach((game, i) => {
    const key = dayOf(game) || `#${i}`;
    const block = blocks.get(key);
    if (block) block.push(game);
    else blocks.set(key, [game]);
  });
  return [...blocks.values()];
}

/**
 * Held-out choice of the draft terms' scale and the teams' form (its prior and scale) over decided
 * games: each block of games (`heldOutBlocks`) predicted from the counts of the others.
 */
function heldOutChoice(games: readonly StatisticsGame[], prior: number) {
  const { champions, blueWins, decided } = tally(games);
  const records = teamRecords(games);
  const rows = heldOutBlocks(games).flatMap((block) => {
    const held = tally(block);
    const heldRecords = teamRecords(block);
    const base = logit(baseRate(blueWins - held.blueWins, decided - held.decided, prior));
    return block.map((game) => ({
      base,
      terms: draftTerms(game, champions, held.champions),
      form: formTerms(game, records, WIN_MODEL.formPriors, heldRecords),
      y: game.winner === "BLUE" ? 1 : 0,
    }));
  });
  const none = { prior: WIN_MODEL.formPriors[0] as number, scale: 0 };
  if (rows.length === 0) return { scale: 0, form: none, rows: 0, logloss: 0, constant: 0 };
  const lossAt = (scale: number, formIndex: number, formScale: number) =>
    rows.reduce(
      (sum, row) =>
        sum + logloss(sigmoid(row.base + scale * row.terms + formScale * row.form[formIndex]!), row.y),
      0,
    ) / rows.length;
  const constant = lossAt(0, 0, 0);
  let best = { scale: 0, form: none };
  let bestLoss = constant;
  for (const scale of WIN_MODEL.scales) {
    WIN_MODEL.formPriors.forEach((formPrior, formIndex) => {
      for (const formScale of WIN_MODEL.formScales) {
        const loss = lossAt(scale, formIndex, formScale);
        if (loss < bestLoss) {
          best = { scale, form: { prior: formPrior, scale: formScale } };
          bestLoss = loss;
        }
      }
    });
  }
  if (constant - bestLoss < WIN_MODEL.minGain) {
    best = { scale: 0, form: none };
    bestLoss = constant;
  }
  return { ...best, rows: rows.length, logloss: bestLoss, constant };
}

/**
 * The forward check: fit on the earlier games (by date; in the given order when they carry no
 * dates), score the later ones. Null when either window is too small to say anything.
 */
export function forwardCheck(games: readonly StatisticsGame[]): WinForwardCheck | null {
  const decided = games
    .map((game, i) => ({ game, i }))
    .filter(({ game }) => game.winner === "BLUE" || game.winner === "RED")
    .sort((a, b) => {
      const da = a.game.date ?? "";
      const db = b.game.date ?? "";
      return da < db ? -1 : da > db ? 1 : a.i - b.i;
    })
    .map(({ game }) => game);
  const days = [...new Set(decided.map((game) => (game.date ?? "").slice(0, 10)).filter((d) => d !== ""))];
  let fit: StatisticsGame[];
  let scored: StatisticsGame[];
  if (days.length >= 2) {
    const later = Math.min(days.length - 1, Math.max(1, Math.round(days.length * WIN_MODEL.forwardShare)));
    const first = days[days.length - later]!;
    fit = decided.filter((game) => (game.date ?? "").slice(0, 10) < first);
    scored = decided.filter((game) => (game.date ?? "").slice(0, 10) >= first);
  } else {
    const cut = Math.round(decided.length * (1 - WIN_MODEL.forwardShare));
    fit = decided.slice(0, cut);
    scored = decided.slice(cut);
  }
  if (fit.length < WIN_MODEL.forwardMinFit || scored.length < WIN_MODEL.forwardMinScored) return null;
  // everything from the earlier games only: the base rate's prior, the scales, the ratings, the form
  const prior = chooseBasePrior(fit);
  const { scale, form } = heldOutChoice(fit, prior);
  const { champions, blueWins } = tally(fit);
  const records = teamRecords(fit);
  const base = logit(baseRate(blueWins, fit.length, prior));
  let loss = 0;
  let constant = 0;
  for (const game of scored) {
    const y = game.winner === "BLUE" ? 1 : 0;
    const x =
      base + scale * draftTerms(game, champions) + form.scale * formTerms(game, records, [form.prior])[0]!;
    loss += logloss(sigmoid(x), y);
    constant += logloss(sigmoid(base), y);
  }
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const figures = { logloss: r4(loss / scored.length), logloss_constant: r4(constant / scored.length) };
  return {
    games: scored.length,
    fit_games: fit.length,
    ...figures,
    beats: (scale > 0 || form.scale > 0) && figures.logloss < figures.logloss_constant,
  };
}

/** A team's results in the data behind a win estimate. */
export interface TeamForm {
  readonly games: number;
  readonly wins: number;
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
   * "draft": the picks move the estimate (they beat the base rate on LATER games, forward in
   * time); "base_rate": they did not (or the data is too thin to check), so this is only how often
   * blue wins in the data, and the interface says the data is too thin to estimate the draft.
   */
  readonly basis: "draft" | "base_rate";
  /** Enough games to show a percentage at all (`WIN_MODEL.minGames`). */
  readonly sufficient: boolean;
  /** Held-out log-loss of the estimate and of the constant base rate (per game), when calibrated. */
  readonly logloss: number | null;
  readonly logloss_constant: number | null;
  /**
   * The teams' results in the data when their form counts in the estimate (the forward check chose
   * it, and the draft names its teams): decided games and wins, null for a team the data does not
   * know. Null when form does not count.
   */
  readonly form: { readonly BLUE: TeamForm | null; readonly RED: TeamForm | null } | null;
  /** The forward check behind `basis` (later games scored by a model fit on earlier ones); null when too thin. */
  readonly forward: {
    readonly games: number;
    readonly logloss: number;
    readonly logloss_constant: number;
  } | null;
}

/**
 * The win estimate for a draft, complete or partial, with its uncertainty. Null without
 * statistics that hold decided games.
 *
 * @example
 * const estimate = estimateWin(state, stats, { BLUE: "T1", RED: "Gen.G" });
 * // { blue: 0.53, low: 0.44, high: 0.61, games: 1240, picks: 6, basis: "draft", sufficient: true, … }
 */
export function estimateWin(
  state: DraftState,
  statistics: DraftStatistics | null | undefined,
  teams?: Partial<Record<Side, string | null>> | null,
): WinEstimate | null {
  if (!statistics || statistics.decided_games <= 0) return null;
  const n = statistics.decided_games;
  const calibration = statistics.win_model;
  const prior = calibration?.base_prior ?? WIN_MODEL.basePriors[0];
  const p0 = baseRate(statistics.blue_wins ?? n / 2, n, prior);
  const forward = calibration?.forward ?? null;
  // the draft terms count only when they beat the base rate on later games
  const scale = forward?.beats ? (calibration?.scale ?? 0) : 0;
  const formScale = forward?.beats ? (calibration?.form_scale ?? 0) : 0;
  const byId = new Map(statistics.champions.map((row) => [row.champion_id, row]));
  let x = logit(p0);
  let variance = 1 / ((n + prior) * p0 * (1 - p0));
  let form: WinEstimate["form"] = null;
  if (formScale > 0 && (teams?.BLUE || teams?.RED)) {
    const formPrior = calibration?.form_prior ?? WIN_MODEL.formPriors[0];
    const record = (name: string | null | undefined): TeamForm | null => {
      const key = name ? teamKey(name) : "";
      const row = key === "" ? undefined : statistics.teams?.find((team) => team.key === key);
      return row && (row.decided ?? 0) > 0 ? { games: row.decided ?? 0, wins: row.wins ?? 0 } : null;
    };
    form = { BLUE: record(teams.BLUE), RED: record(teams.RED) };
    for (const side of ["BLUE", "RED"] as const) {
      const row = form[side];
      if (!row) continue;
      const f = formOf(row.wins, row.games, formPrior);
      x += formScale * (side === "BLUE" ? f : -f);
      const q = sigmoid(f);
      variance += (formScale * formScale) / ((row.games + formPrior) * q * (1 - q));
    }
    if (!form.BLUE && !form.RED) form = null;
  }
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
    basis: scale > 0 || form ? "draft" : "base_rate",
    sufficient: n >= WIN_MODEL.minGames,
    logloss: calibration?.logloss ?? null,
    logloss_constant: calibration?.logloss_constant ?? null,
    form,
    forward: forward
      ? { games: forward.games, logloss: forward.logloss, logloss_constant: forward.logloss_constant }
      : null,
  };
}
