// `npm run bench:pages`: how soon the main screens of a team show their content, in Chromium.
//
// Builds the production web app and server when stale, serves them with a temporary SQLite
// database (migrated and seeded: champions, leagues and the 52-game match sample), and sets a
// team up through the API: a Pro trial owner, a workspace with a player and a pool, a workspace
// session, a plan against a team of the data. Each page is warmed once (the server's caches are
// warm, as in use), then measured RUNS times in two ways, each visit in a fresh browser context
// (no HTTP cache, no app state):
//
// - load: the page is opened in a new tab with an empty cache (a full load: the browser starts a
//   page process, loads and runs the app, then the page): `time_to_content_p95_ms`, the issue's
//   figure (a warm server and a cold page), target < 500 ms.
// - navigate: the app is open on another screen (the profile page) and the user goes to the page
//   by a client-side navigation, as a link in the app does: the page's code and data are cold,
//   the app is running. How a team moves between its screens all day:
//   `in_app_time_to_content_p95_ms`.
//
// A visit's time runs from the navigation's start to the first animation frame at which the
// page's own content is in the main area and no loading placeholder is left there.
//
// Pages: dashboard, sessions, a session board, the workspace page, pools, a scouting report, the
// plans list, the plan editor and the Data page. Prints one line per page and mode (median and
// p95), a summary with the machine's speed (a fixed reference work, decision 071) and its floor
// for a cold page (the landing page's static first screen, decision 075), then one JSON line:
// {"time_to_content_p95_ms": …, "in_app_time_to_content_p95_ms": …,
// "static_page_time_to_content_ms": …}.
// Options: --runs N (or BENCH_PAGES_RUNS, default 5), --skip-build; BENCH_PAGES_ONLY=name[,name…]
// (those pages), BENCH_PAGES_WATERFALL=1 (each visit's requests), BENCH_PAGES_PROFILE=1 (where each
// visit's main thread spent its time), BENCH_PAGES_COMPARE=dist (this build against another).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeFirstPaintCookie, FIRST_PAINT_COOKIE, ROUTES } from "@draftroom/contracts";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import landingTexts from "../apps/web/src/locales/en/landing.json" with { type: "json" };
import { benchEnv, cli, machineLoad, percentile, ROOT, startServer, stopServer } from "./lib/servers.ts";

/**
 * The browser: Debian's Chromium headless shell (what `.ci/run` installs for the end-to-end suite),
 * else the full `chromium`; CHROME_PATH chooses. The full browser in its headless mode opens a
 * window for every browser context and loads its own interface into it, beside the measured page:
 * on two cores that was about half of every cold load (decision 073).
 */
const CHROME =
  process.env.CHROME_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium-headless-shell";
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
const RUNS = Math.max(1, Number.parseInt(option("runs", process.env.BENCH_PAGES_RUNS ?? "5"), 10) || 5);
const TARGET_MS = 500;
/** The landing page's heading, the text of the floor's probe (see `staticFloor`). */
const LANDING_TITLE = landingTexts.hero.title;
/** Set once the server is up. */
let BASE = "";

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
  /** Text that only the loaded page shows in its main area. */
  text: string;
}

/**
 * Runs in the page (as source text, so the bundler's helpers never leak into it): resolves with
 * performance.now() at the first animation frame where the main area shows `text` (in its text or
 * in a field's value: an editor shows its content in fields) and holds no loading placeholder
 * (skeleton, spinner, busy region). The header is left out: it names the workspace on every page.
 * textContent is read first because it costs no layout; innerText confirms the text is rendered.
 */
/** A loading placeholder: a skeleton, a spinner or a busy region. */
const LOADING = ".animate-pulse, .animate-spin, [aria-busy='true']";

const READY = `function (text) {
  return new Promise(function (resolve) {
    function ready() {
      var main = document.querySelector("main");
      if (!main || main.querySelector(${JSON.stringify(LOADING)})) return false;
      if ((main.textContent || "").indexOf(text) >= 0) return (main.innerText || "").indexOf(text) >= 0;
      var fields = main.querySelectorAll("input, textarea");
      for (var i = 0; i < fields.length; i++) if (fields[i].value.indexOf(text) >= 0) return true;
      return false;
    }
    function check() {
      if (ready()) resolve(performance.now());
      else requestAnimationFrame(check);
    }
    check();
  });
}`;

/**
 * The screen the app is open on before a client-side navigation (light, shares no page data). It
 * was "/app/profile" until 2026-11-30: no such route, so the navigations started from the
 * not-found page, outside the signed-in routes (whose guard fetches the plan ahead).
 */
