// `npm run bench:draft-ui`: how fast the live draft board answers a lock-in, in Chromium.
//
// Builds the production web app and server when stale, serves them with a temporary SQLite
// database (migrated and seeded: 172 champions), signs a fresh user in, opens a new draft session
// and plays its 20 steps through the UI. For each step it selects a champion in the grid, clicks
// "Ban Champion" / "Pick Champion" and measures, inside the page, from the click event to the first
// animation frame after the team panel shows that champion in its slot. The board is updated
// optimistically by the draft engine, so the server round trip is not on this path.
//
// Prints one line per action, then one JSON line: {"median_ms": …, "p95_ms": …}.
// Options: --skip-build, --port P, --base-url URL (measure a running app; no build, no server). Target: median < 50 ms on the project machine (2 cores).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { chromium } from "playwright-core";

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
const PORT = Number.parseInt(option("port", String(4800 + Math.floor(Math.random() * 500))), 10);
/** --base-url: measure an already running app (e.g. the dev server) instead of starting one. */
const EXTERNAL = option("base-url", "");
const BASE = EXTERNAL || `http://127.0.0.1:${PORT}`;

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

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE}/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type Named = { id: number; name: string };

/**
 * Runs in the page (as source text, so the bundler's helpers never leak into it): arms a probe
 * that records the click on the lock button and resolves `window.__lock` with the milliseconds
 * until the first animation frame after a team panel slot is labelled with the champion.
 */
const PROBE = `function (buttonName, slotLabel) {
  window.__lock = new Promise(function (resolve) {
    var start = 0;
    function found() {
      return Array.prototype.some.call(document.querySelectorAll("[data-team] [aria-label]"), function (element) {
        var label = element.getAttribute("aria-label");
        return label !== null && label.indexOf(slotLabel) === 0;
      });
    }
    function onClick(event) {
      var button = event.target && event.target.closest ? event.target.closest("button") : null;
      if (!button || button.textContent.indexOf(buttonName) < 0) return;
      start = performance.now();
      window.removeEventListener("click", onClick, true);
      var observer = new MutationObserver(function () {
        if (!found()) return;
        observer.disconnect();
        requestAnimationFrame(function () { resolve(performance.now() - start); });
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    }
    window.addEventListener("click", onClick, true);
  });
}`;
const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

async function main(): Promise<void> {
  if (!process.argv.includes("--skip-build") && !EXTERNAL) {
    const built = spawnSync(
      process.execPath,
      ["--input-type=module", "-e", "import('./scripts/lib.mjs').then((m) => m.buildIfNeeded())"],
      { cwd: ROOT, stdio: "inherit" },
    );
    if (built.status !== 0) throw new Error("build failed");
  }

  const dataDir = mkdtempSync(join(tmpdir(), "draftroom-bench-draft-ui-"));
  const env = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(PORT),
    SQLITE_PATH: join(dataDir, "bench.db"),
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
    if (server) await waitForServer(server);
    const suffix = Math.random().toString(36).slice(2, 8);
    const password = `bench-${suffix}-pw`;
    const auth = await api<{ token: string; user: unknown }>("/auth/register/", {
      username: `bench_${suffix}`,
      email: `bench_${suffix}@example.com`,
      password,
      password_confirm: password,
      first_name: "Bench",
      last_name: "Runner",
    });
    const champions = list(await api<Named[] | { results: Named[] }>("/drafts/champions/", undefined));
    const league = list(
      await api<Named[] | { results: Named[] }>("/drafts/leagues/", undefined, auth.token),
    )[0]!;
    const teams = list(
      await api<Named[] | { results: Named[] }>(`/drafts/leagues/${league.id}/teams/`, undefined, auth.token),
    );
    const session = await api<{ id: string }>(
      "/drafts/sessions/",
      {
        title: "Bench",
        league_id: league.id,
        blue_team_id: teams[0]!.id,
        red_team_id: teams[1]!.id,
        // Long timers: no timeout modal during the run.
        settings: { ban_timer: 300, pick_timer: 300, auto_advance: false },
      },
      auth.token,
    );
    console.log(`pool: ${champions.length} champions; session ${session.id}`);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    // The machine is offline: champion icons fall back to monograms either way.
    await context.route(/ddragon\.leagueoflegends\.com/, (route) => route.abort());
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem("authToken", token);
        localStorage.setItem("authUser", user);
      },
      [auth.token, JSON.stringify(auth.user)] as const,
    );
    const page = await context.newPage();
    await page.goto(`${BASE}/app/draft/${session.id}`);
    await page.getByRole("listbox").waitFor();
    await page.waitForTimeout(500);

    const timings: number[] = [];
    const perTeam = { BLUE: { BAN: 0, PICK: 0 }, RED: { BAN: 0, PICK: 0 } };
    for (const step of DRAFT_SEQUENCE) {
      const champion = champions[step.index * 7]!;
      const slot = ++perTeam[step.side][step.type];
      const label = `${step.type === "BAN" ? "Ban" : "Pick"} ${slot}: ${champion.name}`;
      const button = step.type === "BAN" ? "Ban Champion" : "Pick Champion";
      await page.getByRole("option", { name: champion.name, exact: true }).click();
      await page.evaluate(`(${PROBE})(${JSON.stringify(button)}, ${JSON.stringify(label)})`);
      await page.getByRole("button", { name: button }).click();
      const ms = await page.evaluate(() => (window as unknown as { __lock: Promise<number> }).__lock);
      timings.push(ms);
      console.log(
        `step ${String(step.index + 1).padStart(2)} ${step.side.padEnd(4)} ${step.type} ${champion.name}: ${ms.toFixed(1)} ms`,
      );
      // Let the save settle so every step starts from a quiet page.
      await page.waitForLoadState("networkidle").catch(() => undefined);
    }
    await page.getByRole("heading", { name: "Draft Complete!" }).waitFor();
    const sorted = [...timings].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(`${timings.length} actions; target median < 50 ms: ${median < 50 ? "met" : "missed"}`);
    console.log(JSON.stringify({ median_ms: Number(median.toFixed(1)), p95_ms: Number(p95.toFixed(1)) }));
  } finally {
    await browser.close();
    if (server && server.exitCode === null) {
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
