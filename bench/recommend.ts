/**
 * Recommendation engine benchmark: top-10 recommendations over the whole Data Dragon pool (172
 * champions) with full statistics (5 positions per champion, every matchup and every same-team
 * pair), for a mid-draft state. The statistics are SYNTHETIC, generated from a fixed seed: they
 * exercise the engine at full size and mean nothing about the game.
 *
 * Run: `npm run bench:recommend` (env: BENCH_SEED, BENCH_ITERATIONS, MATCH_CSV for an extra
 * Oracle's Elixir file to sanity-check buildStatistics). The last line is one JSON object:
 * {"median_ms": …, "p99_ms": …, "stats_mb": …} (per call; stats_mb = statistics as JSON, in MB).
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import {
  buildStatistics,
  type ChampionInfo,
  type ChampionStatistics,
  DRAFT_SEQUENCE,
  type DraftStatistics,
  fromActions,
  type PairRecord,
  POSITIONS,
  type Position,
  recommend,
  type Side,
  type StatisticsGame,
} from "@draftroom/draft";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const SEED = Number(process.env.BENCH_SEED ?? 20260101);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

// ---- champions -----------------------------------------------------------------------------
const ddragon = JSON.parse(
  readFileSync(
    process.env.DDRAGON_JSON ?? root("apps/server/seed-data/ddragon-champion-16.6.1.json"),
    "utf8",
  ),
) as { data: Record<string, { key: string; name: string; tags: string[] }> };
const champions: ChampionInfo[] = Object.values(ddragon.data)
  .map((c) => ({ id: Number(c.key), name: c.name, role: c.tags[0] ?? "Fighter", tags: c.tags }))
  .sort((a, b) => a.id - b.id);
if (champions.length !== 172) throw new Error(`expected 172 champions, got ${champions.length}`);

// ---- synthetic statistics ------------------------------------------------------------------
const MAIN_POSITION: Record<string, [Position, Position]> = {
  Marksman: ["bot", "mid"],
  Support: ["support", "mid"],
  Mage: ["mid", "support"],
  Assassin: ["mid", "jungle"],
  Fighter: ["top", "jungle"],
  Tank: ["top", "support"],
};

function syntheticStatistics(seed: number): DraftStatistics {
  const rand = prng(seed);
  const strength = new Map<number, number>();
  const popularity = new Map<number, number>();
  const rows: ChampionStatistics[] = champions.map((c) => {
    const s = (rand() - 0.5) * 0.5;
    const pop = 0.2 + rand() * 0.8;
    strength.set(c.id, s);
    popularity.set(c.id, pop);
    const [main, second] = MAIN_POSITION[c.tags?.[0] ?? "Fighter"] ?? ["top", "jungle"];
    const positions: Partial<Record<Position, { games: number; wins: number }>> = {};
    let games = 0;
    let wins = 0;
    for (const position of POSITIONS) {
      const share = position === main ? 0.8 : position === second ? 0.15 : 0.0125;
      const g = Math.max(1, Math.round(1500 * pop * share * (0.5 + rand())));
      const w = Math.round(g * sigmoid(s + (rand() - 0.5) * 0.2));
      positions[position] = { games: g, wins: w };
      games += g;
      wins += w;
    }
    return { champion_id: c.id, picks: games, bans: Math.round(games * rand()), games, wins, positions };
  });
  const matchups: PairRecord[] = [];
  const pairs: PairRecord[] = [];
  for (let i = 0; i < champions.length; i++) {
    for (let j = i + 1; j < champions.length; j++) {
      const a = champions[i]!.id;
      const b = champions[j]!.id;
      const volume = popularity.get(a)! * popularity.get(b)!;
      const gm = 3 + Math.round(300 * volume * rand());
      matchups.push([
        a,
        b,
        gm,
        Math.round(gm * sigmoid(strength.get(a)! - strength.get(b)! + (rand() - 0.5))),
      ]);
      const gp = 2 + Math.round(200 * volume * rand());
      pairs.push([a, b, gp, Math.round(gp * sigmoid(strength.get(a)! + strength.get(b)! + (rand() - 0.5)))]);
    }
  }
  const total = Math.round(rows.reduce((sum, r) => sum + r.picks, 0) / 10);
  return { version: 1, games: total, decided_games: total, champions: rows, matchups, pairs };
}

// ---- a sanity check of buildStatistics on real match data (Oracle's Elixir format) ----------
function readMatchCsv(path: string): StatisticsGame[] {
  const [header, ...lines] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const columns = header!.split(",");
  const col = (name: string) => columns.indexOf(name);
  const byName = new Map(champions.map((c) => [c.name, c.id]));
  const positions: Record<string, Position> = {
    top: "top",
    jng: "jungle",
    mid: "mid",
    bot: "bot",
    sup: "support",
  };
  const games = new Map<
    string,
    { winner: Side | null; picks: StatisticsGame["picks"][number][]; bans: { champion_id: number | null }[] }
  >();
  for (const line of lines) {
    const cells = line.split(",");
    const id = cells[col("gameid")]!;
    const side: Side = cells[col("side")] === "Blue" ? "BLUE" : "RED";
    let game = games.get(id);
    if (!game) {
      game = { winner: null, picks: [], bans: [] };
      games.set(id, game);
    }
    if (cells[col("position")] === "team") {
      if (cells[col("result")] === "1") game.winner = side;
      for (const k of [1, 2, 3, 4, 5]) {
        const name = cells[col(`ban${k}`)];
        if (name) game.bans.push({ champion_id: byName.get(name) ?? null });
      }
    } else {
      const position = positions[cells[col("position")]!] ?? null;
      game.picks.push({ side, position, champion_id: byName.get(cells[col("champion")]!) ?? null });
    }
  }
  return [...games.values()];
}

function sanityCheck(path: string) {
  const games = readMatchCsv(path);
  const stats = buildStatistics(games);
  const picks = stats.champions.reduce((sum, c) => sum + c.picks, 0);
  const positioned = stats.champions.reduce(
    (sum, c) => sum + Object.values(c.positions).reduce((s, p) => s + (p?.games ?? 0), 0),
    0,
  );
  const matchupGames = stats.matchups.reduce((sum, r) => sum + r[2], 0);
  const pairGames = stats.pairs.reduce((sum, r) => sum + r[2], 0);
  const ok =
    picks === stats.games * 10 &&
    positioned === stats.decided_games * 10 &&
    matchupGames === stats.decided_games * 25 &&
    pairGames === stats.decided_games * 20;
  console.log(
    `buildStatistics on ${path.split("/").slice(-1)[0]}: ${stats.games} games, ${stats.champions.length} champions, ` +
      `${picks} picks, ${stats.matchups.length} matchups, ${stats.pairs.length} pairs: ${ok ? "consistent" : "INCONSISTENT"}`,
  );
  if (!ok) process.exitCode = 1;
}

// ---- timing -------------------------------------------------------------------------------
function stateAt(step: number) {
  // bans: the first six champions; picks: the next ones, in sequence order
  const ids = champions.map((c) => c.id);
  return fromActions(
    DRAFT_SEQUENCE.slice(0, step).map((s, i) => ({
      phase_number: i,
      action_type: s.type,
      team_side: s.side,
      champion_id: ids[(i * 7) % ids.length]!,
    })),
  );
}

function measure(label: string, run: () => unknown, iterations: number) {
  for (let i = 0; i < 50; i++) run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const result = { median_ms: Number(q(0.5).toFixed(3)), p99_ms: Number(q(0.99).toFixed(3)) };
  console.log(`${label}: median ${result.median_ms} ms, p99 ${result.p99_ms} ms over ${iterations} calls`);
  return result;
}

console.log(`statistics: SYNTHETIC, generated from seed ${SEED} (not real data; for timing only)`);
const t0 = performance.now();
const statistics = syntheticStatistics(SEED);
const statsMb = Buffer.byteLength(JSON.stringify(statistics)) / 1e6;
console.log(
  `generated in ${(performance.now() - t0).toFixed(0)} ms: ${statistics.champions.length} champions x 5 positions, ` +
    `${statistics.matchups.length} matchups, ${statistics.pairs.length} pairs, ${statsMb.toFixed(2)} MB as JSON`,
);

sanityCheck(process.env.MATCH_CSV ?? root("apps/server/test/fixtures/oracles-elixir-5-games.csv"));

const priorities = {
  BLUE: champions
    .slice(20, 35)
    .map((c, i) => ({ champion_id: c.id, tier: (["S", "A", "B", "C"] as const)[i % 4]! })),
  RED: champions
    .slice(40, 55)
    .map((c, i) => ({ champion_id: c.id, tier: (["S", "A", "B", "C"] as const)[i % 4]! })),
};
const midDraft = stateAt(9); // six bans and three picks; Blue's second pick
const coldStart = performance.now();
const first = recommend({ state: midDraft, champions, statistics, priorities, limit: 10 });
console.log(
  `cold first call (indexes the statistics once): ${(performance.now() - coldStart).toFixed(2)} ms; ` +
    `top 3: ${first.items
      .slice(0, 3)
      .map((i) => `${champions.find((c) => c.id === i.champion_id)?.name} (${i.position}, ${i.win_rate}%)`)
      .join(", ")}`,
);
const ban = stateAt(13);
measure("ban, step 13", () => recommend({ state: ban, champions, statistics, priorities, limit: 10 }), 500);
measure(
  "pick without statistics, step 9",
  () => recommend({ state: midDraft, champions, priorities, limit: 10 }),
  500,
);
const main = measure(
  "pick, step 9, full statistics (reported)",
  () => recommend({ state: midDraft, champions, statistics, priorities, limit: 10 }),
  ITERATIONS,
);
console.log(
  `machine load average (1 min) ${loadavg()[0]!.toFixed(2)}: p99 on a busy 2-core machine includes scheduler preemption`,
);
console.log(
  JSON.stringify({ median_ms: main.median_ms, p99_ms: main.p99_ms, stats_mb: Number(statsMb.toFixed(2)) }),
);
