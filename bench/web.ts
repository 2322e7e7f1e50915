// `npm run bench:web`: builds the web app and the server, serves the production build with the real
// server (static files, compression, security headers), and runs Lighthouse (mobile, simulated
// throttling) on `/` in /usr/bin/chromium. Prints each run, then one JSON line with the median run:
// {"performance","accessibility","best_practices","seo","lcp_ms","cls","initial_js_kb_gz"}.
//
// Options: --runs N (or BENCH_WEB_RUNS, default 3), --skip-build, --port P. Reports are kept in
// $TMPDIR/draftroom-bench-web/lighthouse-<n>.json.
// initial_js_kb_gz: every script the page downloads while loading `/` (entry, shared chunks and the
// lazy landing chunk), each gzipped (level 9) from the built file, summed, in KiB.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WEB_DIST = join(ROOT, "apps/web/dist");
const SERVER_DIST = join(ROOT, "apps/server/dist");
const LIGHTHOUSE = join(ROOT, "node_modules/lighthouse/cli/index.js");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}
// npm swallows unknown flags after `npm run bench:web`, so BENCH_WEB_RUNS works too.
const RUNS = Math.max(1, Number.parseInt(option("runs", process.env.BENCH_WEB_RUNS ?? "3"), 10) || 3);
/** Full Lighthouse reports of the last run stay here for inspection. */
const REPORT_DIR = join(tmpdir(), "draftroom-bench-web");
const PORT = Number.parseInt(option("port", String(4300 + Math.floor(Math.random() * 500))), 10);
const SKIP_BUILD = process.argv.includes("--skip-build");

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; score?: number | null; details?: { items?: Array<Record<string, unknown>> } }
  >;
}

interface Figures {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  lcp_ms: number;
  cls: number;
  initial_js_kb_gz: number;
}

/** Gzipped size of every script the page loaded, from the built files. */
function initialJsKbGz(report: LighthouseReport, origin: string): number {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  const scripts = new Set<string>();
  for (const item of items) {
    const url = String(item.url ?? "");
    if (item.resourceType === "Script" && url.startsWith(origin)) scripts.add(new URL(url).pathname);
  }
  let bytes = 0;
  for (const path of scripts) {
    const file = join(WEB_DIST, decodeURIComponent(path));
    if (existsSync(file)) bytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

async function lighthouse(url: string, origin: string, outDir: string, index: number): Promise<Figures> {
  const output = join(outDir, `lighthouse-${index}.json`);
  await run(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { CHROME_PATH: CHROME },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as LighthouseReport;
  const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
  const failing = Object.entries(report.audits)
    .filter(([, audit]) => typeof audit.score === "number" && audit.score < 0.9 && audit.score !== null)
    .map(([id]) => id);
  if (failing.length > 0) console.error(`run ${index + 1}: audits under 0.9: ${failing.join(", ")}`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    best_practices: score("best-practices"),
    seo: score("seo"),
    lcp_ms: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
    cls: Math.round((report.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
    initial_js_kb_gz: initialJsKbGz(report, origin),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is retried twice. */
async function withRetries<T>(attempt: () => Promise<T>, retries = 2): Promise<T> {
  for (let left = retries; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      if (left <= 0) throw error;
      console.error(`Lighthouse run failed (${error instanceof Error ? error.message : error}); retrying`);
    }
  }
}

async function main(): Promise<void> {
  if (!SKIP_BUILD) {
    await run("npm", ["run", "build", "-w", "@draftroom/web"]);
    await run("npm", ["run", "build", "-w", "@draftroom/server"]);
  }
  if (!existsSync(join(WEB_DIST, "index.html")))
    throw new Error("apps/web/dist is missing: build the web app");
  if (!existsSync(join(SERVER_DIST, "main.js")))
    throw new Error("apps/server/dist is missing: build the server");

  const work = mkdtempSync(join(tmpdir(), "bench-web-"));
  mkdirSync(REPORT_DIR, { recursive: true });
  const env = {
    HOST: "127.0.0.1",
    PORT: String(PORT),
    WEB_DIST,
    SQLITE_PATH: join(work, "bench.db"),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    DATA_UPDATES: "off",
    NODE_ENV: "production",
  };
  await run(process.execPath, [join(SERVER_DIST, "cli.js"), "migrate"], env);
  const server = spawn(process.execPath, [join(SERVER_DIST, "main.js")], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  try {
    await waitForServer(`${origin}/`, server);
    const runs: Figures[] = [];
    for (let index = 0; index < RUNS; index++) {
      const figures = await withRetries(() => lighthouse(`${origin}/`, origin, REPORT_DIR, index));
      console.log(`run ${index + 1}/${RUNS}: ${JSON.stringify(figures)}`);
      runs.push(figures);
    }
    // The median run by performance score (Lighthouse's own advice for noisy machines).
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
    console.log(JSON.stringify(median));
  } finally {
    server.kill("SIGTERM");
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
