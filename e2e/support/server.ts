import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root, and the production build the e2e suite runs against. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const SERVER_MAIN = join(ROOT, "apps/server/dist/main.js");
export const SERVER_CLI = join(ROOT, "apps/server/dist/cli.js");
export const WEB_INDEX = join(ROOT, "apps/web/dist/index.html");

/** A free TCP port on the loopback interface. */
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

/** Builds the web app and the server bundle when missing or stale (scripts/lib.mjs decides). */
export function ensureProductionBuild(): void {
  const result = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", "import('./scripts/lib.mjs').then((m) => m.buildIfNeeded())"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (result.status !== 0 || !existsSync(SERVER_MAIN) || !existsSync(WEB_INDEX)) {
    throw new Error("The production build failed: run `npm run build` to see why.");
  }
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  env: Record<string, string>;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer /api/health/ within ${timeoutMs} ms`);
}

/**
 * Starts the built server on a free loopback port with a temporary SQLite database, migrated
 * and seeded. `extraEnv` may point it at PostgreSQL (DATABASE_URL) instead.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "draftroom-e2e-"));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOST: "127.0.0.1",
    PORT: String(port),
    SQLITE_PATH: join(dataDir, "e2e.db"),
    LOG_LEVEL: "warn",
    // "test" only unlocks the test-only settings below (the server reads NODE_ENV for nothing else):
    // the production build still serves the production web app.
    NODE_ENV: "test",
    // Every spec registers its users: the product's scrypt cost would spend minutes of the suite.
    PASSWORD_HASH_FAST_OVERRIDE: "true",
    // Many tests share one client IP: keep rate limits out of the way of the suite.
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    // The data page's upload is for data administrators (tests/data.spec.ts signs in as this one).
    DATA_ADMINS: "e2e_data_admin",
    // The practice opponent's human-like pause, short so tests/practice.spec.ts stays fast.
    PRACTICE_OPPONENT_DELAY_MS: "100",
    // Nothing is downloaded unless a spec points the sources at its own fixture server.
    DATA_UPDATES: "off",
    ...extraEnv,
  };
  for (const command of ["migrate", "seed"]) {
    const result = spawnSync(process.execPath, [SERVER_CLI, command], { cwd: ROOT, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`cli ${command} failed:\n${result.stdout}\n${result.stderr}`);
  }
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, 20_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    env,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
