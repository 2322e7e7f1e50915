/**
 * `npm run bench:startup`: time from launching the built server (node apps/server/dist/main.js)
 * to its first 200 on /api/health/, and its resident memory once idle. Runs several launches on a
 * migrated, seeded temporary SQLite database and reports the median; the last line is
 * `{"cold_start_ms":…,"idle_rss_mb":…}`. Targets: < 2000 ms, < 150 MB.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);

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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// Build when missing or stale, like npm start.
const build = spawnSync(
  process.execPath,
  ["--input-type=module", "-e", "import('./scripts/lib.mjs').then((m) => m.buildIfNeeded())"],
  { cwd: ROOT, stdio: "inherit" },
);
if (build.status !== 0) process.exit(1);

const dir = mkdtempSync(join(tmpdir(), "draftroom-bench-"));
const env = {
  ...process.env,
  SQLITE_PATH: join(dir, "bench.db"),
  LOG_LEVEL: "warn",
  DATA_UPDATES: "off",
  NODE_ENV: "production",
  HOST: "127.0.0.1",
};
for (const command of ["migrate", "seed"]) {
  const result = spawnSync(process.execPath, [join(ROOT, "apps/server/dist/cli.js"), command], {
    cwd: ROOT,
    env,
  });
  if (result.status !== 0) throw new Error(`cli ${command} failed: ${result.stderr}`);
}

const starts: number[] = [];
const rss: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const port = await freePort();
    const launched = performance.now();
    const child = spawn(process.execPath, [join(ROOT, "apps/server/dist/main.js")], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ["ignore", "ignore", "inherit"],
    });
    let ready = 0;
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) ready = performance.now() - launched;
      else await new Promise((resolve) => setTimeout(resolve, 5));
      if (performance.now() - launched > 30_000) throw new Error("no answer within 30 s");
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const memory = rssMb(child.pid!);
    starts.push(ready);
    rss.push(memory);
    console.log(`run ${run}: first 200 after ${ready.toFixed(0)} ms, idle RSS ${memory.toFixed(1)} MB`);
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`median of ${RUNS} launches (targets: < 2000 ms, < 150 MB)`);
console.log(
  JSON.stringify({ cold_start_ms: Math.round(median(starts)), idle_rss_mb: Number(median(rss).toFixed(1)) }),
);
