// `npm run bench:pages`: how soon the main screens of a team show their content, in Chromium.
//
// Builds the production web app and server when stale, serves them with a temporary SQLite
// database (migrated and seeded: champions, leagues and the 52-game match sample), and sets a
// team up through the API: a Pro trial owner, a workspace with a player and a pool, a workspace
// session, a plan against a team of the data. Then, per page, a warm-up visit (the server's
// caches are warm, as in use) and RUNS measured visits, each in a fresh browser context (a cold
// page: no HTTP cache, no app state). A visit's time is from the navigation's start to the first
// animation frame at which the page's own content is on screen and no loading placeholder is
// left in the main area.
//
// Pages: dashboard, sessions, a session board, the workspace page, pools, a scouting report, the
// plans list, the plan editor and the Data page. Prints one line per page (median and p95), then
// one JSON line: {"time_to_content_p95_ms": …} over every measured visit. Target: < 500 ms.
// Options: --runs N (or BENCH_PAGES_RUNS, default 5), --skip-build, --port P.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SERVER_DIST = join(ROOT, "apps/server/dist");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}
const PORT = Number.parseInt(option("port", String(5300 + Math.floor(Math.random() * 500))), 10);
const RUNS = Math.max(1, Number.parseInt(option("runs", process.env.BENCH_PAGES_RUNS ?? "5"), 10) || 5);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_MS = 500;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

