/**
 * `npm run bench:import`: generates a season-sized Oracle's Elixir file from the shipped sample
 * (bench/generate-season.ts; BENCH_GAMES games, default 10,000 = 120,000 rows), then runs
 * `import-matches` on it the way `npm run cli` does (tsx, from source) against a migrated, seeded
 * temporary SQLite database (or DATABASE_URL), and reports the wall time and the peak resident
 * memory of the importing process. A second import of the same file checks it is idempotent.
 * Last line: `{"games":…,"seconds":…,"cpu_seconds":…,"peak_rss_mb":…,"load_average":…}` (wall time; CPU time too,
 * since a busy machine stretches the wall time). Targets: ≤ 15 s, ≤ 300 MB.
 * BENCH_IMPORT_CLI points at another checkout's src/cli.ts to measure it the same way (baseline).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSeason } from "./generate-season.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const CLI = process.env.BENCH_IMPORT_CLI ?? join(ROOT, "apps/server/src/cli.ts");
const tsx = createRequire(import.meta.url).resolve("tsx");

const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-import-"));
const file = join(dir, `season-${GAMES}.csv`);
const rssFile = join(dir, "rss");
// Writes the process's peak RSS (kB) when it exits.
const rssHook = `data:text/javascript,${encodeURIComponent(
  "import{writeFileSync}from'node:fs';process.on('exit',()=>{const u=process.resourceUsage();writeFileSync(process.env.BENCH_RSS_OUT,JSON.stringify({rss:u.maxRSS,cpu:(u.userCPUTime+u.systemCPUTime)/1e6}))});",
)}`;
const env = {
  ...process.env,
  SQLITE_PATH: process.env.SQLITE_PATH ?? join(dir, "bench.db"),
  LOG_LEVEL: "warn",
  DATA_UPDATES: "off",
  BENCH_RSS_OUT: rssFile,
};

function cli(args: string[], measure = false) {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    [...(measure ? ["--import", rssHook] : []), "--import", tsx, CLI, ...args],
    { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    throw new Error(`cli ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  const usage = measure && existsSync(rssFile) ? JSON.parse(readFileSync(rssFile, "utf8")) : null;
  const peak = usage ? usage.rss / 1024 : Number.NaN;
  const cpu = usage ? Number(usage.cpu) : Number.NaN;
  return { seconds, peak, cpu, stdout: result.stdout };
}

try {
  const generated = await generateSeason(GAMES, file);
  console.log(
    `generated ${file}: ${GAMES} games, ${generated.rows} rows, ${(statSync(file).size / 1_048_576).toFixed(1)} MB`,
  );
  cli(["migrate"]);
  cli(["seed"]);
  const first = cli(["import-matches", file], true);
  console.log(first.stdout.trim());
  console.log(
    `first import: ${first.seconds.toFixed(2)} s (CPU ${first.cpu.toFixed(2)} s), peak RSS ${first.peak.toFixed(0)} MB`,
  );
  const again = cli(["import-matches", file], true);
  console.log(again.stdout.trim().split("\n").at(-1));
  console.log(
    `second import (replaces every game): ${again.seconds.toFixed(2)} s (CPU ${again.cpu.toFixed(2)} s), peak RSS ${again.peak.toFixed(0)} MB`,
  );
  console.log(
    JSON.stringify({
      games: GAMES,
      seconds: Number(first.seconds.toFixed(2)),
      cpu_seconds: Number(first.cpu.toFixed(2)),
      peak_rss_mb: Math.round(first.peak),
      // A busy machine stretches the wall time: the 1-minute load average when measured.
      load_average: Number(loadavg()[0]!.toFixed(2)),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
