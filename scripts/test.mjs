// `npm test`: typecheck, lint, unit tests, server integration tests on SQLite and PostgreSQL, and
// the Playwright suite in Chromium against the production build. Every suite runs even when an
// earlier one fails; the last line is the total: "N passed, N failed" (", N skipped" when any).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfNeeded, isStale, ROOT, WEB_BUILT, WEB_SOURCES } from "./lib.mjs";
import { dialectOf, playwrightFailures, vitestFailures } from "./test-failures.mjs";

// The browser the end-to-end suite runs (e2e/playwright.config.ts says why the headless shell).
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const CHROMIUM_PACKAGE = "chromium-headless-shell";
const reports = mkdtempSync(join(tmpdir(), "draftroom-test-"));
const started = Date.now();
const rows = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test, named under the summary: CI keeps only the log's end. */
const failures = [];

function exec(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * `command args` at a lower scheduling priority, where the machine has `nice`: work that only fills
 * the time another suite spends waiting (the static checks, the web build) then never delays that
 * suite's own timing checks (a spectator's lock due within 500 ms of its time).
 */
const NICE = ["/usr/bin/nice", "/bin/nice"].find((path) => existsSync(path));
function lowPriority(command, args) {
  return NICE ? [NICE, ["-n", "10", command, ...args]] : [command, args];
}

/** Runs a command with its output kept, for a suite that runs beside another: {code, output}. */
function execQuietly(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: 1, output: `${output}${String(error)}\n` }));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Each part's seconds, printed under the summary (issue 32 tracks the suite's time). */
const times = [];
async function timed(part, work) {
  const from = Date.now();
  try {
    return await work;
  } finally {
    times.push(`${part} ${Math.round((Date.now() - from) / 1000)} s`);
  }
}

function banner(title) {
  console.log(`\n━━━ ${title} ${"━".repeat(Math.max(0, 70 - title.length))}`);
}

function record(suite, counts, note = "") {
  const c = { passed: 0, failed: 0, skipped: 0, ...counts };
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  const skipped = c.skipped ? `, ${c.skipped} skipped` : "";
  rows.push(`${suite.padEnd(28)} ${c.passed} passed, ${c.failed} failed${skipped}${note ? `  ${note}` : ""}`);
}