const START_PATH = ROUTES.profile;

/**
 * BENCH_PAGES_WATERFALL=1: prints each visit's requests (start and end, ms from navigation) with
 * what the page showed meanwhile: the app's first commit, a loading placeholder in the main area
 * appearing or going, a main area appearing.
 */
const WATERFALL = process.env.BENCH_PAGES_WATERFALL === "1";

/**
 * BENCH_PAGES_COMPARE=<another build's apps/web/dist>: a second server on the same database serves
 * that build, and each page's full loads alternate between the two (ABBA), so that both meet the
 * same moments of the machine: on two shared cores one build's median moved by 250 ms from one run
 * to the next, more than most changes being measured (decision 074). Prints each page's medians
 * and the median of the paired differences; no in-app navigation.
 */
const COMPARE = process.env.BENCH_PAGES_COMPARE;

/** Runs in the page before its scripts (WATERFALL): notes when the DOM reaches each milestone. */
const MILESTONES = `(function () {
  var noted = (window.__milestones = []);
  var state = { root: false, main: false, loading: false, count: 0 };
  function note(name) { noted.push([name, performance.now()]); }
  note("document created");
  function check() {
    var root = document.getElementById("root");
    var main = document.querySelector("main");
    var placeholders = main ? main.querySelectorAll(${JSON.stringify(LOADING)}) : [];
    var loading = placeholders.length > 0;
    if (placeholders.length !== state.count) {
      state.count = placeholders.length;
      var last = placeholders[placeholders.length - 1];
      if (last) note(placeholders.length + " placeholders, last: " + (last.getAttribute("aria-label") || (last.parentElement && last.parentElement.textContent || "").slice(0, 40) || last.className.slice(0, 40)));
    }
    if (!state.root && root && root.firstChild) { state.root = true; note("first commit"); }
    if (!state.main && main) { state.main = true; note("main area"); }
    if (loading !== state.loading) { state.loading = loading; note(loading ? "placeholder shown" : "placeholder gone"); }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

/**
 * BENCH_PAGES_TRACE=1: records each visit's Chrome trace and prints what the page's main thread did
 * (script compile and run, style, layout, paint, HTML parsing), by event, with the whole visit's
 * busy time: the CPU profile's "(program)" splits into these. BENCH_PAGES_TRACE_FILE=path also keeps
 * the last visit's trace of each mode (path-load.json, path-navigate.json) for chrome://tracing.
 */
const TRACE = process.env.BENCH_PAGES_TRACE === "1";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

function printTrace(buffer: Buffer): void {
  const events = (JSON.parse(buffer.toString("utf8")) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer: a navigation from about:blank may move to a new process, so the busiest.
  const threads = events.filter(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain",
  );
  const eventsOf = (thread: TraceEvent) =>
    events
      .filter(
        (event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X" && event.dur,
      )
      .sort((a, b) => a.ts - b.ts);
  const ours = threads
    .map(eventsOf)
    .sort(
      (a, b) => b.reduce((sum, e) => sum + (e.dur ?? 0), 0) - a.reduce((sum, e) => sum + (e.dur ?? 0), 0),
    )[0];
  if (!ours) return;
  const tasks = ours.filter((event) => event.name === "RunTask");
  const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
  const start = tasks[0]?.ts ?? 0;
  const end = tasks.length > 0 ? tasks[tasks.length - 1]!.ts + (tasks[tasks.length - 1]!.dur ?? 0) : 0;
  const byName = new Map<string, number>();
  for (const event of ours) {
    if (event.name === "RunTask") continue;
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const top = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 16)
    .map(([name, ms]) => `    ${ms.toFixed(0).padStart(5)} ms  ${name}`)
    .join("\n");
  console.log(
    `  main thread busy ${busy.toFixed(0)} ms of ${((end - start) / 1000).toFixed(0)} ms (events nest: a name's time includes the names below it)\n${top}`,
  );
}

/** BENCH_PAGES_PROFILE=1: prints where each visit's main thread spent its time (CPU profile). */
const PROFILE = process.env.BENCH_PAGES_PROFILE === "1";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

