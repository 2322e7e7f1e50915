/**
 * Recommendation quality on later professional drafts, measured FORWARD IN TIME.
 *
 * Reads an Oracle's Elixir file (default: the sample shipped with the server, apps/server/seed-data)
 * through the server's own parser, orders the games by date, and splits them by DAY: the last ~25%
 * of days are the test window, the earlier days the training window. Statistics come from the
 * training window only; every pick and ban of a test game is replayed step by step and the bench
 * records where the pro's real choice stood in the engine's ranking, in the most picked (or banned)
 * list and in that list limited to champions that can still play an open position (open by the
 * TRUE positions of the picks so far: the issue's `_open_positions` keys; and by positions inferred
 * from the training statistics, what the engine can see: `_open_positions_inferred`). The win
 * estimate of every complete test draft is scored (log-loss, Brier) against a constant: the blue
 * side's win rate in the training window (+1/+2). The estimate's own base rate is that rate shrunk
 * toward 50% with pseudo-games chosen across the training days (`chooseBasePrior`, win.ts);
 * `win_draft_share` says how many of the estimates moved with the picks at all.
 *
 * Weights: a coordinate search over `SEARCH` runs on a blocked cross-validation of the TRAINING
 * window (contiguous blocks of its days); the test window never takes part. A 5-fold
 * cross-validation by game with the same weights is printed as a secondary line (not forward: its
 * folds mix days). Large files are sampled deterministically (BENCH_MAX_TEST_GAMES,
 * BENCH_MAX_VALIDATION_GAMES) so a season stays within a few minutes.
 *
 * Fearless series (decision 037): a game after the first of its match gets the picks of the match's
 * earlier games as `locked` when its league is estimated (on the statistics' own training games)
 * to play fearless, as a product series passes its locks; `_open_positions_fearless` keys give the
 * open-position list the same locks.
 *
 * How far one test window can see (decision 034): the forward bans split by phase (first-phase
 * power bans, second-phase bans aimed at positions), the hit@10 margin over the open-position list
 * with a 95% paired bootstrap over the test games, a rolling origin (each later block of days scored
 * with statistics of the earlier ones only) and the training window's own blocked cross-validation
 * for the engine and the list.
 *
 * A timing run (only) on a generated season (bench/generate-season.ts, BENCH_SEASON_GAMES=10000)
 * closes it: `recommend`'s median and p99 per call over those statistics.
 *
 * Run: `npm run bench:recommend-quality` (env MATCH_CSV, BENCH_TEST_SHARE (0.25), BENCH_SEARCH=0 to
 * score the shipped weights without a search, BENCH_TUNE=1 to print the training-window choice
 * only, BENCH_FOLDS, BENCH_ROLLING_BLOCKS (5), BENCH_SEASON_GAMES (10,000; 0 skips the timing),
 * BENCH_RANKER (0: hand weights; shipped: the shipped file's weights, untrained), BENCH_LEDGER=0 to
 * skip the team-ledger measure, BENCH_LEDGER_MIN_GAMES (2)). The last line is one JSON object with
 * the forward figures as fractions.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildStatistics,
  type ChampionInfo,
  DRAFT_SEQUENCE,
  type DraftActionInput,
  type DraftStatistics,
  estimateFearless,
  estimateWin,
  type FitResult,
  fearlessLocks,
  fitRanker,
  fromActions,
  handRankerWeights,
  POSITIONS,
  type Position,
  type ProSeriesGame,
  RANKER_FEATURES,
  RANKER_GROUPS,
  RANKER_MODEL,
  RANKER_WEIGHTS,
  type RankerList,
  type RankerWeights,
  RECOMMEND_MODEL,
  rankerFeatures,
  recommend,
  type Side,
  type StatisticsGame,
  seriesEarlierGames,
  stepOfOrder,
  TEAM_LEDGER_MODEL,
  type TeamLedgerGame,
  type TeamLedgerInput,
} from "@draftroom/draft";
import { type ParsedGame, parseOraclesElixir } from "../apps/server/src/modules/matches/oracles-elixir.ts";
import { generateSeason } from "./generate-season.ts";
import { type OpponentBenchGame, opponentTally, tallyOpponentFold } from "./opponent-quality.ts";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const FOLDS = Number(process.env.BENCH_FOLDS ?? 5);
const TUNE = process.argv.includes("--tune") || process.env.BENCH_TUNE === "1";
// Trying other weights (training window only): BENCH_TUNE=1 BENCH_MODEL='{"pickFitWeight":1.5}' npm run bench:recommend-quality
if (process.env.BENCH_MODEL) {
  if (!TUNE)
    throw new Error("BENCH_MODEL is for --tune runs only: weights are never tuned on the test window");
  Object.assign(RECOMMEND_MODEL, JSON.parse(process.env.BENCH_MODEL));
}

// ---- data ------------------------------------------------------------------------------------
const ddragon = JSON.parse(
  readFileSync(root("apps/server/seed-data/ddragon-champion-16.6.1.json"), "utf8"),
) as {
  data: Record<string, { id: string; key: string; name: string; tags: string[] }>;
};
const pool = Object.values(ddragon.data).map((c) => ({
  id: Number(c.key),
  name: c.name,
  champion_key: c.id,
}));
const champions: ChampionInfo[] = Object.values(ddragon.data)
  .map((c) => ({ id: Number(c.key), name: c.name, role: c.tags[0] ?? "Fighter", tags: c.tags }))
  .sort((a, b) => a.id - b.id);
/** Default: the shipped sample's 52 games and the 52 that follow them (11-18 January 2025). */
const csvPath = process.env.MATCH_CSV ?? root("bench/data/oracles-elixir-2025-jan11-18.csv");
const parsed = parseOraclesElixir(readFileSync(csvPath, "utf8"), pool);
if (parsed.problems.length > 0) throw new Error(`${parsed.problems.length} problem rows in ${csvPath}`);

interface Event {
  step: number;
  side: Side;
  type: "PICK" | "BAN";
  champion_id: number | null;
  position: Position | null;
}
interface Game {
  parsed: ParsedGame;
  events: Event[];
  statistics: StatisticsGame;
  series: ProSeriesGame;
}

/** Engine steps of one side's picks (or bans), in order: the k-th pick of a side goes to the k-th. */
function sideSteps(side: Side, type: "PICK" | "BAN"): number[] {
  return DRAFT_SEQUENCE.filter((s) => s.side === side && s.type === type).map((s) => s.index);
}

function seriesGame(game: ParsedGame): ProSeriesGame {
  return {
    id: game.id,
    league: game.league,
    date: game.date,
    game_number: game.game_number,
    teams: { BLUE: game.blue_team, RED: game.red_team },
    picks: game.picks.map((p) => p.champion_id),
  };
}

function toGame(game: ParsedGame): Game | null {
  const events: Event[] = [];
  for (const side of ["BLUE", "RED"] as const) {
    const pickSteps = sideSteps(side, "PICK");
    const picks = game.picks.filter((p) => p.side === side);
    if (picks.some((p) => p.pick_order === null)) return null;
    for (const pick of picks) {
      events.push({
        step: pickSteps[pick.pick_order! - 1]!,
        side,
        type: "PICK",
        champion_id: pick.champion_id,
        position: pick.position,
      });
    }
    const banSteps = sideSteps(side, "BAN");
    const bans = game.bans.filter((b) => b.side === side);
    // a ban missing from the record was skipped (no champion): the draft still passed that step
    banSteps.forEach((step, k) => {
      events.push({
        step,
        side,
        type: "BAN",
        champion_id: bans.find((b) => b.ban_order === k + 1)?.champion_id ?? null,
        position: null,
      });
    });
  }
  events.sort((a, b) => a.step - b.step);
  return {
    parsed: game,
    events,
    series: seriesGame(game),
    statistics: {
      winner: game.winner,
      patch: game.patch,
      teams: { BLUE: game.blue_team, RED: game.red_team },
      league: game.league,
      date: game.date,
      picks: game.picks.map((p) => ({
        side: p.side,
        champion_id: p.champion_id,
        position: p.position,
        step: p.pick_order === null ? null : stepOfOrder(p.side, "PICK", p.pick_order),
      })),
      bans: game.bans.map((b) => ({
        champion_id: b.champion_id,
        side: b.side,
        step: stepOfOrder(b.side, "BAN", b.ban_order),
      })),
    },
  };
}