function recordCheck(suite, ok) {
  rows.push(`${suite.padEnd(28)} ${ok ? "ok" : "FAILED"}`);
  if (!ok) totals.failed += 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Builds the web app in the background (output kept, printed when asked for): the end-to-end
 * suite needs it, and it builds while the unit and integration tests run.
 */
function buildWebInBackground() {
  if (!isStale(WEB_BUILT, WEB_SOURCES)) return async () => true;
  const build = execQuietly(...lowPriority("npm", ["run", "build", "-w", "@draftroom/web", "--silent"]));
  return async () => {
    const { code, output } = await build;
    console.log(
      `building the web app (vite), in the background during the unit and integration tests…\n${output}`,
    );
    return code === 0;
  };
}

/** Counts a Vitest JSON report, split by a function naming each test's group. */
function countVitest(report, groupOf) {
  const groups = new Map();
  const bump = (group, key) => {
    const g = groups.get(group) ?? { passed: 0, failed: 0, skipped: 0 };
    g[key] += 1;
    groups.set(group, g);
  };
  for (const file of report?.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    // A file that failed to load has no tests: count it as one failure.
    if (tests.length === 0 && file.status === "failed") bump(groupOf(undefined, file), "failed");
    for (const t of tests) {
      const key = t.status === "passed" ? "passed" : t.status === "failed" ? "failed" : "skipped";
      bump(groupOf(t, file), key);
    }
  }
  return groups;
}

/** Runs Vitest projects with a JSON report; `quiet` keeps the output (printed by the caller). */
async function vitest(name, projects, { quiet = false } = {}) {
  const out = join(reports, `${name}.json`);
  const args = [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
  ];
  if (quiet) {
    const { code, output } = await execQuietly("npx", args);
    return { code, output, report: readJson(out) };
  }
  return { code: await exec("npx", args), output: "", report: readJson(out) };
}

/** The static checks, one after another at a low priority, each output kept: [{suite, code, output}]. */
async function staticChecks() {
  const checks = [
    ["typecheck", process.execPath, ["scripts/typecheck.mjs"]],
    ["lint", "npx", ["biome", "check", "."]],
    ["openapi lint", process.execPath, ["scripts/lint-openapi.mjs"]],
  ];
  const results = [];
  for (const [suite, command, args] of checks) {
    const { code, output } = await timed(suite, execQuietly(...lowPriority(command, args)));
    results.push({ suite, code, output });
  }
  return results;
}

// 1. Typecheck, lint and the OpenAPI document's lint, 2. unit tests (packages, server units, web
// components) and 3. integration tests (every describeEachDialect block on SQLite and on
// PostgreSQL), side by side: the integration tests spend much of their time waiting (on
// PostgreSQL, fsync, server processes, a spectator delay), and the rest fills that time (measured:
// 396 s together against 208 + 288 s one after the other for the unit and integration tests; the
// checks' 36 s one after the other). The checks and the web build (for the end-to-end suite) run
// at a lower priority. The integration output streams; the others are printed whole after it.
banner("typecheck, lint and unit tests beside the integration tests (vitest: SQLite + PostgreSQL)");
const webBuilt = buildWebInBackground();
const [checkRuns, unitRun, integrationRun] = await Promise.all([
  staticChecks(),
  timed("unit", vitest("unit", ["unit", "web", "web-isolated"], { quiet: true })),
  timed("integration", vitest("integration", ["integration"])),
]);
for (const { suite, code, output } of checkRuns) {
  banner(`${suite}: its output`);
  process.stdout.write(output);
  recordCheck(suite, code === 0);
}
{
  const { code, output, report } = unitRun;
  banner("unit tests (vitest: unit + web): their output");
  process.stdout.write(output);
  failures.push(...vitestFailures("unit", report, ROOT));
  const groups = countVitest(report, () => "unit");
  const counts = groups.get("unit") ?? { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  record("unit", counts);
}
{
  const { code, report } = integrationRun;
  failures.push(...vitestFailures("integration", report, ROOT));
  const groups = countVitest(report, dialectOf);
  const sqlite = groups.get("sqlite") ?? { passed: 0, failed: 0, skipped: 0 };
  const other = groups.get("other");
  if (other) for (const key of ["passed", "failed", "skipped"]) sqlite[key] += other[key];
  if (!report && code !== 0) sqlite.failed += 1;
  record("integration (SQLite)", sqlite);
  const pg = groups.get("postgres") ?? { passed: 0, failed: 0, skipped: 0 };
  const pgSkipped = pg.passed === 0 && pg.failed === 0 && pg.skipped > 0;
  record("integration (PostgreSQL)", pg, pgSkipped ? "SKIPPED: PostgreSQL unreachable" : "");
}

// 4. End-to-end: production build, real Chromium.
banner("e2e (playwright, Chromium, production build)");
{
  let ready = true;
  if (!existsSync(CHROMIUM)) {
    if (process.getuid?.() === 0) {
      console.log(`${CHROMIUM} is missing: installing Debian's ${CHROMIUM_PACKAGE} with apt-get…`);
      const code =
        (await exec("apt-get", ["update", "-qq"])) ||
        (await exec("apt-get", ["install", "-y", "-qq", CHROMIUM_PACKAGE]));
      ready = code === 0 && existsSync(CHROMIUM);
    } else {
      console.error(
        `${CHROMIUM} is missing and this user cannot install it: sudo apt-get install -y ${CHROMIUM_PACKAGE}`,
      );
      ready = false;
    }
  }
  // Waited for even without Chromium, so no build outlives the run.
  if (!(await webBuilt())) ready = false;
  if (ready) {
    try {
      await buildIfNeeded();
    } catch {
      ready = false;
    }
  }
  if (!ready) {
    record("e2e", { failed: 1 }, "could not prepare Chromium or the build");
  } else {
    const out = join(reports, "e2e.json");
    const code = await timed(
      "e2e",
      exec("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      }),
    );
    const report = readJson(out);
    failures.push(...playwrightFailures(report));
    const stats = report?.stats;
    if (!stats) {
      record("e2e", { failed: 1 }, "no report");
    } else {
      const failed = (stats.unexpected ?? 0) + (report.errors?.length ?? 0);
      record("e2e", {
        passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
        failed: failed === 0 && code !== 0 ? 1 : failed,
        skipped: stats.skipped ?? 0,
      });
    }
  }
}

rmSync(reports, { recursive: true, force: true });
const seconds = Math.round((Date.now() - started) / 1000);
banner(`summary (${Math.floor(seconds / 60)}m ${seconds % 60}s)`);
for (const row of rows) console.log(row);
console.log(`\ntime: ${times.join(", ")}`);
if (failures.length > 0) {
  console.log("\nfailed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log("");
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
