/**
 * `npm run bench:plans`: draft plans against the modelled opponent, in process (packages/draft
 * only). Data: the 172 Data Dragon champions and SYNTHETIC games from a fixed seed (10 teams,
 * BENCH_PLAN_GAMES games, each team with its own favourites), turned into statistics and a team
 * profile by the engine's own `buildStatistics` and `buildTeamProfile`; they exercise the code at
 * full size and mean nothing about the game.
 *
 * - drill: `drillDraftPlan` of 100 drafts (BENCH_PLAN_DRILL), run BENCH_PLAN_RUNS times; the
 *   median run gives drafts per second (target >= 20);
 * - branch match: `matchPlan` (active branch path, next intent, off-plan replay) of a four-branch
 *   nested plan on every prefix of random legal drafts, BENCH_PLAN_MATCHES calls; p99 per call
 *   (target < 1 ms).
 *
 * Last line, one JSON object: drill_drafts_per_s, branch_match_p99_ms, branch_match_median_ms,
 * drill_drafts, matches, load_average.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import {
  applyAction,
  buildStatistics,
  buildTeamProfile,
  type ChampionInfo,
  championPositionMap,
  createDraft,
  DRAFT_SEQUENCE,
  type DraftPlanContent,
  type DraftState,
  drillDraftPlan,
  emptyDraftPlan,
  matchPlan,
  POSITIONS,
  type Position,
  type Side,
  type StatisticsGame,
  seededRandom,
} from "@draftroom/draft";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const GAMES = Number(process.env.BENCH_PLAN_GAMES ?? 600);
const DRILL = Number(process.env.BENCH_PLAN_DRILL ?? 100);
const RUNS = Number(process.env.BENCH_PLAN_RUNS ?? 3);
const MATCHES = Number(process.env.BENCH_PLAN_MATCHES ?? 5000);
const progress = (text: string) => process.stderr.write(`bench:plans ${text}\n`);

const ddragon = JSON.parse(
  readFileSync(root("apps/server/seed-data/ddragon-champion-16.6.1.json"), "utf8"),
) as {
  data: Record<string, { key: string; name: string; tags: string[] }>;
};
const champions: ChampionInfo[] = Object.values(ddragon.data)
  .map((c) => ({ id: Number(c.key), name: c.name, role: c.tags[0] ?? "Fighter", tags: c.tags }))
  .sort((a, b) => a.id - b.id);
const ids = champions.map((c) => c.id);
const MAIN: Record<string, Position> = {
  Marksman: "bot",
  Support: "support",
  Mage: "mid",
  Assassin: "mid",
  Fighter: "top",
  Tank: "jungle",
};

// ---- synthetic games -----------------------------------------------------------------------
const rand = seededRandom(20261127);
const popularity = new Map(ids.map((id) => [id, 0.05 + rand() ** 3]));
const TEAMS = Array.from({ length: 10 }, (_, i) => `Team ${i}`);
const favourites = new Map(TEAMS.map((t) => [t, new Set(ids.filter(() => rand() < 0.08))]));

function weightedPick(open: number[], team: string): number {
  const fav = favourites.get(team)!;
  const weights = open.map((id) => popularity.get(id)! * (fav.has(id) ? 6 : 1));
  let r = rand() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < open.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return open[i]!;
  }
  return open.at(-1)!;
}

const games: StatisticsGame[] = [];
for (let g = 0; g < GAMES; g++) {
  const blue = TEAMS[g % TEAMS.length]!;
  const red = TEAMS[(g * 7 + 3) % TEAMS.length]!;
  const teams = { BLUE: blue, RED: red === blue ? TEAMS[(g + 1) % TEAMS.length]! : red };
  const used = new Set<number>();
  const picks: { side: Side; champion_id: number; position: Position; step: number }[] = [];
  const bans: { side: Side; champion_id: number; step: number }[] = [];
  DRAFT_SEQUENCE.forEach((step, i) => {
    const open = ids.filter((id) => !used.has(id));
    const id = weightedPick(open, teams[step.side === "BLUE" ? "BLUE" : "RED"]);
    used.add(id);
    if (step.type === "PICK") {
      const tag = champions.find((c) => c.id === id)!.tags?.[0] ?? "Fighter";
      picks.push({ side: step.side, champion_id: id, position: MAIN[tag] ?? POSITIONS[i % 5]!, step: i });
    } else bans.push({ side: step.side, champion_id: id, step: i });
  });
  games.push({ winner: rand() < 0.5 ? "BLUE" : "RED", picks, bans, teams, patch: "16.6" });
}
const statistics = buildStatistics(games);
const profile = buildTeamProfile(games, "Team 3");
const positions = championPositionMap(champions, statistics);
progress(`${GAMES} synthetic games, ${champions.length} champions, Team 3 has ${profile.games} games`);

// ---- the plan: bans, first picks, flex picks, four branches (one nested) --------------------
const byPresence = [...ids].sort((a, b) => popularity.get(b)! - popularity.get(a)!);
const top = (i: number) => byPresence[i]!;
const plan: DraftPlanContent = {
  ...emptyDraftPlan("bench"),
  side: "BLUE",
  opponent_team: "Team 3",
  bans: [0, 1, 2].map((i) => ({ phase: 1 as const, champion_id: top(i), reason: "" })),
  first_picks: [3, 4].map((i) => ({ champion_id: top(i), note: "" })),
  flex_picks: [5, 6].map((i) => ({ champion_id: top(i), positions: ["mid", "top"] as Position[], note: "" })),
  branches: [
    {
      id: "a",
      label: "a",
      conditions: [{ type: "first_pick", team: "them", champion_id: top(7) }],
      answer: [{ action: "PICK", champion_id: top(8), note: "" }],
      children: [
        {
          id: "a1",
          label: "a1",
          conditions: [{ type: "banned", team: "them", champion_id: top(9) }],
          answer: [{ action: "PICK", champion_id: top(10), note: "" }],
          children: [],
        },
      ],
    },
    {
      id: "b",
      label: "b",
      conditions: [
        { type: "any_of", team: "them", action: "PICK", champion_ids: [11, 12, 13, 14].map(top), count: 2 },
      ],
      answer: [{ action: "BAN", champion_id: top(15), note: "" }],
      children: [],
    },
    {
      id: "c",
      label: "c",
      conditions: [{ type: "position", team: "them", position: "jungle" }],
      answer: [{ action: "PICK", champion_id: top(16), note: "" }],
      children: [],
    },
  ],
};

// ---- drill ---------------------------------------------------------------------------------
const rates: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const drill = drillDraftPlan({
    plan,
    ourSide: "BLUE",
    champions,
    statistics,
    profile,
    drafts: DRILL,
    seed: run + 1,
    context: { positions },
  });
  const seconds = (performance.now() - started) / 1000;
  rates.push(drill.drafts / seconds);
  progress(
    `drill run ${run + 1}: ${drill.drafts} drafts in ${seconds.toFixed(2)} s (${(drill.drafts / seconds).toFixed(1)}/s); branches ${drill.branches.map((b) => `${b.id}:${b.count}`).join(" ")}`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// ---- branch match --------------------------------------------------------------------------
const states: DraftState[] = [];
const r2 = seededRandom(7);
while (states.length < 500) {
  let state = createDraft();
  const upTo = Math.floor(r2() * 21);
  for (let i = 0; i < upTo; i++) {
    const step = DRAFT_SEQUENCE[i]!;
    // Among the 40 most present champions, so branches and off-plan steps both occur.
    const open = byPresence.slice(0, 40).filter((id) => !state.used.has(id));
    const id = open[Math.floor(r2() * open.length)]!;
    const result = applyAction(state, {
      phase_number: i,
      action_type: step.type,
      team_side: step.side,
      champion_id: id,
    });
    if (!result.ok) break;
    state = result.state;
  }
  states.push(state);
}
const times: number[] = [];
let active = 0;
for (let i = 0; i < MATCHES; i++) {
  const state = states[i % states.length]!;
  const t0 = performance.now();
  const m = matchPlan(plan, state, "BLUE", { positions });
  times.push(performance.now() - t0);
  if (m.path.length > 0) active += 1;
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
progress(
  `branch match: ${MATCHES} calls, ${active} with an active branch, median ${round3(p(0.5))} ms, p99 ${round3(p(0.99))} ms`,
);
progress(
  `machine load average (1 min) ${loadavg()[0]!.toFixed(2)}: a busy 2-core machine slows both figures`,
);
console.log(
  JSON.stringify({
    drill_drafts_per_s: Math.round(median(rates) * 10) / 10,
    branch_match_p99_ms: round3(p(0.99)),
    branch_match_median_ms: round3(p(0.5)),
    drill_drafts: DRILL,
    matches: MATCHES,
    load_average: Math.round(loadavg()[0]! * 100) / 100,
  }),
);
