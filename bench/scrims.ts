/**
 * `npm run bench:scrims`: the scrim ledger's analytics and result entry against a real server
 * (the built bundle, started by bench/lib/servers.ts) on a migrated, seeded temporary database:
 * SQLite by default, PostgreSQL with `BENCH_SCRIM_DB=postgres` (a fresh database of the run's own
 * on BENCH_PG_URL, dropped after). Seeds, through the API, one Pro workspace with a roster, two
 * plans and a SYNTHETIC ledger of BENCH_SCRIM_GAMES games
 * (default 5,000: scrims of five games against eight opponents over six months, three patches,
 * scrims and official matches; about 8 % remakes or stopped games, some unplayed; a logged draft
 * for BENCH_SCRIM_DRAFTS games (default 150); a review with verdict, tags and often a plan and
 * branch for 60 % of them) from a fixed seed. The figures mean nothing about the game.
 *
 * Seeding: BENCH_SCRIM_TEMPLATES scrims (default 60, 300 games) go through the API with their
 * drafts, results and reviews; the rest of the ledger clones their rows in SQL with new ids,
 * starts, opponents, kinds and patches (a clone links its template's draft), since thousands of seed requests
 * take longer than the measurement on a busy two-core machine.
 *
 * Then, sequentially:
 * - analytics: `GET /workspaces/{id}/scrims/analytics/` cycling through every filter (none, each
 *   kind, a period, an opponent, a patch, a plan, a player, all at once), BENCH_SCRIM_REQUESTS
 *   timed requests after one warm-up pass: `analytics_p95_ms` (target < 100);
 * - result saves: BENCH_SCRIM_SAVES corrections `PUT …/games/{id}/result/` with five player lines:
 *   `result_save_p95_ms` (target < 50);
 * - the first analytics request after a save (the cached ledger rebuilt), reported on the line
 *   before the last (`analytics_after_write_p95_ms`), with the seed's size and the machine's load.
 *
 * Last line, one JSON object: {"analytics_p95_ms":…,"result_save_p95_ms":…}.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DRAFT_SEQUENCE, POSITIONS, seededRandom } from "@draftroom/draft";
import pg from "pg";
import {
  benchEnv,
  buildServerIfNeeded,
  cli,
  freshDatabase,
  machineLoad,
  percentile,
  type ServerProcess,
  startServer,
  stopServer,
} from "./lib/servers.ts";

const Database = createRequire(new URL("../apps/server/package.json", import.meta.url))(
  "better-sqlite3",
) as typeof import("better-sqlite3");

const DIALECT = process.env.BENCH_SCRIM_DB ?? "sqlite";
if (DIALECT !== "sqlite" && DIALECT !== "postgres") throw new Error("BENCH_SCRIM_DB: sqlite or postgres");
const GAMES = Number(process.env.BENCH_SCRIM_GAMES ?? 5000);
const DRAFTS = Number(process.env.BENCH_SCRIM_DRAFTS ?? 150);
const REQUESTS = Number(process.env.BENCH_SCRIM_REQUESTS ?? 300);
const SAVES = Number(process.env.BENCH_SCRIM_SAVES ?? 200);
const AFTER_WRITE = Number(process.env.BENCH_SCRIM_AFTER_WRITE ?? 20);
const TEMPLATES = Number(process.env.BENCH_SCRIM_TEMPLATES ?? 60);
const CONCURRENCY = 4;
const progress = (text: string) => process.stderr.write(`bench:scrims ${text}\n`);

/** Runs `task` over `items`, CONCURRENCY at a time (the seed only; every timed request is alone). */
async function inParallel<T>(items: readonly T[], task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * The clone's view of the database: the template rows of a workspace, and multi-row inserts in
 * one transaction. PostgreSQL returns jsonb as values and timestamps as Dates: a json value is
 * bound as its text again (a JS array would otherwise be bound as a PostgreSQL array).
 */
interface CloneDb {
  rows(sql: string, value: string): Promise<Record<string, unknown>[]>;
  insert(table: string, rows: readonly Record<string, unknown>[]): Promise<void>;
  inTransaction(work: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

function insertSql(
  table: string,
  rows: readonly Record<string, unknown>[],
  placeholder: (n: number) => string,
) {
  const columns = Object.keys(rows[0]!);
  let n = 0;
  const values = rows.map(() => `(${columns.map(() => placeholder(++n)).join(", ")})`).join(", ");
  return {
    text: `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`,
    params: rows.flatMap((row) => columns.map((column) => row[column])),
  };
}

function sqliteClone(path: string): CloneDb {
  const sqlite = new Database(path);
  return {
    rows: async (sql, value) => sqlite.prepare(sql).all(value) as Record<string, unknown>[],
    insert: async (table, rows) => {
      if (rows.length === 0) return;
      const { text, params } = insertSql(table, rows, () => "?");
      sqlite.prepare(text).run(...params);
    },
    inTransaction: async (work) => {
      sqlite.exec("BEGIN");
      await work();
      sqlite.exec("COMMIT");
    },
    close: async () => void sqlite.close(),
  };
}

async function postgresClone(url: string): Promise<CloneDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const bind = (value: unknown) =>
    value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
  return {
    rows: async (sql, value) => (await client.query(sql.replace("?", "$1"), [value])).rows,
    insert: async (table, rows) => {
      if (rows.length === 0) return;
      const { text, params } = insertSql(table, rows, (n) => `$${n}`);
      await client.query(text, params.map(bind));
    },
    inTransaction: async (work) => {
      await client.query("BEGIN");
      await work();
      await client.query("COMMIT");
    },
    close: () => client.end(),
  };
}

buildServerIfNeeded();
const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-scrims-"));
const pgDatabase = DIALECT === "postgres" ? await freshDatabase("draftroom_bench_scrims") : null;
const env = benchEnv(
  pgDatabase
    ? { DATABASE_URL: pgDatabase.url, LOG_LEVEL: "warn" }
    : { SQLITE_PATH: join(dir, "bench.db"), LOG_LEVEL: "warn" },
);
let server: ServerProcess | null = null;
try {
  cli(env, "dist", "migrate");
  cli(env, "dist", "seed");
  server = await startServer(env);
  const base = `${server.url}/api`;
  progress(`${DIALECT}: server on ${server.port}`);
  let headers: Record<string, string> = { "content-type": "application/json" };
  const json = async (path: string, method = "GET", body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const auth = await json("/auth/register/", "POST", {
    username: "benchcoach",
    email: "coach@example.com",
    password: "secret123",
    password_confirm: "secret123",
    first_name: "Bench",
    last_name: "Coach",
  });
  headers = { ...headers, authorization: `Token ${auth.token}` };
  const tiers = await json("/subscriptions/tiers/");
  const pro = (Array.isArray(tiers) ? tiers : tiers.results).find(
    (tier: { key: string }) => tier.key === "pro",
  );
  await json("/subscriptions/", "POST", { tier_id: pro.id, trial: true });
  const workspace = await json("/workspaces/", "POST", { name: "Bench Esports", tag: "BEN" });
  const champions = ((await json("/drafts/champions/")) as { id: number }[]).map((c) => c.id);

  // ---- the seed ------------------------------------------------------------------------------
  const rand = seededRandom(2026_11_29);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;
  const roster: string[] = [];
  for (const [index, position] of POSITIONS.entries()) {
    const player = await json(`/workspaces/${workspace.id}/roster/`, "POST", {
      name: `Bench ${position}`,
      position,
    });
    const entries = champions.slice(60 + index * 4, 64 + index * 4).map((id, i) => ({
      champion_id: id,
      tier: ["S", "A", "B", "learning"][i],
    }));
    await json(`/workspaces/${workspace.id}/roster/${player.id}/pool/`, "PUT", { entries });
    roster.push(player.id);
  }
  const plans: { id: string; branches: string[] }[] = [];
  for (const name of ["Blue engage", "Red scaling"]) {
    const branches = ["poke", "dive", "scaling"];
    const plan = await json("/draft-plans/", "POST", {
      workspace_id: workspace.id,
      content: {
        name,
        branches: branches.map((id) => ({ id, label: id, conditions: [], answer: [], children: [] })),
      },
    });
    plans.push({ id: plan.id, branches });
  }
  const opponents = Array.from({ length: 8 }, (_, i) => `Opponent ${i + 1}`);
  const scrimCount = Math.ceil(GAMES / 5);
  const start = Date.parse("2026-05-04T17:00:00Z");
  const spec = (i: number) => ({
    kind: rand() < 0.75 ? "scrim" : "official",
    opponent: { name: pick(opponents) },
    starts_at: new Date(start + Math.floor((i / scrimCount) * 180 * 86_400_000)).toISOString(),
    time_zone: "Europe/Berlin",
    games_count: 5,
    prepare_rooms: false,
    patch: pick(["16.8", "16.9", "16.10"]),
  });
  // Through the API: TEMPLATES scrims (their games get drafts, results and reviews below). The
  // rest of the ledger is cloned from them in SQL, as the API would have written it, because
  // thousands of seed requests take longer than the measurement itself on a busy machine.
  const games: { scrim: string; game: string }[] = [];
  let started = performance.now();
  for (let i = 0; i < Math.min(TEMPLATES, scrimCount); i += 1) {
    const scrim = await json(`/workspaces/${workspace.id}/scrims/`, "POST", spec(i));
    for (const game of scrim.games) games.push({ scrim: scrim.id, game: game.id });
  }
  const drafts = [champions.slice(0, 20), champions.slice(20, 40), champions.slice(40, 60)];
  const lines = () =>
    POSITIONS.map((position, index) => ({
      position,
      roster_player_id: roster[index],
      name: `Bench ${position}`,
      champion_id: champions[60 + index * 4 + Math.floor(rand() * 4)],
      kills: Math.floor(rand() * 10),
      deaths: Math.floor(rand() * 8),
      assists: Math.floor(rand() * 15),
      gold_at_15: 4000 + Math.floor(rand() * 3000),
    }));
  const resultBody = () => {
    const roll = rand();
    const status = roll < 0.05 ? "remake" : roll < 0.08 ? "stopped_early" : "played";
    return {
      status,
      winner: status === "played" ? (rand() < 0.55 ? "us" : "them") : null,
      our_side: rand() < 0.5 ? "BLUE" : "RED",
      duration_seconds: 1500 + Math.floor(rand() * 900),
      figures: {
        kills_us: Math.floor(rand() * 25),
        kills_them: Math.floor(rand() * 25),
        gold_diff_at_15: Math.floor(rand() * 6000) - 3000,
      },
      players: lines(),
    };
  };
  await inParallel(games, async ({ scrim, game }, index) => {
    const path = `/scrims/${scrim}/games/${game}`;
    const side = rand() < 0.5 ? "BLUE" : "RED";
    if (index < DRAFTS) {
      await json(`${path}/draft/`, "PUT", {
        our_side: side,
        actions: pick(drafts).map((id) => ({ champion_id: id })),
      });
    }
    if (rand() < 0.95) await json(`${path}/result/`, "PUT", { ...resultBody(), our_side: side });
    if (rand() < 0.6) {
      const plan = rand() < 0.6 ? pick(plans) : null;
      await json(`${path}/review/`, "PUT", {
        verdict: pick(["draft_won", "draft_lost", "even", "execution"]),
        tags: ["early game", "scaling", "engage", "poke", "split"].filter(() => rand() < 0.3),
        ...(plan ? { plan_id: plan.id, branch_id: pick(plan.branches) } : {}),
      });
    }
  });
  progress(
    `${games.length} games through the API (${Math.min(DRAFTS, games.length)} logged drafts) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  // The clones: each a template scrim's rows with new ids, its own start, opponent, kind and patch.
  const clone = pgDatabase ? await postgresClone(pgDatabase.url) : sqliteClone(env.SQLITE_PATH!);
  const templates = await clone.rows("SELECT * FROM scrims WHERE workspace_id = ?", workspace.id);
  const templateGames = new Map<unknown, Record<string, unknown>[]>();
  const templateLines = new Map<unknown, Record<string, unknown>[]>();
  for (const template of templates) {
    const gameRows = await clone.rows(
      "SELECT * FROM scrim_games WHERE scrim_id = ? ORDER BY number",
      String(template.id),
    );
    templateGames.set(template.id, gameRows);
    for (const game of gameRows) {
      templateLines.set(
        game.id,
        await clone.rows("SELECT * FROM scrim_game_players WHERE game_id = ?", String(game.id)),
      );
    }
  }
  await clone.inTransaction(async () => {
    for (let i = templates.length; i < scrimCount; i += 1) {
      const template = templates[i % templates.length]!;
      const own = spec(i);
      const id = randomUUID();
      await clone.insert("scrims", [
        {
          ...template,
          id,
          kind: own.kind,
          opponent_name: own.opponent.name,
          starts_at: own.starts_at,
          patch: own.patch,
        },
      ]);
      const gameRows: Record<string, unknown>[] = [];
      const lineRows: Record<string, unknown>[] = [];
      for (const game of templateGames.get(template.id) ?? []) {
        const gameId = randomUUID();
        // A clone links its template's draft (as many games as a real ledger read drafts for).
        gameRows.push({ ...game, id: gameId, scrim_id: id });
        for (const line of templateLines.get(game.id) ?? []) lineRows.push({ ...line, game_id: gameId });
      }
      await clone.insert("scrim_games", gameRows);
      await clone.insert("scrim_game_players", lineRows);
    }
  });
  await clone.close();
  progress(
    `${scrimCount - templates.length} scrims cloned in SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (DRAFT_SEQUENCE.length !== 20) throw new Error("the bench logs drafts of the tournament order");

  // ---- analytics, every filter -------------------------------------------------------------------
  const analyticsPath = `/workspaces/${workspace.id}/scrims/analytics/`;
  const variants = [
    "",
    "?kind=official",
    "?kind=all",
    "?from=2026-06-01&to=2026-08-31",
    `?opponent=${encodeURIComponent("Opponent 3")}`,
    "?patch=16.9",
    `?plan=${plans[0]!.id}`,
    `?player=${roster[2]}`,
    `?kind=all&from=2026-05-15&to=2026-10-15&opponent=${encodeURIComponent("name:opponent 5")}&patch=16.8&plan=${plans[1]!.id}&player=${roster[0]}`,
  ];
  const time = async (path: string, method = "GET", body?: unknown) => {
    const t0 = performance.now();
    await json(path, method, body);
    return performance.now() - t0;
  };
  const first = await json(`${analyticsPath}?kind=all`);
  progress(
    `ledger: ${first.games.total} games, ${first.games.counted} counted, excluded ${JSON.stringify(first.games.excluded)}`,
  );
  for (const variant of variants) await time(analyticsPath + variant);
  const analytics: number[] = [];
  for (let n = 0; n < REQUESTS; n += 1)
    analytics.push(await time(analyticsPath + variants[n % variants.length]));
  analytics.sort((a, b) => a - b);

  // ---- result saves (corrections), then the first analytics after a write -------------------------
  const saves: number[] = [];
  for (let n = 0; n < SAVES; n += 1) {
    const { scrim, game } = games[Math.floor(rand() * games.length)]!;
    saves.push(await time(`/scrims/${scrim}/games/${game}/result/`, "PUT", resultBody()));
  }
  saves.sort((a, b) => a - b);
  const afterWrite: number[] = [];
  for (let n = 0; n < AFTER_WRITE; n += 1) {
    const { scrim, game } = games[Math.floor(rand() * games.length)]!;
    await json(`/scrims/${scrim}/games/${game}/result/`, "PUT", resultBody());
    afterWrite.push(await time(analyticsPath + variants[n % variants.length]));
  }
  afterWrite.sort((a, b) => a - b);

  progress(
    `analytics: ${REQUESTS} requests over ${variants.length} filters, p50 ${percentile(analytics, 50)} ms, p95 ${percentile(analytics, 95)} ms; saves p50 ${percentile(saves, 50)} ms, p95 ${percentile(saves, 95)} ms; after a write p50 ${percentile(afterWrite, 50)} ms, p95 ${percentile(afterWrite, 95)} ms`,
  );
  console.log(
    JSON.stringify({
      games: first.games.total,
      drafts: Math.min(DRAFTS, games.length),
      analytics_p50_ms: percentile(analytics, 50),
      result_save_p50_ms: percentile(saves, 50),
      analytics_after_write_p50_ms: percentile(afterWrite, 50),
      analytics_after_write_p95_ms: percentile(afterWrite, 95),
      dialect: DIALECT,
      ...machineLoad(),
    }),
  );
  console.log(
    JSON.stringify({
      analytics_p95_ms: percentile(analytics, 95),
      result_save_p95_ms: percentile(saves, 95),
    }),
  );
} finally {
  if (server) await stopServer(server.child);
  await pgDatabase?.drop();
  rmSync(dir, { recursive: true, force: true });
}
