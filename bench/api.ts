/**
 * `npm run bench:api`: load on the drafts API with autocannon (100 connections), on SQLite and on
 * PostgreSQL, against the built server (apps/server/dist/main.js) in its own process:
 *
 * - read: `GET /api/drafts/sessions/{id}/actions/` of a session with 10 actions, with a token
 *   (the token is checked on every request, through the server's token cache; repeated reads of
 *   an unchanged session are answered from the server's actions cache, so this measures that
 *   path: run with ACTIONS_CACHE_SESSIONS=0 in the environment to measure the database path);
 * - workspace read: the same read of a session in a workspace, so the member's access decision
 *   (decision record 044) is on the path too;
 * - bare: a bare Fastify route in its own process serving the same JSON from memory, measured in
 *   the same run, so `ratio_to_bare` compares the route with what this machine can do at all;
 * - flow: each connection creates a session and drafts it to the end (1 POST session + 20 POST
 *   actions, repeated); `flow_rps` counts those requests per second (`flows_per_s` whole drafts).
 *
 * The last line is one JSON object:
 * `{"sqlite":{"read_rps":…,"read_p99_ms":…,"ratio_to_bare":…,"flow_rps":…,"workspace_read_rps":…,
 * "workspace_read_p99_ms":…,"workspace_ratio_to_bare":…},"postgres":{…}}`.
 * Targets: ratio_to_bare >= 0.5 and read_p99_ms < 20 on both. PostgreSQL is skipped (null) when
 * BENCH_PG_URL / the local server at 127.0.0.1:5432 is unreachable.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import autocannon from "autocannon";
import pg from "pg";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

interface FlowContext {
  sessionId?: string;
}

interface DialectFigures {
  read_rps: number;
  read_p99_ms: number;
  ratio_to_bare: number;
  flow_rps: number;
  workspace_read_rps: number;
  workspace_read_p99_ms: number;
  workspace_ratio_to_bare: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 30_000) throw new Error(`${url}: no answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function runCannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Warm-up run, then the measured one; a run with no answer at all, or failed requests, stops the bench. */