/** Games in date order (ties by id): the forward split trains on the earlier days only. */
const games = parsed.games
  .map(toGame)
  .filter((g): g is Game => g !== null)
  .sort(
    (a, b) =>
      (a.parsed.date < b.parsed.date ? -1 : a.parsed.date > b.parsed.date ? 1 : 0) ||
      (a.parsed.id < b.parsed.id ? -1 : 1),
  );
/**
 * The earlier games of each game's match (all of them precede it in time, so a test game may use
 * the earlier games of its own match, as a product series does), from every game of the file: a
 * game left out for want of a pick order still spent its champions.
 */
const earlierGames = seriesEarlierGames(parsed.games.map(seriesGame));
/**
 * Fearless locks as the product passes them in a fearless series: whether a league plays fearless
 * is estimated from `training` only (decision 037); the locks are the picks of the game's earlier
 * games in its match.
 */
type Locks = (game: Game) => number[];
function locksFrom(training: Game[]): Locks {
  const estimate = estimateFearless(
    training.map((g) => g.series),
    earlierGames,
  );
  const memo = new Map<string, number[]>();
  return (game) => {
    let locked = memo.get(game.parsed.id);
    if (!locked) {
      locked = fearlessLocks(game.series, earlierGames, estimate);
      memo.set(game.parsed.id, locked);
    }
    return locked;
  };
}
const noLocks: Locks = () => [];

const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
};
const foldOf = (game: Game, folds: number, salt = "") => hash(salt + game.parsed.id) % folds;
const dayOf = (game: Game) => game.parsed.date.slice(0, 10);
/** At most `max` games of `list`, chosen by a hash of their id (deterministic), kept in date order. */
function capGames(list: Game[], max: number, salt: string): Game[] {
  if (list.length <= max) return list;
  const keep = new Set(
    [...list].sort((a, b) => hash(salt + a.parsed.id) - hash(salt + b.parsed.id)).slice(0, max),
  );
  return list.filter((g) => keep.has(g));
}

// ---- rankers -----------------------------------------------------------------------------------
type Ranker = (game: Game, upTo: number, event: Event) => number[];

function stateBefore(game: Game, index: number) {
  const actions: DraftActionInput[] = game.events.slice(0, index).map((e) => ({
    phase_number: e.step,
    action_type: e.type,
    team_side: e.side,
    champion_id: e.champion_id,
  }));
  return fromActions(actions);
}

/** First reasons of the engine's top-5 items (scored test choices only), for `presence_reason_share`. */
const firstReasons = new Map<string, number>();
const PRESENCE_KEYS = new Set(["recommend.reason.contested", "recommend.reason.presence"]);

function engineRanker(statistics: DraftStatistics, locks: Locks, withTeams = true, reasons = false): Ranker {
  return (game, index, event) => {
    const state = stateBefore(game, index);
    const locked = locks(game);
    const result = recommend({
      state,
      champions,
      ...(locked.length > 0 ? { locked } : {}),
      side: event.side,
      action: event.type,
      statistics,
      league: game.parsed.league,
      ...(withTeams ? { teams: { BLUE: game.parsed.blue_team, RED: game.parsed.red_team } } : {}),
      limit: champions.length,
    });
    if (reasons) {
      for (const item of result.items.slice(0, 5)) {
        const key = item.reasons[0]?.key ?? "none";
        firstReasons.set(key, (firstReasons.get(key) ?? 0) + 1);
      }
    }
    return result.items.map((item) => item.champion_id);
  };
}

/**
 * Most picked (for picks) or banned (for bans) first; optionally only champions fitting an open
 * position. The open positions come from the game's TRUE positions of the picks so far (what the
 * issue's `_open_positions` keys use: a stronger baseline than the engine, which only sees the
 * champions), or, with `inferPositions`, from the statistics alone (each pick, in order, takes its
 * most played position still free), the information the engine has.
 */
function listRanker(
  statistics: DraftStatistics,
  openPositionsOnly: boolean,
  inferPositions = false,
  locks: Locks = noLocks,
): Ranker {
  const byPicks = [...statistics.champions].sort(
    (a, b) => b.picks - a.picks || a.champion_id - b.champion_id,
  );
  const byBans = [...statistics.champions].sort((a, b) => b.bans - a.bans || a.champion_id - b.champion_id);
  const positions = new Map(
    statistics.champions.map((c) => [c.champion_id, Object.keys(c.positions) as Position[]]),
  );
  return (game, index, event) => {
    const used = new Set([...game.events.slice(0, index).map((e) => e.champion_id), ...locks(game)]);
    // A pick fills our side's open positions; a ban denies the enemy's.
    const team: Side = event.type === "PICK" ? event.side : event.side === "BLUE" ? "RED" : "BLUE";
    const teamPicks = game.events.slice(0, index).filter((e) => e.type === "PICK" && e.side === team);
    const taken = new Set<Position | null>();
    for (const pick of teamPicks) {
      if (!inferPositions) {
        taken.add(pick.position);
        continue;
      }
      const row = statistics.champions.find((c) => c.champion_id === pick.champion_id);
      const guess = POSITIONS.filter((p) => !taken.has(p) && (row?.positions[p]?.games ?? 0) > 0).sort(
        (a, b) => (row?.positions[b]?.games ?? 0) - (row?.positions[a]?.games ?? 0),
      )[0];
      if (guess) taken.add(guess);
    }
    const open = POSITIONS.filter((p) => !taken.has(p));
    const fits = (id: number) => {
      const played = positions.get(id) ?? [];
      return played.length === 0 || played.some((p) => open.includes(p));
    };
    return (event.type === "PICK" ? byPicks : byBans)
      .map((c) => c.champion_id)
      .filter((id) => !used.has(id) && (!openPositionsOnly || fits(id)));
  };
}

// ---- scoring -----------------------------------------------------------------------------------
interface Tally {
  n: number;
  hit1: number;
  hit5: number;
  hit10: number;
  rr: number;
}
const tally = (): Tally => ({ n: 0, hit1: 0, hit5: 0, hit10: 0, rr: 0 });
function record(t: Tally, ranking: readonly number[], truth: number) {
  const rank = ranking.indexOf(truth) + 1;
  t.n += 1;
  if (rank >= 1) {
    if (rank <= 1) t.hit1 += 1;
    if (rank <= 5) t.hit5 += 1;
    if (rank <= 10) t.hit10 += 1;
    t.rr += 1 / rank;
  }
}
const frac = (x: number, n: number) => (n === 0 ? 0 : Number((x / n).toFixed(4)));

const RANKERS = [
  "engine",
  "most_list",
  "most_list_open_positions",
  "most_list_open_positions_inferred",
  "most_list_open_positions_fearless",
] as const;
type RankerName = (typeof RANKERS)[number];
type Results = Record<RankerName, Record<"PICK" | "BAN", Tally>>;
const newResults = (): Results => ({
  engine: { PICK: tally(), BAN: tally() },
  most_list: { PICK: tally(), BAN: tally() },
  most_list_open_positions: { PICK: tally(), BAN: tally() },
  most_list_open_positions_inferred: { PICK: tally(), BAN: tally() },
  most_list_open_positions_fearless: { PICK: tally(), BAN: tally() },
});
/**
 * One scored game's tallies by kind of choice: picks, first-phase bans (BAN1: the meta's power
 * bans, before any pick) and second-phase bans (BAN2: aimed at the enemy's remaining positions).
 * The forward run keeps them per game for the paired bootstrap and the per-phase figures.
 */
const CHOICE_KINDS = ["PICK", "BAN1", "BAN2"] as const;
type ChoiceKind = (typeof CHOICE_KINDS)[number];
type GameRecord = Record<ChoiceKind, Record<RankerName, Tally>>;
const newGameRecord = (): GameRecord =>
  Object.fromEntries(
    CHOICE_KINDS.map((kind) => [kind, Object.fromEntries(RANKERS.map((name) => [name, tally()]))]),
  ) as GameRecord;
const choiceKind = (event: Event): ChoiceKind =>
  event.type === "PICK" ? "PICK" : DRAFT_SEQUENCE[event.step]!.phase <= 1 ? "BAN1" : "BAN2";

