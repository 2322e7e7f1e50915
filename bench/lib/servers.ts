/**
 * Server processes for the benchmarks that run the real server in its own process (bench:rooms,
 * bench:db-restart, bench:scale, bench:scrims): free ports, a fresh PostgreSQL database of the
 * run's own, the server's CLI, a server started until `/api/health/` answers, and stopped; and the
 * percentile every bench reports. One copy, so every bench starts servers the same way and none
 * leaves one running when it fails.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every child process, killed on any exit (a failed phase must not leave servers running). */
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Counts a child so it is killed when the bench exits however it ends. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function freePort(): Promise<number> {
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

/** Builds apps/server/dist when its sources are newer (the built server starts in about a second). */
export function buildServerIfNeeded(): void {
  const build = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", "import('./scripts/lib.mjs').then((m) => m.buildServerIfNeeded())"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error("the server build failed");
}

/** How a server process runs: the built bundle, or the sources through tsx. */
export type ServerEntry = "dist" | "source";

function entryArgs(entry: ServerEntry, file: "main" | "cli"): string[] {
  return entry === "dist"
    ? [join(ROOT, `apps/server/dist/${file}.js`)]
    : ["--import", "tsx", join(ROOT, `apps/server/src/${file}.ts`)];
}

/** Runs the server's CLI (`migrate`, `seed`, `set-plan …`); throws with its stderr when it fails. */
export function cli(env: NodeJS.ProcessEnv, entry: ServerEntry, ...args: string[]): void {
  const result = spawnSync(process.execPath, [...entryArgs(entry, "cli"), ...args], {
    cwd: join(ROOT, "apps/server"),
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(" ")} failed: ${result.stderr}`);
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly port: number;
}

/**
 * Starts a server on `port` and waits (up to a minute) until `/api/health/` answers 200.
 * `nodeArgs` are extra node flags (e.g. `--cpu-prof`); `stdout` "pipe" lets a caller read it.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  options: { port?: number; entry?: ServerEntry; nodeArgs?: readonly string[] } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), ...entryArgs(options.entry ?? "dist", "main")], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health/`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return { child, url, port };
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`server on ${port} did not become healthy`);
}

/** `signal` (SIGINT writes a `--cpu-prof` profile), then SIGKILL after 5 s. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

// ---- a fresh PostgreSQL database -------------------------------------------------------------

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin<T>(work: (client: pg.Client) => Promise<T>, url = PG_ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database named `<prefix>_<time>`; `drop()` removes it (connections and all). */
export async function freshDatabase(
  prefix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin((client) => client.query(`create database "${name}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: () =>
      admin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => {},
        () => {},
      ),
  };
}

/** The environment every bench server shares: production-like, quiet, no rate limits. */
export function benchEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "error",
    DATA_UPDATES: "off",
    HOST: "127.0.0.1",
    RATE_LIMIT_ENABLED: "false",
    WEB_DIST: "/nonexistent-web-dist",
    ...extra,
  };
}

// ---- what every room bench needs from a running server ----------------------------------------

export async function api<T>(url: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface BenchAccount {
  readonly token: string;
  /** A body for `POST /api/rooms/` `session`. */
  readonly sessionBody: Record<string, unknown>;
  /** Every champion's id. */
  readonly pool: number[];
}

/** A Pro user (plan limits cap saved drafts), a session body and the champion pool. */
export async function benchAccount(
  url: string,
  env: NodeJS.ProcessEnv,
  entry: ServerEntry,
): Promise<BenchAccount> {
  const username = `bench${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { token } = await api<{ token: string }>(url, "/api/auth/register/", null, {
    username,
    email: `${username}@example.com`,
    password: "bench-password",
    password_confirm: "bench-password",
    first_name: "Bench",
    last_name: "Rooms",
  });
  cli(env, entry, "set-plan", username, "pro");
  const leagues = await api<Array<{ id: number }>>(url, "/api/drafts/leagues/", null);
  const teams = await api<Array<{ id: number }>>(url, `/api/drafts/leagues/${leagues[0]!.id}/teams/`, null);
  const champions = await api<Array<{ id: number }>>(url, "/api/drafts/champions/", null);
  return {
    token,
    sessionBody: {
      title: "Bench",
      league_id: leagues[0]!.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    },
    pool: champions.map((champion) => champion.id),
  };
}

/**
 * The nearest-rank percentile `p` (0-100) of `values` (any order), in tenths: NaN for no values.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

/** Load average (1 and 5 min) and cores: every bench on this shared machine says how busy it was. */
export function machineLoad(): { load_1m: number; load_5m: number; cores: number } {
  const [one = 0, five = 0] = loadavg();
  return {
    load_1m: Math.round(one * 100) / 100,
    load_5m: Math.round(five * 100) / 100,
    cores: availableParallelism(),
  };
}