async function measure(label: string, options: autocannon.Options): Promise<autocannon.Result> {
  await runCannon({ ...options, duration: WARMUP_SECONDS });
  const result = await runCannon({ ...options, duration: SECONDS });
  if (result.requests.total === 0 || result.errors > 0) {
    throw new Error(
      `${label}: ${result.requests.total} answers, ${result.errors} errors (${result.timeouts} timeouts)`,
    );
  }
  return result;
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A bare Fastify process answering GET /bare with the given JSON, parsed once and kept in memory. */
const BARE_SERVER = `
import Fastify from "fastify";
const payload = JSON.parse(process.env.BARE_JSON);
const app = Fastify({ logger: false });
app.get("/bare", async () => payload);
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
`;

async function benchDialect(
  name: "sqlite" | "postgres",
  dbEnv: Record<string, string>,
): Promise<DialectFigures> {
  const env = {
    ...process.env,
    ...dbEnv,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_UPDATES: "off",
    HOST: "127.0.0.1",
    RATE_LIMIT_ENABLED: "false",
    WEB_DIST: "/nonexistent-web-dist",
  };
  for (const command of ["migrate", "seed"]) {
    const result = spawnSync(process.execPath, [join(ROOT, "apps/server/dist/cli.js"), command], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`cli ${command} failed: ${result.stderr}`);
  }

  const port = await freePort();
  const server = spawn(process.execPath, [join(ROOT, "apps/server/dist/main.js")], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let bare: ChildProcess | undefined;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health/`, server);

    const username = `bench${Date.now().toString(36)}`;
    const registered = await json<{ token: string }>(
      await fetch(`${base}/api/auth/register/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username,
          email: `${username}@example.com`,
          password: "bench-password",
          password_confirm: "bench-password",
          first_name: "Bench",
          last_name: "Mark",
        }),
      }),
    );
    const plan = spawnSync(
      process.execPath,
      [join(ROOT, "apps/server/dist/cli.js"), "set-plan", username, "pro"],
      {
        cwd: ROOT,
        env,
        encoding: "utf8",
      },
    );
    if (plan.status !== 0) throw new Error(`set-plan failed: ${plan.stderr}`);
    const headers = { authorization: `Token ${registered.token}`, "content-type": "application/json" };

    const leagues = await json<Array<{ id: number }>>(await fetch(`${base}/api/drafts/leagues/`));
    const leagueId = leagues[0]!.id;
    const teams = await json<Array<{ id: number }>>(
      await fetch(`${base}/api/drafts/leagues/${leagueId}/teams/`),
    );
    const champions = await json<Array<{ id: number }>>(await fetch(`${base}/api/drafts/champions/`));
    const sessionBody = JSON.stringify({
      title: "Bench draft",
      league_id: leagueId,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    });
    const actionBody = (step: number) =>
      JSON.stringify({
        phase_number: step,
        action_type: DRAFT_SEQUENCE[step]!.type,
        team_side: DRAFT_SEQUENCE[step]!.side,
        champion_id: champions[step]!.id,
      });

    const session = await json<{ id: string }>(
      await fetch(`${base}/api/drafts/sessions/`, { method: "POST", headers, body: sessionBody }),
    );
    for (let step = 0; step < 10; step += 1) {
      await json(
        await fetch(`${base}/api/drafts/sessions/${session.id}/actions/`, {
          method: "POST",
          headers,
          body: actionBody(step),
        }),
      );
    }
    const readPath = `/api/drafts/sessions/${session.id}/actions/`;
    // The same draft in a workspace: every read also passes the member's access decision.
    const workspace = await json<{ id: string }>(
      await fetch(`${base}/api/workspaces/`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Bench team", tag: "BEN" }),
      }),
    );
    const teamSession = await json<{ id: string }>(
      await fetch(`${base}/api/drafts/sessions/?workspace=${workspace.id}`, {
        method: "POST",
        headers,
        body: sessionBody,
      }),
    );
    for (let step = 0; step < 10; step += 1) {
      await json(
        await fetch(`${base}/api/drafts/sessions/${teamSession.id}/actions/`, {
          method: "POST",
          headers,
          body: actionBody(step),
        }),
      );
    }
    const workspaceReadPath = `/api/drafts/sessions/${teamSession.id}/actions/`;
    const payload = await (await fetch(`${base}${readPath}`, { headers })).text();

    // The bare route, in its own process like the server.
    const barePort = await freePort();
    bare = spawn(process.execPath, ["--input-type=module", "-e", BARE_SERVER], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(barePort), BARE_JSON: payload },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(`http://127.0.0.1:${barePort}/bare`, bare);
    const bareBody = await (await fetch(`http://127.0.0.1:${barePort}/bare`)).text();
    if (bareBody !== payload) throw new Error("the bare route does not serve the same JSON");

    const bareResult = await measure("bare", {
      url: `http://127.0.0.1:${barePort}/bare`,
      connections: CONNECTIONS,
    });
    await stop(bare);
    bare = undefined;

    const readResult = await measure("read", {
      url: `${base}${readPath}`,
      connections: CONNECTIONS,
      headers: { authorization: headers.authorization },
    });
    if (readResult.non2xx > 0) throw new Error(`read: ${readResult.non2xx} non-2xx answers`);
    const workspaceReadResult = await measure("workspace read", {
      url: `${base}${workspaceReadPath}`,
      connections: CONNECTIONS,
      headers: { authorization: headers.authorization },
    });
    if (workspaceReadResult.non2xx > 0) {
      throw new Error(`workspace read: ${workspaceReadResult.non2xx} non-2xx answers`);
    }

    // Create-then-draft: each connection cycles POST session, then the 20 steps of that session.
    const flowRequests: autocannon.Request[] = [
      {
        method: "POST",
        path: "/api/drafts/sessions/",
        body: sessionBody,
        onResponse: (status: number, body: string, context: object) => {
          if (status === 201) (context as FlowContext).sessionId = (JSON.parse(body) as { id: string }).id;
        },
      },
      ...DRAFT_SEQUENCE.map((_, step) => ({
        method: "POST" as const,
        setupRequest: (request: autocannon.Request, context: object) => ({
          ...request,
          path: `/api/drafts/sessions/${String((context as FlowContext).sessionId)}/actions/`,
          body: actionBody(step),
        }),
      })),
    ];
    const flowResult = await measure("flow", {
      url: base,
      connections: CONNECTIONS,
      headers,
      requests: flowRequests,
    });
    if (flowResult.non2xx > 0) throw new Error(`flow: ${flowResult.non2xx} non-2xx answers`);

    const figures: DialectFigures = {
      read_rps: Math.round(readResult.requests.average),
      read_p99_ms: readResult.latency.p99,
      ratio_to_bare: Number((readResult.requests.average / bareResult.requests.average).toFixed(3)),
      flow_rps: Math.round(flowResult.requests.average),
      workspace_read_rps: Math.round(workspaceReadResult.requests.average),
      workspace_read_p99_ms: workspaceReadResult.latency.p99,
      workspace_ratio_to_bare: Number(
        (workspaceReadResult.requests.average / bareResult.requests.average).toFixed(3),
      ),
    };
    console.log(
      `${name}: bare ${Math.round(bareResult.requests.average)} req/s (p99 ${bareResult.latency.p99} ms); ` +
        `read ${figures.read_rps} req/s (p99 ${figures.read_p99_ms} ms, ratio ${figures.ratio_to_bare}); ` +
        `workspace read ${figures.workspace_read_rps} req/s (p99 ${figures.workspace_read_p99_ms} ms, ` +
        `ratio ${figures.workspace_ratio_to_bare}); ` +
        `flow ${figures.flow_rps} req/s = ${(flowResult.requests.average / 21).toFixed(1)} drafts/s ` +
        `(p99 ${flowResult.latency.p99} ms)`,
    );
    return figures;
  } finally {
    if (bare) await stop(bare);
    await stop(server);
  }
}

async function withSqlite<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-api-"));
  try {
    return await fn({ SQLITE_PATH: join(dir, "bench.db") });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(fn: (env: Record<string, string>) => Promise<T>): Promise<T | null> {
  const name = `draftroom_bench_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.error(`postgres: skipped, ${PG_ADMIN_URL} unreachable (${(error as Error).message})`);
    return null;
  }
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn({ DATABASE_URL: url.toString() });
  } finally {
    const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  }
}

const build = spawnSync(process.execPath, [join(ROOT, "apps/server/build.mjs")], {
  cwd: ROOT,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(1);

console.log(
  `autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per run ` +
    "(targets: ratio_to_bare >= 0.5, read_p99_ms < 20)",
);
const sqlite = await withSqlite((env) => benchDialect("sqlite", env));
const postgres = await withPostgres((env) => benchDialect("postgres", env));
console.log(JSON.stringify({ sqlite, postgres }));