async function waitForServer(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health/`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

interface Team {
  id: number;
  name: string;
  games?: number;
}

/** What the pages show, set up through the API as a coach would through the interface. */
async function setUp() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const password = `bench-${suffix}-pw`;
  const auth = await api<{ token: string; user: unknown }>("POST", "/auth/register/", {
    username: `bench_${suffix}`,
    email: `bench_${suffix}@example.com`,
    password,
    password_confirm: password,
    first_name: "Bench",
    last_name: "Coach",
  });
  const token = auth.token;
  const tiers = list(
    await api<{ id: number; key: string }[]>("GET", "/subscriptions/tiers/", undefined, token),
  );
  const pro = tiers.find((tier) => tier.key === "pro")!;
  await api("POST", "/subscriptions/", { tier_id: pro.id, trial: true }, token);
  const workspace = await api<{ id: string }>(
    "POST",
    "/workspaces/",
    { name: "Bench Heretics", tag: "BH" },
    token,
  );
  const champions = list(await api<{ id: number }[]>("GET", "/drafts/champions/"));
  const player = await api<{ id: string }>(
    "POST",
    `/workspaces/${workspace.id}/roster/`,
    { name: "Jojo", position: "mid" },
    token,
  );
  await api(
    "PUT",
    `/workspaces/${workspace.id}/roster/${player.id}/pool/`,
    {
      entries: champions
        .slice(0, 6)
        .map((champion, index) => ({ champion_id: champion.id, tier: index < 2 ? "S" : "A" })),
    },
    token,
  );
  const leagues = list(await api<(Team & { games?: number })[]>("GET", "/drafts/leagues/", undefined, token));
  const league = [...leagues].sort((a, b) => (b.games ?? 0) - (a.games ?? 0))[0]!;
  const teams = list(await api<Team[]>("GET", `/drafts/leagues/${league.id}/teams/`, undefined, token));
  const session = await api<{ id: string }>(
    "POST",
    `/drafts/sessions/?workspace=${workspace.id}`,
    {
      title: "Bench scrim",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
    },
    token,
  );
  const scouted = list(await api<Team[]>("GET", "/scouting/teams/", undefined, token)).find(
    (team) => (team.games ?? 0) > 0,
  )!;
  const plan = await api<{ id: string }>(
    "POST",
    "/draft-plans/",
    {
      workspace_id: workspace.id,
      content: {
        name: "Bench plan",
        opponent_team: scouted.name,
        bans: [{ phase: 1, champion_id: champions[10]!.id, reason: "their comfort" }],
      },
    },
    token,
  );
  return { auth, workspace, session, scouted, plan };
}

interface PageProbe {
  name: string;
  path: string;
  /** Text that only the loaded page shows. */
  text: string;
}

/**
 * Runs in the page (as source text, so the bundler's helpers never leak into it): resolves with
 * performance.now() (ms since the navigation started) at the first animation frame where `text`
 * is on screen and the main area holds no loading placeholder (skeleton, spinner, busy region).
 */
const READY = `function (text) {
  return new Promise(function (resolve) {
    function ready() {
      var main = document.querySelector("main") || document.body;
      if (main.querySelector(".animate-pulse, .animate-spin, [aria-busy='true']")) return false;
      return (document.body.innerText || "").indexOf(text) >= 0;
    }
    function check() {
      if (ready()) resolve(performance.now());
      else requestAnimationFrame(check);
    }
    check();
  });
}`;

/** BENCH_PAGES_WATERFALL=1: prints each visit's requests (start and end, ms from navigation). */
const WATERFALL = process.env.BENCH_PAGES_WATERFALL === "1";

async function visit(
  browser: Browser,
  auth: { token: string; user: unknown },
  probe: PageProbe,
  workspaceId: string,
) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  // The machine is offline: champion icons fall back to monograms either way.
  await context.route(/ddragon\.leagueoflegends\.com/, (route) => route.abort());
  await context.addInitScript(
    ([token, user, workspace]) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("authUser", user);
      localStorage.setItem("currentWorkspace", workspace);
    },
    [auth.token, JSON.stringify(auth.user), workspaceId] as const,
  );
  const page = await context.newPage();
  if (WATERFALL)
    page.on("console", (message) => console.log(`    console.${message.type()}: ${message.text()}`));
  try {
    await page.goto(`${BASE}${probe.path}`, { waitUntil: "commit" });
    const ms = (await page.evaluate(`(${READY})(${JSON.stringify(probe.text)})`)) as number;
    const scripts = (await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).length,
    )) as number;
    if (WATERFALL) {
      const entries = (await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return [timing.name.replace(location.origin, ""), timing.startTime, timing.responseEnd];
        }),
      )) as [string, number, number][];
      for (const [name, start, end] of entries) {
        console.log(
          `    ${start.toFixed(0).padStart(5)} -> ${end.toFixed(0).padStart(5)}  ${name.slice(0, 110)}`,
        );
      }
    }
    return { ms, scripts };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes("--skip-build")) {
    const built = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", "import('./scripts/lib.mjs').then((m) => m.buildIfNeeded())"],
      { cwd: ROOT, stdio: "inherit" },
    );
    if (built.status !== 0) throw new Error("build failed");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "draftroom-bench-pages-"));
  const env = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(PORT),
    SQLITE_PATH: join(dataDir, "bench.db"),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    DATA_UPDATES: "off",
    NODE_ENV: "production",
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
  };
  for (const command of ["migrate", "seed"]) {
    const result = spawnSync(process.execPath, [join(SERVER_DIST, "cli.js"), command], { cwd: ROOT, env });
    if (result.status !== 0) throw new Error(`cli ${command} failed: ${result.stderr}`);
  }
  const server = spawn(process.execPath, [join(SERVER_DIST, "main.js")], {
    cwd: ROOT,
    env,
    stdio: "inherit",
  });
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  try {
    await waitForServer(server);
    const { auth, workspace, session, scouted, plan } = await setUp();
    const pages: PageProbe[] = [
      { name: "dashboard", path: "/app/dashboard", text: "Bench scrim" },
      { name: "sessions", path: "/app/draft", text: "Bench scrim" },
      { name: "session board", path: `/app/draft/${session.id}`, text: "Bench scrim" },
      { name: "workspace", path: `/app/workspaces/${workspace.id}`, text: "Bench Heretics" },
      { name: "pools", path: `/app/workspaces/${workspace.id}/pools`, text: "Jojo" },
      { name: "scouting report", path: `/app/scouting/teams/${scouted.id}`, text: scouted.name },
      { name: "plans list", path: "/app/draft-plans", text: "Bench plan" },
      { name: "plan editor", path: `/app/draft-plans/${plan.id}`, text: "their comfort" },
      { name: "data", path: "/app/data", text: "52" },
    ];
    const all: number[] = [];
    // BENCH_PAGES_ONLY=name: one page only (looking into it).
    const only = process.env.BENCH_PAGES_ONLY;
    for (const probe of pages.filter((each) => !only || each.name === only)) {
      // Warm the server's caches for this page (as in use); the measured visits start cold.
      await visit(browser, auth, probe, workspace.id);
      const times: number[] = [];
      let scripts = 0;
      for (let run = 0; run < RUNS; run++) {
        const visited = await visit(browser, auth, probe, workspace.id);
        times.push(visited.ms);
        scripts = visited.scripts;
      }
      const sorted = [...times].sort((a, b) => a - b);
      all.push(...times);
      console.log(
        `${probe.name.padEnd(16)} median ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, ${scripts} scripts  (${times.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
    }
    const p95 = percentile(
      [...all].sort((a, b) => a - b),
      95,
    );
    console.log(`${all.length} visits; target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? "met" : "missed"}`);
    console.log(JSON.stringify({ time_to_content_p95_ms: Math.round(p95) }));
  } finally {
    await browser.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