interface WinTally {
  n: number;
  logloss: number;
  brier: number;
  loglossConstant: number;
  brierConstant: number;
  /** Estimates that moved with the picks (basis "draft"); the others are the shrunk side rate. */
  draft: number;
  /**
   * Log-loss of the draft terms as fit on the training window (leave-one-out scale), used even
   * where the training window's own forward verdict keeps them out: a diagnostic of what the
   * picks would have said, never what the product shows.
   */
  loglossUngated: number;
}
/** One scored test game's win estimate (blue's chance), its result and the constant's estimate. */
interface WinGame {
  p: number;
  y: number;
  constant: number;
}
const newWin = (): WinTally => ({
  n: 0,
  logloss: 0,
  brier: 0,
  loglossConstant: 0,
  brierConstant: 0,
  draft: 0,
  loglossUngated: 0,
});
/** The practice opponent (team-weighted) vs the model without the weighting, on choices of teams with ≥ 5 training games. */
const practice = opponentTally();
const PRACTICE_MIN_GAMES = 5;
const opponentGame = (g: Game): OpponentBenchGame => ({
  id: g.parsed.id,
  teams: { BLUE: g.parsed.blue_team, RED: g.parsed.red_team },
  statistics: g.statistics,
  events: g.events,
});

/**
 * Scores `scored` games against statistics built from `training` only: every pick and ban for the
 * three rankers, and the win estimate of every complete draft against the training base rate.
 * Returns the training statistics it built.
 */
function evaluate(
  training: Game[],
  scored: Game[],
  results: Results,
  win: WinTally,
  options: { reasons?: boolean; opponent?: boolean; perGame?: GameRecord[]; winGames?: WinGame[] } = {},
) {
  const statistics = buildStatistics(training.map((g) => g.statistics));
  const locks = locksFrom(training);
  const rankers: Record<RankerName, Ranker> = {
    engine: engineRanker(statistics, locks, true, options.reasons ?? false),
    most_list: listRanker(statistics, false),
    most_list_open_positions: listRanker(statistics, true),
    most_list_open_positions_inferred: listRanker(statistics, true, true),
    most_list_open_positions_fearless: listRanker(statistics, true, false, locks),
  };
  if (options.opponent) {
    tallyOpponentFold(
      practice,
      training.map(opponentGame),
      capGames(scored, MAX_OPPONENT_GAMES, "opponent").map(opponentGame),
      champions,
      statistics,
      PRACTICE_MIN_GAMES,
    );
  }
  const decided = training.filter((g) => g.parsed.winner === "BLUE" || g.parsed.winner === "RED");
  const blueRate = (decided.filter((g) => g.parsed.winner === "BLUE").length + 1) / (decided.length + 2);
  const model = statistics.win_model;
  const ungatedStatistics: DraftStatistics =
    model?.forward && model.scale > 0
      ? { ...statistics, win_model: { ...model, forward: { ...model.forward, beats: true } } }
      : statistics;
  const clip = (x: number) => Math.min(1 - 1e-6, Math.max(1e-6, x));
  for (const game of scored) {
    const y = game.parsed.winner === "BLUE" ? 1 : 0;
    const mine = options.perGame ? newGameRecord() : null;
    game.events.forEach((event, index) => {
      if (event.champion_id === null) return;
      for (const name of RANKERS) {
        const ranking = rankers[name](game, index, event);
        record(results[name][event.type], ranking, event.champion_id);
        if (mine) record(mine[choiceKind(event)][name], ranking, event.champion_id);
      }
    });
    if (mine) options.perGame!.push(mine);
    const teams = { BLUE: game.parsed.blue_team, RED: game.parsed.red_team };
    const estimate = estimateWin(stateBefore(game, game.events.length), statistics, teams);
    const p = estimate?.blue ?? blueRate;
    if (estimate?.basis === "draft") win.draft += 1;
    const ungated =
      estimateWin(stateBefore(game, game.events.length), ungatedStatistics, teams)?.blue ?? blueRate;
    win.loglossUngated += -(y * Math.log(clip(ungated)) + (1 - y) * Math.log(clip(1 - ungated)));
    win.n += 1;
    win.logloss += -(y * Math.log(clip(p)) + (1 - y) * Math.log(clip(1 - p)));
    win.brier += (p - y) ** 2;
    win.loglossConstant += -(y * Math.log(blueRate) + (1 - y) * Math.log(1 - blueRate));
    win.brierConstant += (blueRate - y) ** 2;
    options.winGames?.push({ p, y, constant: blueRate });
  }
  return statistics;
}

// ---- weight selection inside the training window -----------------------------------------------
/**
 * The search space, fixed before any run: for each weight (or group of weights), its candidate
 * values, the FIRST being the shipped value. A coordinate search (one pass by default) starts from
 * the shipped values and, dimension by dimension, keeps a value only when it raises the engine's
 * validation score (hit@1, hit@5 and hit@10 of picks and bans averaged, MRR to break ties) by
 * more than `MIN_GAIN`, on a BLOCKED cross-validation of the training window: its days cut into
 * `INNER_FOLDS` contiguous blocks, each block scored against statistics of the other blocks. The
 * test window takes no part in it. The shipped `RECOMMEND_MODEL` holds what this search picks on
 * the shipped sample's training window (BENCH_TUNE=1 prints it).
 */
type Weights = Partial<Record<keyof typeof RECOMMEND_MODEL, number>>;
const SEARCH: { name: string; values: number[] }[] = [
  { name: "pickFitWeight", values: [3, 2, 4] },
  { name: "banFitWeight", values: [3, 2, 4] },
  { name: "availabilityWeight", values: [1, 0.5] },
  { name: "leaguePickWeight", values: [0, 0.5] },
  { name: "leagueBanWeight", values: [0.5, 0, 1] },
  { name: "teamPickWeight", values: [0.2, 0, 0.5] },
  { name: "teamBanWeight", values: [0.5, 0, 1] },
  { name: "opponentPickWeight", values: [0.3, 0, 0.6] },
  { name: "pickOrderWeight", values: [0.5, 0, 1] },
  { name: "flexWeight", values: [0, 0.3, 0.6] },
  { name: "winWeight", values: [0.1, 0, 0.3] },
  { name: "blindWeight", values: [0.25, 0] },
  { name: "synergyWeight", values: [0.5, 0, 1] },
  { name: "counterWeight", values: [0.5, 0, 1] },
  { name: "denyWeight", values: [0, 0.5] },
  { name: "banNextPickShare", values: [0, 0.2] },
  { name: "banPositionWeight", values: [0, 1, 2] },
  { name: "banSynergyWeight", values: [0, 0.5, 1] },
  { name: "banCounterWeight", values: [0.5, 0, 1] },
  { name: "banOwnNeedWeight", values: [0, 0.5, 0.8] },
].filter((d) => d.name in RECOMMEND_MODEL);
const INNER_FOLDS = Number(process.env.BENCH_INNER_FOLDS ?? 4);
const PASSES = Number(process.env.BENCH_PASSES ?? 1);
/** A new value must beat the current one by this much (of the averaged hit rates) to be kept. */
const MIN_GAIN = Number(process.env.BENCH_MIN_GAIN ?? 0.003);
/** Caps that keep the bench to a few minutes on a season of games (deterministic samples). */
const MAX_VALIDATION_GAMES = Number(process.env.BENCH_MAX_VALIDATION_GAMES ?? 160);
const MAX_TEST_GAMES = Number(process.env.BENCH_MAX_TEST_GAMES ?? 600);
/** The practice-opponent check replays each choice twice with a team profile: fewer games. */
const MAX_OPPONENT_GAMES = Number(process.env.BENCH_MAX_OPPONENT_GAMES ?? 150);
const shipped = { ...RECOMMEND_MODEL };
/**
 * The ranker weights `recommend` uses inside `withModel` (decision 043): the ones trained on the
 * training window of the evaluation at hand; null = the hand weights of `RECOMMEND_MODEL`.
 */