function printProfile(profile: CpuProfile): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  (profile.samples ?? []).forEach((id, index) => {
    const frame = nodes.get(id)!.callFrame;
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    const script = frame.url.split("/").pop() || frame.functionName;
    add(byScript, script, ms);
    add(byFunction, `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber}`, ms);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `    ${ms.toFixed(0).padStart(5)} ms  ${key.slice(0, 100)}`)
      .join("\n");
  // Busy time per 200 ms of the visit (from the profile's start, about the navigation's start).
  const busy: number[] = [];
  let at = 0;
  (profile.samples ?? []).forEach((id, index) => {
    at += (profile.timeDeltas?.[index] ?? 0) / 1000;
    if (nodes.get(id)!.callFrame.functionName === "(idle)") return;
    const bucket = Math.floor(at / 200);
    busy[bucket] = (busy[bucket] ?? 0) + (profile.timeDeltas?.[index + 1] ?? 0) / 1000;
  });
  console.log(`  busy ms per 200 ms: ${Array.from(busy, (ms) => (ms ?? 0).toFixed(0)).join(" ")}`);
  console.log(`  by script:\n${top(byScript, 10)}\n  by function (self):\n${top(byFunction, 15)}`);
}

/**
 * The same fixed work in a fresh tab of the same browser each time: script (objects, strings,
 * sorting) and 1,500 elements styled and laid out, about what a screen's first render asks of the
 * page. Its median (ms) says how fast the machine was during the run, so that figures of runs on
 * different machines (or beside other work) can be compared: the same build's
 * `time_to_content_p95_ms` was 437 to 671 ms in one session and 710 to 802 ms in the next
 * (decision 071).
 */
const REFERENCE_WORK = `(function () {
  var started = performance.now();
  var rows = [];
  for (var i = 0; i < 60000; i++) rows.push({ id: i, name: "champion " + (i % 172), score: (i * 7919) % 1000 });
  rows.sort(function (a, b) { return a.score - b.score || a.id - b.id; });
  var joined = rows.slice(0, 5000).map(function (row) { return row.name + ":" + row.score; }).join(",");
  var host = document.createElement("div");
  host.style.cssText = "display:grid;grid-template-columns:repeat(auto-fill,minmax(56px,1fr));gap:4px;font:12px sans-serif";
  for (var j = 0; j < 1500; j++) {
    var tile = document.createElement("div");
    tile.className = "tile";
    tile.style.cssText = "padding:2px;border-radius:8px;background:linear-gradient(135deg,#345,#789)";
    tile.textContent = rows[j].name;
    host.appendChild(tile);
  }
  document.body.appendChild(host);
  // Reading the height lays the grid out; the joined text is used so no engine drops its work.
  if (host.offsetHeight === 0 || joined.length === 0) throw new Error("the reference work laid nothing out");
  return performance.now() - started;
})()`;

/**
 * A fresh browser context as every visit of the bench gets one: no cache, no app state, the
 * desktop viewport. The machine is offline: champion icons fall back to monograms either way.
 */
async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.route(/ddragon\.leagueoflegends\.com/, (route) => route.abort());
  return context;
}

/** The median of five runs of `work`, each in a fresh tab of its own context. */
async function medianOfFreshTabs(browser: Browser, work: (page: Page) => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const context = await freshContext(browser);
    try {
      times.push(await work(await context.newPage()));
    } finally {
      await context.close();
    }
  }
  return percentile(times, 50);
}

function machineReference(browser: Browser): Promise<number> {
  return medianOfFreshTabs(browser, async (page) => {
    await page.goto(`${BASE}/robots.txt`);
    return (await page.evaluate(REFERENCE_WORK)) as number;
  });
}

/**
 * This machine's floor for a cold page (decision 075): the signed-out landing page, whose first
 * screen is HTML and the stylesheet with no script needed (decision 072), loaded and probed as the
 * measured pages are. No screen drawn from API data can show its content sooner.
 */
function staticFloor(browser: Browser): Promise<number> {
  const landing: PageProbe = { name: "landing shell", path: "/", text: LANDING_TITLE };
  return medianOfFreshTabs(browser, (page) => measure(page, landing, "load", BASE));
}

type Mode = "navigate" | "load";

async function signedInContext(browser: Browser, auth: Auth, workspaceId: string): Promise<BrowserContext> {
  const context = await freshContext(browser);
  await context.addInitScript(
    ([token, user, workspace]) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("authUser", user);
      localStorage.setItem("currentWorkspace", workspace);
    },
    [auth.token, JSON.stringify(auth.user), workspaceId] as const,
  );
  // The first-paint cookie the app writes beside them at sign-in (lib/first-paint-cookie.ts).
  await context.addCookies([
    {
      name: FIRST_PAINT_COOKIE,
      value: encodeFirstPaintCookie({
        token: auth.token,
        workspace: workspaceId,
        language: "en",
        timeZone: "UTC",
      }),
      url: BASE,
    },
  ]);
  return context;
}

