/**
 * `npm run bench:import-latency`: how long recommendation requests wait for statistics after a
 * season is imported. Starts the server (tsx, from source) on a migrated, seeded temporary SQLite
 * database, warms a recommendation request, imports BENCH_GAMES generated games (default 10,000)
 * with the CLI in another process, then times the first recommendation request and every request
 * (one each 25 ms) until the answer rests on the new games. Last line:
 * `{"games":…,"first_request_ms":…,"max_request_ms":…,"fresh_after_ms":…,"load_average":…}`.
 * Target: ≤ 50 ms. BENCH_SERVER_NODE_ARGS adds node flags to the server (e.g. a CPU profile).
 * BENCH_IMPORT_CLI points at another checkout's src/cli.ts (its src/main.ts serves) for a baseline.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSeason } from "./generate-season.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const CLI = process.env.BENCH_IMPORT_CLI ?? join(ROOT, "apps/server/src/cli.ts");
const MAIN = join(dirname(CLI), "main.ts");
const tsx = createRequire(import.meta.url).resolve("tsx");

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

const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-latency-"));
const file = join(dir, `season-${GAMES}.csv`);
const port = await freePort();
const env = {
  ...process.env,
  SQLITE_PATH: join(dir, "bench.db"),
  LOG_LEVEL: "warn",
  DATA_UPDATES: "off",
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  WEB_DIST: join(dir, "no-web"),
  RATE_LIMIT_MAX: "1000000",
  AUTH_RATE_LIMIT_MAX: "1000000",
};
const cli = (args: string[]) => {
  const result = spawnSync(process.execPath, ["--import", tsx, CLI, ...args], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`cli ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

const base = `http://127.0.0.1:${port}/api`;
let server: ReturnType<typeof spawn> | null = null;
try {
  await generateSeason(GAMES, file);
  cli(["migrate"]);
  cli(["seed"]);
  // BENCH_SERVER_NODE_ARGS adds node flags to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  server = spawn(process.execPath, [...nodeArgs, "--import", tsx, MAIN], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let tries = 0; ; tries += 1) {
    const ok = await fetch(`${base}/health/`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 400) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const json = async (path: string, init: RequestInit = {}, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: {
        "content-type": "application/json",
        ...headers,
        ...(init.headers as Record<string, string>),
      },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const auth = await json("/auth/register/", {
    method: "POST",
    body: JSON.stringify({
      username: "benchuser",
      email: "bench@example.com",
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Bench",
      last_name: "User",
    }),
  });
  const headers = { authorization: `Token ${auth.token}` };
  const leagues = await json("/drafts/leagues/", {}, headers);
  const league = leagues.find((candidate: { name: string }) => candidate.name === "LEC") ?? leagues[0];
  const teams = await json(`/drafts/leagues/${league.id}/teams/`, {}, headers);
  const session = await json(
    "/drafts/sessions/",
    {
      method: "POST",
      body: JSON.stringify({
        title: "bench",
        league_id: league.id,
        blue_team_id: teams[0].id,
        red_team_id: teams[1].id,
      }),
    },
    headers,
  );
  const recommend = async () => {
    const started = performance.now();
    const body = await json(`/drafts/sessions/${session.id}/recommendations/`, {}, headers);
    return { ms: performance.now() - started, matches: Number(body.basis?.sources?.matches ?? 0) };
  };
  for (let n = 0; n < 5; n += 1) await recommend();
  const before = await recommend();
  console.log(`before the import: ${before.ms.toFixed(1)} ms (${before.matches} games)`);

  console.log(cli(["import-matches", file]).trim().split("\n").at(-1));
  const importedAt = performance.now();
  const first = await recommend();
  console.log(
    `first request after the import: ${first.ms.toFixed(1)} ms (statistics of ${first.matches} games)`,
  );
  let max = first.ms;
  let last = first;
  while (last.matches < GAMES && performance.now() - importedAt < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await recommend();
    max = Math.max(max, last.ms);
  }
  const freshAfter = performance.now() - importedAt;
  console.log(
    `requests until the statistics include the import: max ${max.toFixed(1)} ms; fresh after ${freshAfter.toFixed(0)} ms (${last.matches} games)`,
  );
  console.log(
    JSON.stringify({
      games: GAMES,
      first_request_ms: Number(first.ms.toFixed(1)),
      max_request_ms: Number(max.toFixed(1)),
      fresh_after_ms: Math.round(freshAfter),
      // A busy machine stretches every figure: the 1-minute load average when measured.
      load_average: Number(loadavg()[0]!.toFixed(2)),
    }),
  );
} finally {
  server?.kill("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