let currentRanker: RankerWeights | null = null;
const withModel = <T>(config: object, run: () => T, ranker: RankerWeights | null = currentRanker): T => {
  Object.assign(RECOMMEND_MODEL, shipped, config);
  const before = RANKER_MODEL.weights;
  RANKER_MODEL.weights = ranker;
  try {
    return run();
  } finally {
    Object.assign(RECOMMEND_MODEL, shipped);
    RANKER_MODEL.weights = before;
  }
};
/** Contiguous blocks of days of `list` (date order), at most `blocks` of them. */
function dayBlocks(list: Game[], blocks: number): Game[][] {
  const days = [...new Set(list.map(dayOf))];
  const count = Math.min(blocks, days.length);
  const blockOf = new Map(days.map((day, i) => [day, Math.floor((i * count) / days.length)]));
  const out: Game[][] = Array.from({ length: count }, () => []);
  for (const g of list) out[blockOf.get(dayOf(g))!]!.push(g);
  return out;
}
function innerSplits(list: Game[], maxGames = MAX_VALIDATION_GAMES) {
  const blocks = dayBlocks(list, INNER_FOLDS);
  // One day only: blocks by game instead (a hash of the id).
  const parts =
    blocks.length >= 2
      ? blocks
      : Array.from({ length: INNER_FOLDS }, (_, k) => list.filter((g) => foldOf(g, INNER_FOLDS) === k));
  const perBlock = Math.ceil(maxGames / parts.length);
  return parts.map((held, k) => {
    const rest = parts.flatMap((part, j) => (j === k ? [] : part));
    return {
      statistics: buildStatistics(
        rest.map((g) => g.statistics),
        { calibrateWinModel: false },
      ),
      locks: locksFrom(rest),
      held: capGames(held, perBlock, `validation${k}`),
    };
  });
}
function innerScore(splits: ReturnType<typeof innerSplits>, config: Weights) {
  const t = { PICK: tally(), BAN: tally() };
  // the coordinate search tunes the hand weights (BENCH_SEARCH=1; the pre-ranker method of 022)
  withModel(
    config,
    () => {
      for (const { statistics, locks, held } of splits) {
        const ranker = engineRanker(statistics, locks);
        for (const game of held) {
          game.events.forEach((event, index) => {
            if (event.champion_id !== null)
              record(t[event.type], ranker(game, index, event), event.champion_id);
          });
        }
      }
    },
    null,
  );
  const rate = (x: Tally) =>
    (x.hit1 + x.hit5 + x.hit10) / 3 / Math.max(1, x.n) + 1e-3 * (x.rr / Math.max(1, x.n));
  lastInner = t;
  return (rate(t.PICK) + rate(t.BAN)) / 2;
}
let lastInner: { PICK: Tally; BAN: Tally } | null = null;
function selectWeights(list: Game[]): { weights: Weights; score: number } {
  const splits = innerSplits(list);
  let weights: Weights = Object.fromEntries(SEARCH.map((d) => [d.name, d.values[0]!]));
  let best = innerScore(splits, weights);
  for (let pass = 0; pass < PASSES; pass++) {
    let moved = false;
    for (const dimension of SEARCH) {
      for (const value of dimension.values.slice(1)) {
        if (weights[dimension.name as keyof Weights] === value) continue;
        const candidate = { ...weights, [dimension.name]: value };
        const score = innerScore(splits, candidate);
        if (score > best + MIN_GAIN) {
          best = score;
          weights = candidate;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return { weights, score: best };
}

// ---- the forward split ---------------------------------------------------------------------------
const started = performance.now();
const days = [...new Set(games.map(dayOf))];
const TEST_SHARE = Number(process.env.BENCH_TEST_SHARE ?? 0.25);
const testDays = Math.min(days.length - 1, Math.max(1, Math.round(days.length * TEST_SHARE)));
const firstTestDay = days[days.length - testDays]!;
const training = games.filter((g) => dayOf(g) < firstTestDay);
const test = games.filter((g) => dayOf(g) >= firstTestDay);
/**
 * BENCH_SEARCH=1 runs the coordinate search of the hand weights (decision 022) before the ranker is
 * trained; off by default since the learned ranker (decision 043) replaced it.
 */
const SEARCH_ON = process.env.BENCH_SEARCH === "1";
const selection = SEARCH_ON ? selectWeights(training) : { weights: {} as Weights, score: Number.NaN };
if (TUNE) {
  const base = innerScore(innerSplits(training), {});
  const show = (x: Tally) => [x.hit1, x.hit5, x.hit10, x.rr].map((v) => frac(v, x.n).toFixed(3)).join(" ");
  console.log(
    `Validation (blocked CV of the training window) of the starting weights: score ${base.toFixed(4)}; ` +
      `picks hit@1/5/10/MRR ${show(lastInner!.PICK)}; bans ${show(lastInner!.BAN)}`,
  );
  console.log(
    `Weights chosen on the training window (${training.length} games, ${days[0]} to ${days[days.length - testDays - 1]}; blocked CV score ${selection.score.toFixed(4)}):`,
  );
  console.log(JSON.stringify(selection.weights));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify({ validation: true, games: training.length, weights: selection.weights }));
  process.exit(0);
}
// ---- the learned ranker (decision 043), trained inside a training window only -------------------
/**
 * Training games per window for the ranker's choices (a deterministic sample beyond it): every
 * choice of these games, scored with statistics of the window's OTHER day blocks (the blocked
 * split of the weight search), is one softmax list.
 */
const MAX_RANKER_GAMES = Number(process.env.BENCH_MAX_RANKER_GAMES ?? 400);
/**
 * BENCH_RANKER=0 scores the hand weights instead (the engine before decision 043); BENCH_RANKER=
 * shipped scores the shipped file's weights without training (quick runs; no training figures).
 */
const SHIPPED_ONLY = process.env.BENCH_RANKER === "shipped";
const RANKER_ON = process.env.BENCH_RANKER !== "0" && !SHIPPED_ONLY;
interface TrainedRanker {
  weights: RankerWeights;
  fit: FitResult;
  /** Wall time, and the CPU time of this process (the machine is shared: the wall time is not ours alone). */
  seconds: number;
  cpuSeconds: number;
  games: number;
  /** Wall seconds of its parts: the blocks' statistics, the choices' features, the fit. */
  parts: { statistics: number; features: number; fit: number };
}
function trainRanker(list: Game[]): TrainedRanker {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const lists: RankerList[] = [];
  const splits = innerSplits(list, MAX_RANKER_GAMES);
  const t1 = performance.now();
  withModel(
    selection.weights,
    () => {
      splits.forEach(({ statistics, locks, held }, block) => {
        for (const game of held) {
          const locked = locks(game);
          game.events.forEach((event, index) => {
            if (event.champion_id === null) return;
            const choice = rankerFeatures({
              state: stateBefore(game, index),
              champions,
              ...(locked.length > 0 ? { locked } : {}),
              side: event.side,
              action: event.type,
              statistics,
              league: game.parsed.league,
              teams: { BLUE: game.parsed.blue_team, RED: game.parsed.red_team },
            });
            const chosen = choice.ids.indexOf(event.champion_id);
            if (chosen >= 0) lists.push({ group: choice.group, features: choice.features, chosen, block });
          });
        }
      });
    },
    null,
  );
  const t2 = performance.now();
  const fit = withModel(selection.weights, () => fitRanker(lists, { prior: handRankerWeights() }), null);
  const t3 = performance.now();
  return {
    parts: {
      statistics: Number(((t1 - t0) / 1000).toFixed(2)),
      features: Number(((t2 - t1) / 1000).toFixed(2)),
      fit: Number(((t3 - t2) / 1000).toFixed(2)),
    },
    weights: { features: [...RANKER_FEATURES], weights: fit.weights },
    fit,
    seconds: (performance.now() - t0) / 1000,
    cpuSeconds: (() => {
      const used = process.cpuUsage(cpu0);
      return (used.user + used.system) / 1e6;
    })(),
    games: splits.reduce((sum, split) => sum + split.held.length, 0),
  };
}
const forwardRanker = RANKER_ON ? trainRanker(training) : null;
currentRanker = forwardRanker?.weights ?? (SHIPPED_ONLY ? RANKER_MODEL.weights : null);
const rankerFigures: Record<string, unknown> = forwardRanker
  ? {
      ranker: "conditional logit by phase, pulled toward the hand weights",
      ranker_window_seconds: Number(forwardRanker.seconds.toFixed(2)),
      ranker_window_cpu_seconds: Number(forwardRanker.cpuSeconds.toFixed(2)),
      ranker_window_parts_seconds: forwardRanker.parts,
      ranker_training_games: forwardRanker.games,
      ranker_lists: forwardRanker.fit.lists,
      ranker_lambda: forwardRanker.fit.lambda,
    }
  : { ranker: SHIPPED_ONLY ? "shipped weights (not trained in this run)" : "hand weights" };
/** `npm run train-ranker` (this file with --write-ranker): ships the training window's weights. */
if (process.argv.includes("--write-ranker")) {
  if (!forwardRanker) throw new Error("--write-ranker needs the ranker (unset BENCH_RANKER)");
  const round6 = (x: number) => Number(x.toFixed(6));
  const training_window = {
    file: csvPath.split("/").slice(-1)[0],
    first_day: days[0],
    last_day: days[days.length - testDays - 1],
    games: training.length,
    choices: Object.values(forwardRanker.fit.lists).reduce((a, b) => a + b, 0),
    lambda: forwardRanker.fit.lambda,
  };
  const body = {
    features: [...RANKER_FEATURES],
    weights: Object.fromEntries(RANKER_GROUPS.map((g) => [g, forwardRanker.fit.weights[g].map(round6)])),
    training: training_window,
  };
  const target = root("packages/draft/src/ranker-weights.ts");
  writeFileSync(
    target,
    `// Generated by \`npm run train-ranker -w bench\` (bench/recommend-quality.ts --write-ranker; decision 043):\n` +
      "// the learned ranker's weights, fit on the forward split's TRAINING window only (recorded below).\n" +
      "// Regenerate; do not edit by hand.\n" +
      `export const RANKER_WEIGHTS = ${JSON.stringify(body, null, 2)};\n`,
  );
  console.log(`wrote ${target}: ${JSON.stringify(training_window)}`);
  process.exit(0);
}
const shippedMatches =
  forwardRanker !== null &&
  RANKER_WEIGHTS.features.length === RANKER_FEATURES.length &&
  RANKER_GROUPS.every((g) =>
    forwardRanker.fit.weights[g].every(
      (w, k) => Math.abs(w - ((RANKER_WEIGHTS.weights[g] as number[])[k] ?? Number.NaN)) < 1e-5,
    ),
  );

const forward = newResults();
const forwardWin = newWin();
const scoredTest = capGames(test, MAX_TEST_GAMES, "test");
const forwardGames: GameRecord[] = [];
const forwardWinGames: WinGame[] = [];
const forwardStatistics = withModel(selection.weights, () =>
  evaluate(training, scoredTest, forward, forwardWin, {
    reasons: true,
    opponent: true,
    perGame: forwardGames,
    winGames: forwardWinGames,
  }),
);

// ---- how far one test window can see: per phase, a paired bootstrap, a rolling origin --------------
/**
 * hit@10 of the engine minus the open-position list, over `records` (pooled choices of `kinds`),
 * with a 95% interval from a paired bootstrap that resamples the TEST GAMES (a game's choices move
 * together: they share a draft and a day), seeded, so the same data gives the same interval.
 */
function hit10Margin(
  records: readonly GameRecord[],
  kinds: readonly ChoiceKind[],
  metric: "hit1" | "hit10" = "hit10",
  baseline: RankerName = "most_list_open_positions",
  resamples = 2000,
) {
  const rows = records.map((r) => {
    let n = 0;
    let engine = 0;
    let list = 0;
    for (const kind of kinds) {
      n += r[kind].engine.n;
      engine += r[kind].engine[metric];
      list += r[kind][baseline][metric];
    }
    return { n, engine, list };
  });
  return pairedMargin(rows, resamples);
}

/**
 * (engine − list) per choice over `rows` (one per test game), with a 95% interval from a paired
 * bootstrap that resamples the rows (seeded: the same data gives the same interval).
 */
function pairedMargin(rows: readonly { n: number; engine: number; list: number }[], resamples = 2000) {
  const margin = (sample: readonly { n: number; engine: number; list: number }[]) => {
    let n = 0;
    let diff = 0;
    for (const row of sample) {
      n += row.n;
      diff += row.engine - row.list;
    }
    return n === 0 ? 0 : diff / n;
  };
  let seed = 0x9e3779b9;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draws: number[] = [];
  for (let b = 0; b < resamples && rows.length > 0; b++) {
    draws.push(margin(rows.map(() => rows[Math.floor(random() * rows.length)]!)));
  }
  draws.sort((x, y) => x - y);
  const at = (q: number) =>
    Number((draws[Math.min(draws.length - 1, Math.floor(q * draws.length))] ?? 0).toFixed(4));
  return { margin: Number(margin(rows).toFixed(4)), low: at(0.025), high: at(0.975) };
}
// ---- the team's own games (decision 055) --------------------------------------------------------
/**
 * The team-ledger signal, measured forward: each test game's teams get their games of the training
 * window as their ledger (a professional team's earlier official games stand for a workspace's
 * scrims), and their later choices are scored with and without it, for teams with at least
 * `LEDGER_MIN_GAMES` earlier games. Two settings: the team's habits also in the statistics (a
 * professional team, whose ledger then repeats what the statistics know of it, apart from its
 * results) and the team unknown to the statistics (a workspace team: only its ledger knows it).
 */
const LEDGER_MIN_GAMES = Number(process.env.BENCH_LEDGER_MIN_GAMES ?? 2);
const ids = (rows: readonly { champion_id: number | null }[]) =>
  rows.map((row) => row.champion_id).filter((id): id is number => id !== null);
function ledgerGame(game: Game, side: Side): TeamLedgerGame {
  const other: Side = side === "BLUE" ? "RED" : "BLUE";
  return {
    picks: ids(game.parsed.picks.filter((p) => p.side === side)),
    opponent_picks: ids(game.parsed.picks.filter((p) => p.side === other)),
    bans: ids(game.parsed.bans.filter((b) => b.side === side)),
    won: game.parsed.winner === side ? true : game.parsed.winner === other ? false : null,
  };
}
type LedgerVariant = "known" | "known_ledger" | "unknown" | "unknown_ledger";
const LEDGER_VARIANTS: readonly LedgerVariant[] = ["known", "known_ledger", "unknown", "unknown_ledger"];
function measureLedger(training: Game[], scored: Game[]) {
  const statistics = buildStatistics(training.map((g) => g.statistics));
  const locks = locksFrom(training);
  const ledgers = new Map<string, TeamLedgerGame[]>();
  for (const game of training) {
    for (const side of ["BLUE", "RED"] as const) {
      const team = side === "BLUE" ? game.parsed.blue_team : game.parsed.red_team;
      if (!team) continue;
      const list = ledgers.get(team) ?? [];
      list.push(ledgerGame(game, side));
      ledgers.set(team, list);
    }
  }
  const inputs = new Map<string, TeamLedgerInput>(
    [...ledgers]
      .filter(([, games]) => games.length >= LEDGER_MIN_GAMES)
      .map(([team, games]) => [team, { games }]),
  );
  /** Per test game and kind (PICK, BAN): each variant's tally. */
  const perGame: Record<"PICK" | "BAN", Record<LedgerVariant, Tally>>[] = [];
  for (const game of scored) {
    const mine = {
      PICK: Object.fromEntries(LEDGER_VARIANTS.map((v) => [v, tally()])),
      BAN: Object.fromEntries(LEDGER_VARIANTS.map((v) => [v, tally()])),
    } as Record<"PICK" | "BAN", Record<LedgerVariant, Tally>>;
    const locked = locks(game);
    game.events.forEach((event, index) => {
      if (event.champion_id === null) return;
      const team = event.side === "BLUE" ? game.parsed.blue_team : game.parsed.red_team;
      const ledger = team ? inputs.get(team) : undefined;
      if (!ledger) return;
      const state = stateBefore(game, index);
      for (const variant of LEDGER_VARIANTS) {
        const known = variant.startsWith("known");
        const result = recommend({
          state,
          champions,
          ...(locked.length > 0 ? { locked } : {}),
          side: event.side,
          action: event.type,
          statistics,
          league: game.parsed.league,
          teams: {
            BLUE: event.side === "BLUE" && !known ? null : game.parsed.blue_team,
            RED: event.side === "RED" && !known ? null : game.parsed.red_team,
          },
          ...(variant.endsWith("_ledger") ? { ledger } : {}),
          limit: 10,
        });
        record(
          mine[event.type][variant],
          result.items.map((item) => item.champion_id),
          event.champion_id,
        );
      }
    });
    perGame.push(mine);
  }
  const figures: Record<string, unknown> = {
    team_ledger_teams: inputs.size,
    team_ledger_min_games: LEDGER_MIN_GAMES,
  };
  for (const type of ["PICK", "BAN"] as const) {
    const kind = type === "PICK" ? "pick" : "ban";
    const total = (variant: LedgerVariant) => {
      const t = tally();
      for (const row of perGame) {
        t.n += row[type][variant].n;
        t.hit1 += row[type][variant].hit1;
        t.hit10 += row[type][variant].hit10;
      }
      return t;
    };
    figures[`team_ledger_${kind}_choices`] = total("known").n;
    for (const metric of ["hit1", "hit10"] as const) {
      for (const [prefix, base] of [
        ["team_ledger", "known"],
        ["team_ledger_unknown_team", "unknown"],
      ] as const) {
        const withLedger = total(`${base}_ledger`);
        const without = total(base);
        figures[`${prefix}_${kind}_${metric}`] = frac(withLedger[metric], withLedger.n);
        figures[`${prefix}_${kind}_${metric}_without`] = frac(without[metric], without.n);
        const m = pairedMargin(
          perGame.map((row) => ({
            n: row[type][base].n,
            engine: row[type][`${base}_ledger`][metric],
            list: row[type][base][metric],
          })),
        );
        figures[`${prefix}_${kind}_${metric}_margin`] = m.margin;
        figures[`${prefix}_${kind}_${metric}_margin_ci95`] = [m.low, m.high];
      }
    }
  }
  return figures;
}
const LEDGER_ON = process.env.BENCH_LEDGER !== "0";
const ledgerFigures = LEDGER_ON
  ? withModel(selection.weights, () => measureLedger(training, scoredTest))
  : {};

const pickMargin = hit10Margin(forwardGames, ["PICK"]);
const banMargin = hit10Margin(forwardGames, ["BAN1", "BAN2"]);
/** The issue-35 targets: margins over the open-position list given the same fearless locks. */
const FEARLESS = "most_list_open_positions_fearless";
const fearlessMargins = {
  pick_hit1: hit10Margin(forwardGames, ["PICK"], "hit1", FEARLESS),
  ban_hit1: hit10Margin(forwardGames, ["BAN1", "BAN2"], "hit1", FEARLESS),
  pick_hit10: hit10Margin(forwardGames, ["PICK"], "hit10", FEARLESS),
  ban_hit10: hit10Margin(forwardGames, ["BAN1", "BAN2"], "hit10", FEARLESS),
};
/**
 * The win estimate's reliability on the test games: a calibration table (predicted against
 * observed by bins of the predicted blue win chance) and a 95% bootstrap interval (test games
 * resampled) of its log-loss minus the constant's.
 */
const WIN_BINS = [0, 0.4, 0.45, 0.5, 0.55, 0.6, 1.000001];
const calibration = WIN_BINS.slice(0, -1).map((low, b) => {
  const inBin = forwardWinGames.filter((g) => g.p >= low && g.p < WIN_BINS[b + 1]!);
  const mean = (xs: number[]) =>
    xs.length === 0 ? null : Number((xs.reduce((a, x) => a + x, 0) / xs.length).toFixed(3));
  return {
    bin: `${low.toFixed(2)}-${Math.min(1, WIN_BINS[b + 1]!).toFixed(2)}`,
    games: inBin.length,
    predicted: mean(inBin.map((g) => g.p)),
    observed: mean(inBin.map((g) => g.y)),
  };
});
function winMarginInterval(rows: readonly WinGame[], resamples = 2000) {
  const loss = (p: number, y: number) => {
    const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
    return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
  };
  const margin = (sample: readonly WinGame[]) =>
    sample.length === 0
      ? 0
      : sample.reduce((sum, g) => sum + loss(g.p, g.y) - loss(g.constant, g.y), 0) / sample.length;
  let seed = 0x2545f491;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draws: number[] = [];
  for (let b = 0; b < resamples && rows.length > 0; b++)
    draws.push(margin(rows.map(() => rows[Math.floor(random() * rows.length)]!)));
  draws.sort((x, y) => x - y);
  const at = (q: number) =>
    Number((draws[Math.min(draws.length - 1, Math.floor(q * draws.length))] ?? 0).toFixed(4));
  return { margin: Number(margin(rows).toFixed(4)), low: at(0.025), high: at(0.975) };
}
const winMargin = winMarginInterval(forwardWinGames);
const phaseFigures: Record<string, number> = {};
for (const kind of ["BAN1", "BAN2"] as const) {
  const sum = (name: RankerName) => {
    const t = tally();
    for (const r of forwardGames) {
      t.n += r[kind][name].n;
      t.hit1 += r[kind][name].hit1;
      t.hit10 += r[kind][name].hit10;
    }
    return t;
  };
  const engine = sum("engine");
  const list = sum("most_list_open_positions");
  const suffix = kind === "BAN1" ? "phase1" : "phase2";
  phaseFigures[`ban_${suffix}_choices`] = engine.n;
  phaseFigures[`ban_hit10_${suffix}`] = frac(engine.hit10, engine.n);
  phaseFigures[`ban_hit10_open_positions_${suffix}`] = frac(list.hit10, list.n);
}

/**
 * Rolling origin (secondary, forward for the statistics): the days cut into up to
 * `ROLLING_BLOCKS` contiguous blocks; each block from the second on is scored with statistics of
 * the EARLIER blocks only (skipped below `ROLLING_MIN_TRAINING` games). It shows how much one test
 * window's margin moves from one window to the next. The weights are the ones chosen above, whose
 * search saw the training window, i.e. every rolling block but the last: a diagnostic of the
 * spread between windows, not a forward figure for the weights. The learned ranker, unlike them,
 * is trained again for each window on its earlier blocks only.
 */
const ROLLING_BLOCKS = Number(process.env.BENCH_ROLLING_BLOCKS ?? 5);
const ROLLING_MIN_TRAINING = 10;
const rollingBlocks = dayBlocks(games, ROLLING_BLOCKS);
const rollingGames: GameRecord[] = [];
/** The win estimate over the rolling windows, each from its earlier blocks' statistics only. */
const rollingWin = newWin();
const rollingWindows: {
  first_day: string;
  games: number;
  ban_hit10: number;
  ban_hit10_open_positions: number;
}[] = [];
withModel(selection.weights, () => {
  for (let k = 1; k < rollingBlocks.length; k++) {
    const before = rollingBlocks.slice(0, k).flat();
    if (before.length < ROLLING_MIN_TRAINING) continue;
    const held = capGames(rollingBlocks[k]!, Math.ceil(MAX_TEST_GAMES / ROLLING_BLOCKS), `rolling${k}`);
    const records: GameRecord[] = [];
    // the ranker of each window is trained on that window's earlier days only
    const ranker = RANKER_ON ? trainRanker(before).weights : null;
    withModel(
      selection.weights,
      () => evaluate(before, held, newResults(), rollingWin, { perGame: records }),
      ranker,
    );
    rollingGames.push(...records);
    const bans = (name: RankerName) =>
      records.reduce((sum, r) => sum + r.BAN1[name].hit10 + r.BAN2[name].hit10, 0);
    const n = records.reduce((sum, r) => sum + r.BAN1.engine.n + r.BAN2.engine.n, 0);
    rollingWindows.push({
      first_day: dayOf(held[0]!),
      games: held.length,
      ban_hit10: frac(bans("engine"), n),
      ban_hit10_open_positions: frac(bans("most_list_open_positions"), n),
    });
  }
});
const rollingBan = hit10Margin(rollingGames, ["BAN1", "BAN2"]);
const rollingPick = hit10Margin(rollingGames, ["PICK"]);
/** The issue-35 margins (over the list with the same fearless locks) pooled over the rolling windows. */
const rollingFearless = {
  pick_hit1: hit10Margin(rollingGames, ["PICK"], "hit1", FEARLESS),
  ban_hit1: hit10Margin(rollingGames, ["BAN1", "BAN2"], "hit1", FEARLESS),
  pick_hit10: hit10Margin(rollingGames, ["PICK"], "hit10", FEARLESS),
  ban_hit10: hit10Margin(rollingGames, ["BAN1", "BAN2"], "hit10", FEARLESS),
};

/** The training window's own blocked cross-validation (the search's ground) for the engine AND the list. */
function validationHit10(list: Game[]) {
  const results = newResults();
  withModel(selection.weights, () => {
    for (const { statistics, locks, held } of innerSplits(list)) {
      const rankers = {
        engine: engineRanker(statistics, locks),
        most_list_open_positions: listRanker(statistics, true),
      };
      for (const game of held) {
        game.events.forEach((event, index) => {
          if (event.champion_id === null) return;
          for (const name of ["engine", "most_list_open_positions"] as const)
            record(results[name][event.type], rankers[name](game, index, event), event.champion_id);
        });
      }
    }
  });
  const rate = (t: Tally) => frac(t.hit10, t.n);
  return {
    validation_pick_hit10: rate(results.engine.PICK),
    validation_pick_hit10_open_positions: rate(results.most_list_open_positions.PICK),
    validation_ban_hit10: rate(results.engine.BAN),
    validation_ban_hit10_open_positions: rate(results.most_list_open_positions.BAN),
  };
}
const validationFigures = validationHit10(training);

// ---- secondary: k-fold by game, same weights ------------------------------------------------------
const kfold = newResults();
const kfoldWin = newWin();
if (FOLDS > 1) {
  withModel(selection.weights, () => {
    for (let fold = 0; fold < FOLDS; fold++) {
      const held = capGames(
        games.filter((g) => foldOf(g, FOLDS) === fold),
        Math.ceil(MAX_TEST_GAMES / FOLDS),
        `fold${fold}`,
      );
      evaluate(
        games.filter((g) => foldOf(g, FOLDS) !== fold),
        held,
        kfold,
        kfoldWin,
      );
    }
  });
}

console.log(
  `${games.length} games (${parsed.games.length - games.length} without pick order left out) from ${csvPath.split("/").slice(-1)[0]}, ${days[0]} to ${days[days.length - 1]}.\n` +
    `Forward split: trained on ${training.length} games (${days.length - testDays} days), tested on ${test.length} later games (last ${testDays} of ${days.length} days${scoredTest.length < test.length ? `, ${scoredTest.length} scored` : ""}).`,
);
const figures: Record<string, number> = {};
function table(results: Results, prefixKey: string) {
  for (const type of ["PICK", "BAN"] as const) {
    console.log(`\n${type === "PICK" ? "Picks" : "Bans"} (${results.engine[type].n} choices)`);
    console.log("ranker                              hit@1   hit@5   hit@10  MRR");
    for (const name of RANKERS) {
      const t = results[name][type];
      const row = [frac(t.hit1, t.n), frac(t.hit5, t.n), frac(t.hit10, t.n), frac(t.rr, t.n)];
      console.log(`${name.padEnd(36)}${row.map((x) => x.toFixed(3).padEnd(8)).join("")}`);
      const prefix = `${prefixKey}${type === "PICK" ? "pick" : "ban"}`;
      const suffix =
        name === "engine"
          ? ""
          : name === "most_list"
            ? "_most_list"
            : name === "most_list_open_positions"
              ? "_open_positions"
              : name === "most_list_open_positions_fearless"
                ? "_open_positions_fearless"
                : "_open_positions_inferred";
      figures[`${prefix}_hit1${suffix}`] = row[0]!;
      figures[`${prefix}_hit5${suffix}`] = row[1]!;
      figures[`${prefix}_hit10${suffix}`] = row[2]!;
      figures[`${prefix}_mrr${suffix}`] = row[3]!;
    }
  }
}
const winFigures = (win: WinTally, prefix: string) => ({
  [`${prefix}win_games`]: win.n,
  [`${prefix}win_logloss`]: Number((win.logloss / Math.max(1, win.n)).toFixed(4)),
  [`${prefix}win_logloss_constant`]: Number((win.loglossConstant / Math.max(1, win.n)).toFixed(4)),
  [`${prefix}win_brier`]: Number((win.brier / Math.max(1, win.n)).toFixed(4)),
  [`${prefix}win_brier_constant`]: Number((win.brierConstant / Math.max(1, win.n)).toFixed(4)),
  [`${prefix}win_draft_share`]: frac(win.draft, win.n),
  [`${prefix}win_logloss_ungated`]: Number((win.loglossUngated / Math.max(1, win.n)).toFixed(4)),
});
table(forward, "");
const forwardWinFigures = winFigures(forwardWin, "");
console.log(
  `\nWin estimate of the later complete drafts (${forwardWin.n} games): log-loss ${forwardWinFigures.win_logloss} vs constant ${forwardWinFigures.win_logloss_constant}, ` +
    `Brier ${forwardWinFigures.win_brier} vs constant ${forwardWinFigures.win_brier_constant}; ` +
    `moved with the picks or the teams' form in ${forwardWin.draft} of them (the rest: the side rate shrunk across days); ` +
    `the picks' terms as fit on the training window, used regardless of its forward verdict (diagnostic only): log-loss ${forwardWinFigures.win_logloss_ungated}`,
);
// what the training window chose for the estimate, and its own forward verdict (inside the window)
const trainingWinModel = forwardStatistics.win_model ?? null;
if (trainingWinModel) {
  const inner = trainingWinModel.forward;
  console.log(
    `Win model chosen on the training window: draft scale ${trainingWinModel.scale}, form scale ${trainingWinModel.form_scale ?? 0} ` +
      `(prior ${trainingWinModel.form_prior ?? "-"}), base prior ${trainingWinModel.base_prior}; held out inside the window ` +
      `${trainingWinModel.logloss} vs constant ${trainingWinModel.logloss_constant}` +
      (inner
        ? `; its forward verdict ${inner.logloss} vs constant ${inner.logloss_constant} (${inner.games} games)`
        : ""),
  );
}
let reasonItems = 0;
for (const count of firstReasons.values()) reasonItems += count;
let presenceItems = 0;
for (const [key, count] of firstReasons) if (PRESENCE_KEYS.has(key)) presenceItems += count;
const presenceShare = frac(presenceItems, reasonItems);
console.log(
  `First reasons of the top 5 (${reasonItems} items): ${[...firstReasons.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key.replace("recommend.reason.", "")} ${frac(count, reasonItems)}`)
    .join(", ")}`,
);
console.log(
  `Practice opponent (team-weighted) vs the model without the weighting on ${practice.team.n} later choices of teams with >= ${PRACTICE_MIN_GAMES} training games: ` +
    `hit@10 ${frac(practice.team.hit10, practice.team.n)} vs ${frac(practice.global.hit10, practice.global.n)}`,
);
console.log(`Weights chosen on the training window: ${JSON.stringify(selection.weights)}`);
const points = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;
console.log(
  `\nRanker: ${rankerFigures.ranker}${forwardRanker ? ` (trained on ${forwardRanker.games} games of the training window in ${forwardRanker.seconds.toFixed(1)} s; lambda ${JSON.stringify(forwardRanker.fit.lambda)}; the shipped file ${shippedMatches ? "holds these weights" : "holds OTHER weights"})` : ""}`,
);
if (forwardRanker) {
  for (const group of RANKER_GROUPS) {
    console.log(
      `  ${group.padEnd(6)}${forwardRanker.fit.weights[group].map((w, k) => `${RANKER_FEATURES[k]} ${w.toFixed(2)}`).join(", ")}`,
    );
  }
}
console.log(
  `Margins over the open-position list with the same fearless locks (95% paired bootstrap over the ${forwardGames.length} test games): ${Object.entries(
    fearlessMargins,
  )
    .map(([key, m]) => `${key} ${points(m.margin)} [${points(m.low)}, ${points(m.high)}]`)
    .join(", ")} (targets: hit@1 +2.0, hit@10 +5.0)`,
);
if (LEDGER_ON) {
  const f = ledgerFigures as Record<string, number>;
  console.log(
    `Team's own games (each team's training-window games as its ledger; ${f.team_ledger_teams} teams with >= ${LEDGER_MIN_GAMES}; weights ${JSON.stringify(TEAM_LEDGER_MODEL)}): ` +
      ["pick", "ban"]
        .map(
          (kind) =>
            `${kind}s (${f[`team_ledger_${kind}_choices`]} choices) hit@1 ${f[`team_ledger_${kind}_hit1`]} vs ${f[`team_ledger_${kind}_hit1_without`]} without, hit@10 ${f[`team_ledger_${kind}_hit10`]} vs ${f[`team_ledger_${kind}_hit10_without`]}; ` +
            `team unknown to the statistics: hit@1 ${f[`team_ledger_unknown_team_${kind}_hit1`]} vs ${f[`team_ledger_unknown_team_${kind}_hit1_without`]}, hit@10 ${f[`team_ledger_unknown_team_${kind}_hit10`]} vs ${f[`team_ledger_unknown_team_${kind}_hit10_without`]}`,
        )
        .join("; "),
  );
}
console.log(
  `Win estimate: log-loss minus the constant's ${winMargin.margin} [${winMargin.low}, ${winMargin.high}] (95% bootstrap over the test games); calibration (predicted vs observed by bins): ${calibration
    .filter((c) => c.games > 0)
    .map((c) => `${c.bin}: ${c.games} games, ${c.predicted} vs ${c.observed}`)
    .join("; ")}`,
);
console.log(
  `\nBans by phase (forward): first phase ${phaseFigures.ban_hit10_phase1} vs list ${phaseFigures.ban_hit10_open_positions_phase1} ` +
    `(${phaseFigures.ban_phase1_choices} choices); second phase ${phaseFigures.ban_hit10_phase2} vs list ${phaseFigures.ban_hit10_open_positions_phase2} ` +
    `(${phaseFigures.ban_phase2_choices} choices)`,
);
console.log(
  `hit@10 margin over the open-position list, 95% paired bootstrap over the ${forwardGames.length} test games: ` +
    `picks ${points(pickMargin.margin)} points [${points(pickMargin.low)}, ${points(pickMargin.high)}], ` +
    `bans ${points(banMargin.margin)} [${points(banMargin.low)}, ${points(banMargin.high)}] (target +5.0)`,
);
console.log(
  `Rolling origin (statistics from earlier days only; weights as chosen above): ${rollingWindows
    .map((w) => `${w.first_day} (${w.games} games) bans ${w.ban_hit10} vs list ${w.ban_hit10_open_positions}`)
    .join(
      "; ",
    )}; pooled margin picks ${points(rollingPick.margin)} [${points(rollingPick.low)}, ${points(rollingPick.high)}], ` +
    `bans ${points(rollingBan.margin)} [${points(rollingBan.low)}, ${points(rollingBan.high)}]`,
);
console.log(
  `Rolling origin, margins over the list with the same fearless locks (pooled, 95% paired bootstrap): ${Object.entries(
    rollingFearless,
  )
    .map(([key, m]) => `${key} ${points(m.margin)} [${points(m.low)}, ${points(m.high)}]`)
    .join(", ")}`,
);
const rollingWinFigures = winFigures(rollingWin, "rolling_");
console.log(
  `Rolling origin, win estimate (${rollingWin.n} games): log-loss ${rollingWinFigures.rolling_win_logloss} vs constant ${rollingWinFigures.rolling_win_logloss_constant}`,
);
console.log(
  `Training window's blocked cross-validation (the search's ground), hit@10: picks ${validationFigures.validation_pick_hit10} vs list ${validationFigures.validation_pick_hit10_open_positions}, ` +
    `bans ${validationFigures.validation_ban_hit10} vs list ${validationFigures.validation_ban_hit10_open_positions}`,
);
const kfoldFigures: Record<string, number> = {};
if (FOLDS > 1) {
  const before = { ...figures };
  table(kfold, "kfold_");
  for (const key of Object.keys(figures)) if (!(key in before)) kfoldFigures[key] = figures[key]!;
  const kw = winFigures(kfoldWin, "kfold_");
  Object.assign(kfoldFigures, kw);
  console.log(`(secondary: ${FOLDS}-fold cross-validation by game, same weights; not a forward figure)`);
  console.log(JSON.stringify({ split: `${FOLDS}-fold by game`, ...kfoldFigures }));
}
// ---- timing only: a season of games (bench/generate-season.ts) -------------------------------------
/**
 * `recommend` over statistics of a generated season (BENCH_SEASON_GAMES, default 10,000; 0 skips):
 * the shipped sample's games with new ids, dates over the year and renamed champions. Timing only:
 * these games mean nothing about the game. Median and p99 of single calls (limit 10, teams and
 * league given) at states taken from the season's own drafts, after the index is built.
 */
const SEASON_GAMES = Number(process.env.BENCH_SEASON_GAMES ?? 10_000);
let seasonFigures: Record<string, number> = {};
let seasonParts: TrainedRanker["parts"] | null = null;
if (SEASON_GAMES > 0) {
  const file = join(tmpdir(), `recommend-quality-season-${process.pid}.csv`);
  try {
    await generateSeason(SEASON_GAMES, file);
    const season = parseOraclesElixir(readFileSync(file, "utf8"), pool)
      .games.map(toGame)
      .filter((g): g is Game => g !== null);
    const buildStart = performance.now();
    const statistics = buildStatistics(season.map((g) => g.statistics));
    const buildMs = performance.now() - buildStart;
    const calls: { game: Game; index: number }[] = [];
    const stride = Math.max(1, Math.floor(season.length / 200));
    for (let k = 0; k < season.length && calls.length < 400; k += stride) {
      const game = season[k]!;
      for (const index of [(k % 6) + 6, 16 + (k % 4)]) {
        if (index < game.events.length) calls.push({ game, index });
      }
    }
    const input = ({ game, index }: { game: Game; index: number }) => ({
      state: stateBefore(game, index),
      champions,
      statistics,
      teams: { BLUE: game.parsed.blue_team, RED: game.parsed.red_team },
      league: game.parsed.league,
      limit: 10,
    });
    recommend(input(calls[0]!)); // builds the index once, as the statistics thread does in the product
    const times: number[] = [];
    for (let pass = 0; pass < 3; pass++) {
      for (const call of calls) {
        const args = input(call);
        const t0 = performance.now();
        recommend(args);
        times.push(performance.now() - t0);
      }
    }
    times.sort((x, y) => x - y);
    const at = (q: number) =>
      Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3));
    seasonFigures = {
      season_games: season.length,
      season_build_ms: Math.round(buildMs),
      season_recommend_median_ms: at(0.5),
      season_recommend_p99_ms: at(0.99),
    };
    console.log(
      `Timing on a generated season (${season.length} games; statistics built in ${seasonFigures.season_build_ms} ms): ` +
        `recommend median ${seasonFigures.season_recommend_median_ms} ms, p99 ${seasonFigures.season_recommend_p99_ms} ms over ${times.length} calls`,
    );
    if (RANKER_ON) {
      // the ranker's training on a season: blocked statistics, the choices of up to
      // BENCH_MAX_RANKER_GAMES games and the fit with its choice of lambda (timing only)
      const trained = trainRanker(season);
      seasonFigures.ranker_train_seconds = Number(trained.seconds.toFixed(2));
      seasonFigures.ranker_train_cpu_seconds = Number(trained.cpuSeconds.toFixed(2));
      seasonFigures.ranker_train_load_average = Number(loadavg()[0]!.toFixed(1));
      seasonParts = trained.parts;
      console.log(
        `Ranker trained on the season in ${trained.seconds.toFixed(1)} s wall, ${trained.cpuSeconds.toFixed(1)} s CPU (${trained.games} games' choices; statistics ${trained.parts.statistics} s, features ${trained.parts.features} s, fit ${trained.parts.fit} s; load average ${seasonFigures.ranker_train_load_average})`,
      );
    }
  } finally {
    rmSync(file, { force: true });
  }
}
console.log(
  `done in ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  JSON.stringify({
    split: "forward",
    validation: false,
    games: games.length,
    training_games: training.length,
    test_games: scoredTest.length,
    first_test_day: firstTestDay,
    ...Object.fromEntries(Object.entries(figures).filter(([key]) => !key.startsWith("kfold_"))),
    ...forwardWinFigures,
    presence_reason_share: presenceShare,
    opponent_team_hit10: frac(practice.team.hit10, practice.team.n),
    opponent_global_hit10: frac(practice.global.hit10, practice.global.n),
    opponent_choices: practice.team.n,
    ...seasonFigures,
    ...(seasonParts ? { ranker_train_parts_seconds: seasonParts } : {}),
    ...phaseFigures,
    ...Object.fromEntries(
      Object.entries(fearlessMargins).flatMap(([key, m]) => [
        [`${key}_margin_fearless`, m.margin],
        [`${key}_margin_fearless_ci95`, [m.low, m.high]],
      ]),
    ),
    win_logloss_margin: winMargin.margin,
    win_logloss_margin_ci95: [winMargin.low, winMargin.high],
    win_calibration: calibration,
    ...ledgerFigures,
    ...rankerFigures,
    ranker_shipped_matches_training: shippedMatches,
    pick_hit10_margin: pickMargin.margin,
    pick_hit10_margin_ci95: [pickMargin.low, pickMargin.high],
    ban_hit10_margin: banMargin.margin,
    ban_hit10_margin_ci95: [banMargin.low, banMargin.high],
    rolling_ban_hit10_margin: rollingBan.margin,
    rolling_ban_hit10_margin_ci95: [rollingBan.low, rollingBan.high],
    rolling_pick_hit10_margin: rollingPick.margin,
    rolling_windows: rollingWindows,
    rolling_win_logloss: rollingWinFigures.rolling_win_logloss,
    rolling_win_logloss_constant: rollingWinFigures.rolling_win_logloss_constant,
    ...Object.fromEntries(
      Object.entries(rollingFearless).flatMap(([key, m]) => [
        [`rolling_${key}_margin_fearless`, m.margin],
        [`rolling_${key}_margin_fearless_ci95`, [m.low, m.high]],
      ]),
    ),
    ...validationFigures,
    kfold_pick_hit10: kfoldFigures.kfold_pick_hit10 ?? null,
    kfold_ban_hit10: kfoldFigures.kfold_ban_hit10 ?? null,
    kfold_win_logloss: kfoldFigures.kfold_win_logloss ?? null,
    kfold_win_logloss_constant: kfoldFigures.kfold_win_logloss_constant ?? null,
    win_model: trainingWinModel,
    weights: selection.weights,
  }),
);
