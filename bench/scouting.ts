/**
 * `npm run bench:scouting`: the scouting report's API answer on a season of data. Generates
 * BENCH_GAMES games (default 10,000) from the shipped sample (bench/generate-season.ts), imports
 * them with the CLI into a migrated, seeded temporary SQLite database, starts the server (tsx,
 * from source), signs up a user on the Pro trial and times `GET /api/scouting/teams/{id}/`
 * sequentially over the teams with the most games, each without filters, with a patch and with a
 * date range (BENCH_REQUESTS timed requests after a warm-up pass: a coach opening the page again,
 * or another user the same team, is answered from the counts of the current import), then
 * BENCH_COLD_REQUESTS with a date range nobody asked before (counted on the request), then
 * compares. Last line: `{"games":…,"scouting_p50_ms":…,"scouting_p95_ms":…,
 * "scouting_cold_p50_ms":…,"scouting_cold_p95_ms":…,"compare_p95_ms":…}`. Target: p95 ≤ 100 ms.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSeason } from "./generate-season.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const COLD_REQUESTS = Math.min(280, Number(process.env.BENCH_COLD_REQUESTS ?? 100));
const CLI = join(ROOT, "apps/server/src/cli.ts");
const MAIN = join(ROOT, "apps/server/src/main.ts");
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

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number(sorted[Math.max(0, index)]!.toFixed(1));
}

const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-scouting-"));
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
    maxBuffer: 64 * 1024 * 1024,
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
  console.log(cli(["import-matches", file]).trim().split("\n").at(-1));
  server = spawn(process.execPath, ["--import", tsx, MAIN], {
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
    if (tries > 600) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let headers: Record<string, string> = { "content-type": "application/json" };
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const auth = await json("/auth/register/", {
    method: "POST",
    body: JSON.stringify({
      username: "benchscout",
      email: "scout@example.com",
      password: "secret123",
      password_confirm: "secret123",
      first_name: "Bench",
      last_name: "Scout",
    }),
  });
  headers = { ...headers, authorization: `Token ${auth.token}` };
  const tiers = await json("/subscriptions/tiers/");
  const list = Array.isArray(tiers) ? tiers : tiers.results;
  const pro = list.find((tier: { key: string }) => tier.key === "pro");
  await json("/subscriptions/", { method: "POST", body: JSON.stringify({ tier_id: pro.id, trial: true }) });

  const teams = ((await json("/scouting/teams/")) as { id: number; name: string; games: number }[])
    .filter((team) => team.games > 0)
    .slice(0, 10);
  if (teams.length < 2) throw new Error("no team of the season matches a seeded team");
  console.log(`teams: ${teams.map((team) => `${team.name} (${team.games})`).join(", ")}`);
  const first = await json(`/scouting/teams/${teams[0]!.id}/`);
  const patch = first.patches[0]?.patch as string | undefined;
  const variants = [
    "",
    ...(patch ? [`?patch=${encodeURIComponent(patch)}`] : []),
    "?from=2025-03-01&to=2025-08-31",
  ];
  const paths = teams.flatMap((team) => variants.map((query) => `/scouting/teams/${team.id}/${query}`));

  const time = async (path: string) => {
    const started = performance.now();
    await json(path);
    return performance.now() - started;
  };
  for (const path of paths) await time(path);
  const samples: number[] = [];
  for (let n = 0; n < REQUESTS; n += 1) samples.push(await time(paths[n % paths.length]!));
  samples.sort((a, b) => a - b);
  // Cold: every request a date range not asked before, so nothing counted earlier is reused.
  const pad = (n: number) => String(n).padStart(2, "0");
  const cold: number[] = [];
  for (let n = 0; n < COLD_REQUESTS; n += 1) {
    const team = teams[n % teams.length]!;
    const range = `from=2025-01-${pad(1 + (n % 28))}&to=2025-12-${pad(1 + (Math.floor(n / 10) % 28))}`;
    cold.push(await time(`/scouting/teams/${team.id}/?${range}`));
  }
  cold.sort((a, b) => a - b);
  const compares: number[] = [];
  for (let n = 0; n < 30; n += 1) {
    const a = teams[n % teams.length]!;
    const b = teams[(n + 1) % teams.length]!;
    compares.push(await time(`/scouting/compare/?a=${a.id}&b=${b.id}`));
  }
  compares.sort((a, b) => a - b);
  console.log(
    `${REQUESTS} reports of ${teams[0]!.name} (${first.summary.record.games} games) and others: p50 ${percentile(samples, 50)} ms, p95 ${percentile(samples, 95)} ms, max ${percentile(samples, 100)} ms`,
  );
  console.log(
    JSON.stringify({
      games: GAMES,
      scouting_p50_ms: percentile(samples, 50),
      scouting_p95_ms: percentile(samples, 95),
      scouting_cold_p50_ms: percentile(cold, 50),
      scouting_cold_p95_ms: percentile(cold, 95),
      compare_p95_ms: percentile(compares, 95),
    }),
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
