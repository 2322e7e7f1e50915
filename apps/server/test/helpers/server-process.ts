import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

/**
 * What the tests that run the server as its own process (kill -9, two processes on one
 * database) need: a free loopback port, the command line of a server, its environment, and the
 * process started, healthy, and stopped.
 */

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const SOURCE_MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/**
 * Node's arguments for a server process: the bundle the integration run's global setup built
 * from the current sources (it starts in a few seconds), else the sources through tsx as a
 * loader. Either way it is one process, so a SIGKILL hits the server itself.
 */
export function serverArgs(): string[] {
  let built: string | null = null;
  try {
    built = inject("serverMain");
  } catch {
    built = null;
  }
  return built ? [built] : ["--import", "tsx", SOURCE_MAIN];
}

/** A loopback port that was free a moment ago. */
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

/**
 * The environment of a server process a test starts: the dialect's database (`env`), test mode,
 * the fast password hash and the rate limits out of the way; `extra` adds to it or overrides it.
 *
 * @example
 * const server = await startServer(processEnv(ctx.env, { ROOMS_SWEEP_MS: "200" }));
 */
export function processEnv(
  env: Record<string, string>,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...env,
    NODE_ENV: "test",
    PASSWORD_HASH_FAST_OVERRIDE: "true",
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    ...extra,
  };
}

/** Starts the server as its own process (see `serverArgs`), so SIGKILL hits it; resolves once healthy. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error("server did not become healthy");
}

/** Resolves once the process has exited (at once if it already has). */
export function waitExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}
