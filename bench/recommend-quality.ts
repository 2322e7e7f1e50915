/**
 * Recommendation quality on held-out professional drafts.
 *
 * Reads the Oracle's Elixir sample shipped with the server (apps/server/seed-data) through the
 * server's own parser, splits the games into K folds BY GAME (a deterministic hash of the game id),
 * and for each fold builds statistics from the other folds only, then replays every game of the
 * fold step by step: before each real pick or ban it asks for a full ranking and records where the
 * pro's real choice stood. Compared against two baselines built from the same training games:
 * the most picked (or banned) list, and that list limited to champions that can still play an open
 * position. The win estimate of every complete held-out draft is scored (log-loss, Brier) against
 * a constant: the blue side's win rate in the training folds.
 *
 * Nothing of a scored game is in its training statistics, and nothing of a test fold chooses the
 * weights: by default (nested selection) each fold picks, among the candidate weight sets of `GRID`,
 * the one with the best hit@10 on an inner validation split of its own TRAINING games, and only
 * that one is scored on the test fold. The shipped `RECOMMEND_MODEL` weights are the candidate best
 * on the validation splits (BENCH_TUNE=1), never on test figures.
 *
 * Run: `npm run bench:recommend-quality` (env BENCH_TUNE=1 for the validation figures, BENCH_NESTED=0
 * to score the shipped weights without selection, BENCH_GRID (JSON array of weight sets), BENCH_FOLDS,
 * MATCH_CSV). The last line is one JSON object with the figures as fractions.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  buildStatistics,
  type ChampionInfo,
  DRAFT_SEQUENCE,
  type DraftActionInput,
  type DraftStatistics,
  estimateWin,
  fromActions,
  POSITIONS,
  type Position,
  RECOMMEND_MODEL,
  recommend,
  type Side,
  type StatisticsGame,
  stepOfOrder,
} from "@draftroom/draft";
import { type ParsedGame, parseOraclesElixir } from "../apps/server/src/modules/matches/oracles-elixir.ts";
import {
  type OpponentBenchGame,
  opponentLeaveOneOut,
  opponentTally,
  tallyOpponentFold,
} from "./opponent-quality.ts";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const FOLDS = Number(process.env.BENCH_FOLDS ?? 5);
const TUNE = process.argv.includes("--tune") || process.env.BENCH_TUNE === "1";
// Trying other weights (validation only): BENCH_TUNE=1 BENCH_MODEL='{"pickFitWeight":1.5}' npm run bench:recommend-quality
if (process.env.BENCH_MODEL) {
  if (!TUNE)
    throw new Error("BENCH_MODEL is for --tune runs only: weights are never tuned on the test folds");
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
const csvPath = process.env.MATCH_CSV ?? root("apps/server/seed-data/oracles-elixir-2025-sample.csv");
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
}

/** Engine steps of one side's picks (or bans), in order: the k-th pick of a side goes to the k-th. */
function sideSteps(side: Side, type: "PICK" | "BAN"): number[] {
  return DRAFT_SEQUENCE.filter((s) => s.side === side && s.type === type).map((s) => s.index);
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
    for (const ban of game.bans.filter((b) => b.side === side)) {
      events.push({
        step: banSteps[ban.ban_order - 1]!,
        side,
        type: "BAN",
        champion_id: ban.champion_id,
        position: null,
      });
    }
  }
  events.sort((a, b) => a.step - b.step);
  return {
    parsed: game,
    events,
    statistics: {
      winner: game.winner,
      patch: game.patch,
      teams: { BLUE: game.blue_team, RED: game.red_team },
      league: game.league,
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

const games = parsed.games.map(toGame).filter((g): g is Game => g !== null);
const hash = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
};
const foldOf = (game: Game, folds: number, salt = "") => hash(salt + game.parsed.id) % folds;

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

function engineRanker(statistics: DraftStatistics, withTeams = true): Ranker {
  return (game, index, event) => {
    const state = stateBefore(game, index);
    const result = recommend({
      state,
      champions,
      side: event.side,
      action: event.type,
      statistics,
      league: game.parsed.league,
      ...(withTeams ? { teams: { BLUE: game.parsed.blue_team, RED: game.parsed.red_team } } : {}),
      limit: champions.length,
    });
    return result.items.map((item) => item.champion_id);
  };
}

/** Most picked (for picks) or banned (for bans) first; optionally only champions fitting an open position. */
function listRanker(statistics: DraftStatistics, openPositionsOnly: boolean): Ranker {
  const byPicks = [...statistics.champions].sort(
    (a, b) => b.picks - a.picks || a.champion_id - b.champion_id,
  );
  const byBans = [...statistics.champions].sort((a, b) => b.bans - a.bans || a.champion_id - b.champion_id);
  const positions = new Map(
    statistics.champions.map((c) => [c.champion_id, Object.keys(c.positions) as Position[]]),
  );
  return (game, index, event) => {
    const used = new Set(game.events.slice(0, index).map((e) => e.champion_id));
    // A pick fills our side's open positions; a ban denies the enemy's.
    const team: Side = event.type === "PICK" ? event.side : event.side === "BLUE" ? "RED" : "BLUE";
    const taken = new Set(
      game.events
        .slice(0, index)
        .filter((e) => e.type === "PICK" && e.side === team)
        .map((e) => e.position),
    );
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

const RANKERS = ["engine", "most_list", "most_list_open_positions"] as const;
type RankerName = (typeof RANKERS)[number];
const results: Record<RankerName, Record<"PICK" | "BAN", Tally>> = {
  engine: { PICK: tally(), BAN: tally() },
  most_list: { PICK: tally(), BAN: tally() },
  most_list_open_positions: { PICK: tally(), BAN: tally() },
};
/** The practice opponent (team-weighted) vs the model without the weighting, on choices of teams with ≥ 5 training games. */
const practice = opponentTally();
const PRACTICE_MIN_GAMES = 5;
const opponentGame = (g: Game): OpponentBenchGame => ({
  id: g.parsed.id,
  teams: { BLUE: g.parsed.blue_team, RED: g.parsed.red_team },
  statistics: g.statistics,
  events: g.events,
});
const win = { n: 0, logloss: 0, brier: 0, loglossConstant: 0, brierConstant: 0 };

/** The engine's win estimate for a draft, if it offers one (probability that BLUE wins). */
type WinEstimator = (statistics: DraftStatistics, game: Game) => number | null;
const engineWinEstimate: WinEstimator = (statistics, game) =>
  estimateWin(stateBefore(game, game.events.length), statistics)?.blue ?? null;

function evaluate(training: Game[], scored: Game[]) {
  const statistics = buildStatistics(training.map((g) => g.statistics));
  const rankers: Record<RankerName, Ranker> = {
    engine: engineRanker(statistics),
    most_list: listRanker(statistics, false),
    most_list_open_positions: listRanker(statistics, true),
  };
  tallyOpponentFold(
    practice,
    training.map(opponentGame),
    scored.map(opponentGame),
    champions,
    statistics,
    PRACTICE_MIN_GAMES,
  );
  const blueRate = (training.filter((g) => g.parsed.winner === "BLUE").length + 1) / (training.length + 2);
  for (const game of scored) {
    game.events.forEach((event, index) => {
      if (event.champion_id === null) return;
      for (const name of RANKERS)
        record(results[name][event.type], rankers[name](game, index, event), event.champion_id);
    });
    const y = game.parsed.winner === "BLUE" ? 1 : 0;
    const p = engineWinEstimate(statistics, game) ?? blueRate;
    const clip = (x: number) => Math.min(1 - 1e-6, Math.max(1e-6, x));
    win.n += 1;
    win.logloss += -(y * Math.log(clip(p)) + (1 - y) * Math.log(clip(1 - p)));
    win.brier += (p - y) ** 2;
    win.loglossConstant += -(y * Math.log(blueRate) + (1 - y) * Math.log(1 - blueRate));
    win.brierConstant += (blueRate - y) ** 2;
  }
}

// ---- nested selection of the model's weights ---------------------------------------------------
/**
 * The search space, fixed before any run: for each weight (or group of weights), its candidate
 * values, the FIRST being the neutral start (signal off, or an even mix). Inside each test fold a
 * coordinate search starts from the neutral values and, dimension by dimension (two passes), keeps
 * the value with the best engine hit@10 (picks and bans averaged, MRR to break ties) in an INNER
 * cross-validation of that fold's training games (INNER_FOLDS folds, statistics of the other inner
 * folds only). Only the weights it ends with are scored on the test fold: neither the test fold nor
 * any figure pooled across folds takes part in the choice. The shipped `RECOMMEND_MODEL` weights
 * come from the same search over all the games (BENCH_TUNE=1 prints it), which no test figure sees.
 */
type Weights = Partial<Record<keyof typeof RECOMMEND_MODEL, number>>;
const mix = (prefix: "" | "pick", phase: number, type: number, presence: number): Weights =>
  prefix === ""
    ? { phaseShare: phase, typeShare: type, presenceShare: presence }
    : { pickPhaseShare: phase, pickTypeShare: type, pickPresenceShare: presence };
const SEARCH: { name: string; values: Weights[] }[] = [
  { name: "pickFitWeight", values: [1, 2, 3, 5].map((v) => ({ pickFitWeight: v })) },
  { name: "banFitWeight", values: [1, 0.5, 1.5, 3].map((v) => ({ banFitWeight: v })) },
  {
    name: "ban mix",
    values: [
      mix("", 1 / 3, 1 / 3, 1 / 3),
      mix("", 0.6, 0.2, 0.2),
      mix("", 0.2, 0.6, 0.2),
      mix("", 0.2, 0.2, 0.6),
    ],
  },
  {
    name: "pick mix",
    values: [
      mix("pick", 1 / 3, 1 / 3, 1 / 3),
      mix("pick", 0.6, 0.2, 0.2),
      mix("pick", 0.2, 0.6, 0.2),
      mix("pick", 0.2, 0.2, 0.6),
    ],
  },
  { name: "availabilityWeight", values: [0, 0.5, 1].map((v) => ({ availabilityWeight: v })) },
  { name: "leaguePickWeight", values: [0, 0.5, 1].map((v) => ({ leaguePickWeight: v })) },
  { name: "leagueBanWeight", values: [0, 0.5, 1].map((v) => ({ leagueBanWeight: v })) },
  { name: "teamPickWeight", values: [0, 0.2, 0.5].map((v) => ({ teamPickWeight: v })) },
  {
    name: "opponent habits",
    values: [0, 0.3, 0.6].map((v) => ({ opponentPickWeight: v, opponentFirstPickWeight: v })),
  },
  { name: "teamBanWeight", values: [0, 0.2, 0.5].map((v) => ({ teamBanWeight: v })) },
  { name: "pickOrderWeight", values: [0, 0.5, 1].map((v) => ({ pickOrderWeight: v })) },
  { name: "flexWeight", values: [0, 0.5, 1.5].map((v) => ({ flexWeight: v })) },
  { name: "winWeight", values: [0, 0.1, 0.3].map((v) => ({ winWeight: v })) },
  { name: "blindWeight", values: [0, 0.25, 0.5].map((v) => ({ blindWeight: v })) },
];
const INNER_FOLDS = Number(process.env.BENCH_INNER_FOLDS ?? 4);
const PASSES = Number(process.env.BENCH_PASSES ?? 2);
const shipped = { ...RECOMMEND_MODEL };
const withModel = <T>(config: object, run: () => T): T => {
  Object.assign(RECOMMEND_MODEL, shipped, config);
  try {
    return run();
  } finally {
    Object.assign(RECOMMEND_MODEL, shipped);
  }
};
/** Statistics of a training set, built once (the weights do not change them). */
const statisticsCache = new Map<string, DraftStatistics>();
function statisticsOf(training: Game[]): DraftStatistics {
  const key = training.map((g) => g.parsed.id).join(",");
  let statistics = statisticsCache.get(key);
  if (!statistics) {
    statistics = buildStatistics(training.map((g) => g.statistics));
    statisticsCache.set(key, statistics);
  }
  return statistics;
}
/** Engine tallies of an inner cross-validation of `games` under `config`. */
function innerTallies(games: Game[], config: object, salt: string) {
  const t = { PICK: tally(), BAN: tally() };
  withModel(config, () => {
    for (let inner = 0; inner < INNER_FOLDS; inner++) {
      const fit = games.filter((g) => foldOf(g, INNER_FOLDS, salt) !== inner);
      const held = games.filter((g) => foldOf(g, INNER_FOLDS, salt) === inner);
      const ranker = engineRanker(statisticsOf(fit));
      for (const game of held) {
        game.events.forEach((event, index) => {
          if (event.champion_id !== null)
            record(t[event.type], ranker(game, index, event), event.champion_id);
        });
      }
    }
  });
  return t;
}
const searchScore = (t: { PICK: Tally; BAN: Tally }) =>
  (t.PICK.hit10 / t.PICK.n + t.BAN.hit10 / t.BAN.n) / 2 + 1e-3 * (t.PICK.rr / t.PICK.n + t.BAN.rr / t.BAN.n);
/** Coordinate search from the neutral start, on inner cross-validation of `games` only. */
function selectWeights(games: Game[], salt: string): { weights: Weights; score: number } {
  let weights: Weights = Object.assign({}, ...SEARCH.map((d) => d.values[0]!));
  let best = searchScore(innerTallies(games, weights, salt));
  for (let pass = 0; pass < PASSES; pass++) {
    let moved = false;
    for (const dimension of SEARCH) {
      for (const value of dimension.values) {
        const candidate = { ...weights, ...value };
        if (JSON.stringify(candidate) === JSON.stringify(weights)) continue;
        const score = searchScore(innerTallies(games, candidate, salt));
        if (score > best + 1e-9) {
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
/** On by default; BENCH_NESTED=0 scores the shipped weights of `RECOMMEND_MODEL` instead. */
const NESTED = process.env.BENCH_NESTED !== "0";
const chosen: Weights[] = [];

const started = performance.now();
if (TUNE) {
  // The shipped weights: the same search over every game (no test fold exists in this mode).
  const { weights, score } = selectWeights(games, "validation");
  console.log(`Weights chosen over all ${games.length} games (inner CV score ${score.toFixed(4)}):`);
  console.log(JSON.stringify(weights));
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify({ validation: true, games: games.length, weights, inner_cv_score: score }));
  process.exit(0);
} else {
  for (let fold = 0; fold < FOLDS; fold++) {
    const training = games.filter((g) => foldOf(g, FOLDS) !== fold);
    const test = games.filter((g) => foldOf(g, FOLDS) === fold);
    if (NESTED) {
      const { weights } = selectWeights(training, `inner${fold}`);
      chosen.push(weights);
      withModel(weights, () => evaluate(training, test));
    } else {
      evaluate(training, test);
    }
  }
}

console.log(
  `${games.length} games (${parsed.games.length - games.length} without pick order left out) from ${csvPath.split("/").slice(-1)[0]}; ` +
    `${FOLDS}-fold cross-validation by game${TUNE ? " — VALIDATION figures (inner split of the training folds)" : " — held-out test folds"}`,
);
const figures: Record<string, number> = {};
for (const type of ["PICK", "BAN"] as const) {
  console.log(`\n${type === "PICK" ? "Picks" : "Bans"} (${results.engine[type].n} choices)`);
  console.log("ranker                        hit@1   hit@5   hit@10  MRR");
  for (const name of RANKERS) {
    const t = results[name][type];
    const row = [frac(t.hit1, t.n), frac(t.hit5, t.n), frac(t.hit10, t.n), frac(t.rr, t.n)];
    console.log(`${name.padEnd(30)}${row.map((x) => x.toFixed(3).padEnd(8)).join("")}`);
    const prefix = type === "PICK" ? "pick" : "ban";
    const suffix = name === "engine" ? "" : name === "most_list" ? "_most_list" : "_open_positions";
    figures[`${prefix}_hit1${suffix}`] = row[0]!;
    figures[`${prefix}_hit5${suffix}`] = row[1]!;
    figures[`${prefix}_hit10${suffix}`] = row[2]!;
    figures[`${prefix}_mrr${suffix}`] = row[3]!;
  }
}
const winFigures = {
  win_games: win.n,
  win_logloss: Number((win.logloss / win.n).toFixed(4)),
  win_logloss_constant: Number((win.loglossConstant / win.n).toFixed(4)),
  win_brier: Number((win.brier / win.n).toFixed(4)),
  win_brier_constant: Number((win.brierConstant / win.n).toFixed(4)),
};
console.log(
  `\nWin estimate of complete drafts (${win.n} games): log-loss ${winFigures.win_logloss} vs constant ${winFigures.win_logloss_constant}, ` +
    `Brier ${winFigures.win_brier} vs constant ${winFigures.win_brier_constant}`,
);
console.log(
  `Practice opponent (team-weighted) vs the model without the weighting on ${practice.team.n} choices of teams with >= ${PRACTICE_MIN_GAMES} training games: ` +
    `hit@10 ${frac(practice.team.hit10, practice.team.n)} vs ${frac(practice.global.hit10, practice.global.n)}`,
);
const looOpponent = TUNE ? null : opponentLeaveOneOut(games.map(opponentGame), champions, PRACTICE_MIN_GAMES);
if (looOpponent)
  console.log(
    `  leave-one-game-out (${looOpponent.games} games of ${looOpponent.teams.join(", ") || "no team"}; ${looOpponent.team.n} choices): ` +
      `hit@10 ${frac(looOpponent.team.hit10, looOpponent.team.n)} vs ${frac(looOpponent.global.hit10, looOpponent.global.n)}`,
  );
if (NESTED && !TUNE) {
  console.log("\nWeights chosen in each fold (inner cross-validation of its training games only):");
  for (const [fold, weights] of chosen.entries()) console.log(`  fold ${fold}: ${JSON.stringify(weights)}`);
}
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(
  JSON.stringify({
    split: `${FOLDS}-fold by game`,
    validation: TUNE,
    games: games.length,
    ...figures,
    ...winFigures,
    opponent_team_hit10: frac(practice.team.hit10, practice.team.n),
    opponent_global_hit10: frac(practice.global.hit10, practice.global.n),
    opponent_choices: practice.team.n,
    ...(looOpponent
      ? {
          opponent_loo_team_hit10: frac(looOpponent.team.hit10, looOpponent.team.n),
          opponent_loo_global_hit10: frac(looOpponent.global.hit10, looOpponent.global.n),
          opponent_loo_choices: looOpponent.team.n,
        }
      : {}),
  }),
);