/** Fails the run by name instead of hanging it when a page never shows its content. */
function within<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within 30 s`)), 30_000)),
  ]);
}

/** What the main area shows when a page never showed its content (printed before the run fails). */
function describeMain(page: Page): Promise<string> {
  return page
    .evaluate((loading) => {
      const main = document.querySelector("main");
      const busy = main?.querySelectorAll(loading) ?? [];
      return `${location.pathname}\nbusy: ${[...busy].map((e) => e.outerHTML.slice(0, 200)).join("\n")}\nmain: ${(main?.innerText ?? "").slice(0, 600)}`;
    }, LOADING)
    .catch((error: unknown) => `the page could not be read: ${String(error)}`);
}

/** ms from the navigation's start to the content: a full load, or a client-side navigation. */
async function measure(page: Page, probe: PageProbe, mode: Mode, base: string): Promise<number> {
  const notShown = `${probe.name} (${mode}): "${probe.text}" not shown`;
  let script = `(${READY})(${JSON.stringify(probe.text)})`;
  if (mode === "load") {
    await page.goto(`${base}${probe.path}`, { waitUntil: "commit" });
  } else {
    await page.goto(`${base}${START_PATH}`);
    await page.waitForLoadState("networkidle");
    // What a link in the app does: the router hears the new location and renders the page.
    script = `(function () {
      var started = performance.now();
      history.pushState(null, "", ${JSON.stringify(probe.path)});
      dispatchEvent(new PopStateEvent("popstate"));
      return (${READY})(${JSON.stringify(probe.text)}).then(function (at) { return at - started; });
    })()`;
  }
  try {
    return (await within(page.evaluate(script), notShown)) as number;
  } catch (error) {
    console.log(await describeMain(page));
    throw error;
  }
}

async function visit(
  browser: Browser,
  auth: Auth,
  probe: PageProbe,
  workspaceId: string,
  mode: Mode,
  base = BASE,
) {
  const context = await signedInContext(browser, auth, workspaceId);
  const page = await context.newPage();
  if (WATERFALL)
    page.on("console", (message) => console.log(`    console.${message.type()}: ${message.text()}`));
  if (WATERFALL) await page.addInitScript(MILESTONES);
  const cdp = PROFILE ? await context.newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  if (TRACE)
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "v8",
        "disabled-by-default-v8.compile",
        "toplevel",
        "blink",
        "loading",
      ],
    });
  try {
    const ms = await measure(page, probe, mode, base);
    if (TRACE) {
      const trace = await browser.stopTracing();
      if (process.env.BENCH_PAGES_TRACE_FILE)
        writeFileSync(`${process.env.BENCH_PAGES_TRACE_FILE}-${mode}.json`, trace);
      printTrace(trace);
    }
    const scripts = (await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js")).length,
    )) as number;
    if (cdp) printProfile((await cdp.send("Profiler.stop")).profile);
    if (WATERFALL) {
      const entries = (await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          // Sent later than asked: queued for one of HTTP/1.1's six connections (or a busy process).
          const queued = timing.requestStart - timing.startTime;
          const name = timing.name.replace(location.origin, "");
          return [
            queued >= 5 ? `${name} (sent at ${timing.requestStart.toFixed(0)})` : name,
            timing.startTime,
            timing.responseEnd,
          ];
        }),
      )) as [string, number, number][];
      // The document's own request, when its parser finished (interactive) and when its deferred
      // scripts, the entry among them, had run (content loaded).
      const documentTimes = (await page.evaluate(() => {
        const timing = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return [
          ["(document) request", timing.requestStart, timing.responseStart],
          ["(document) body", timing.responseStart, timing.responseEnd],
          ["(document) interactive", timing.domInteractive, timing.domInteractive],
          ["(document) content loaded", timing.domContentLoadedEventStart, timing.domContentLoadedEventEnd],
        ];
      })) as [string, number, number][];
      entries.push(...documentTimes);
      const milestones = (await page.evaluate("window.__milestones || []")) as [string, number][];
      for (const [name, at] of milestones) entries.push([`(dom) ${name}`, at, at]);
      entries.sort((a, b) => a[1] - b[1]);
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

interface Auth {
  token: string;
  user: unknown;
}

/** BENCH_PAGES_COMPARE: this build's full loads against another's, visit by visit. */
async function compareBuilds(
  browser: Browser,
  auth: Auth,
  workspaceId: string,
  pages: readonly PageProbe[],
  otherEnv: NodeJS.ProcessEnv,
): Promise<void> {
  const other = await startServer(otherEnv);
  try {
    const bases = [BASE, other.url] as const;
    const all: [number[], number[]] = [[], []];
    const differences: number[] = [];
    for (const probe of pages) {
      for (const base of bases) await visit(browser, auth, probe, workspaceId, "load", base);
      const times: [number[], number[]] = [[], []];
      for (let run = 0; run < RUNS; run++) {
        for (const which of run % 2 === 0 ? [0, 1] : [1, 0])
          times[which]!.push((await visit(browser, auth, probe, workspaceId, "load", bases[which]!)).ms);
      }
      const paired = times[1].map((ms, run) => ms - times[0][run]!);
      all[0].push(...times[0]);
      all[1].push(...times[1]);
      differences.push(...paired);
      console.log(
        `${probe.name.padEnd(16)} load median ${percentile(times[0], 50).toFixed(0)} ms, compared ${percentile(times[1], 50).toFixed(0)} ms; compared minus this, median of pairs ${percentile(paired, 50).toFixed(0)} ms  (${paired.map((ms) => ms.toFixed(0)).join(", ")})`,
      );
    }
    const [own, compared] = [percentile(all[0], 95), percentile(all[1], 95)];
    const difference = percentile(differences, 50);
    console.log(
      `${all[0].length} pairs; this build p95 ${own.toFixed(0)} ms, ${otherEnv.WEB_DIST} p95 ${compared.toFixed(0)} ms; compared minus this, median of pairs ${difference.toFixed(0)} ms, ${differences.filter((ms) => ms > 0).length} of ${differences.length} pairs slower`,
    );
    console.log(
      JSON.stringify({
        time_to_content_p95_ms: Math.round(own),
        compared_time_to_content_p95_ms: Math.round(compared),
        compared_minus_this_median_ms: Math.round(difference),
      }),
    );
  } finally {
    await stopServer(other.child);
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
  const env = benchEnv({
    SQLITE_PATH: join(dataDir, "bench.db"),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    WEB_DIST: join(ROOT, "apps/web/dist"),
  });
  for (const command of ["migrate", "seed"]) cli(env, "dist", command);
  const server = await startServer(env);
  BASE = server.url;
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_ARGS });
  const loadBefore = machineLoad();
  try {
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
      { name: "data", path: "/app/data", text: "What this means for you" },
    ];
    const only = process.env.BENCH_PAGES_ONLY?.split(",");
    const measured = pages.filter((each) => !only || only.includes(each.name));
    if (COMPARE) {
      await compareBuilds(browser, auth, workspace.id, measured, { ...env, WEB_DIST: COMPARE });
      return;
    }
    const all: Record<Mode, number[]> = { navigate: [], load: [] };
    for (const probe of measured) {
      // Warm the server's caches for this page (as in use); the measured visits start cold.
      await visit(browser, auth, probe, workspace.id, "load");
      for (const mode of ["load", "navigate"] as const) {
        const times: number[] = [];
        let scripts = 0;
        for (let run = 0; run < RUNS; run++) {
          const visited = await visit(browser, auth, probe, workspace.id, mode);
          times.push(visited.ms);
          scripts = visited.scripts;
        }
        all[mode].push(...times);
        console.log(
          `${probe.name.padEnd(16)} ${mode.padEnd(8)} median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ${scripts} scripts  (${times.map((ms) => ms.toFixed(0)).join(", ")})`,
        );
      }
    }
    const reference = await machineReference(browser);
    const floor = await staticFloor(browser);
    const navigate = percentile(all.navigate, 95);
    const load = percentile(all.load, 95);
    console.log(
      `${all.load.length} visits per mode; full load p95 ${load.toFixed(0)} ms (target < ${TARGET_MS}: ${load < TARGET_MS ? "met" : "missed"}), in-app navigation p95 ${navigate.toFixed(0)} ms; browser ${CHROME} ${browser.version()}; machine reference ${reference.toFixed(0)} ms (the same fixed work in a fresh tab: lower is a faster machine); this machine's floor ${floor.toFixed(0)} ms (the landing page's first screen, HTML and stylesheet only, median of 5 cold loads); load average before ${JSON.stringify(loadBefore)}, after ${JSON.stringify(machineLoad())}`,
    );
    console.log(
      JSON.stringify({
        time_to_content_p95_ms: Math.round(load),
        in_app_time_to_content_p95_ms: Math.round(navigate),
        static_page_time_to_content_ms: Math.round(floor),
      }),
    );
  } finally {
    await browser.close();
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
