import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

/**
 * What the tests that run the server as its own process (kill -9, two processes on one
 * database) need: a free loopback port and the command line of a server.
 */

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
