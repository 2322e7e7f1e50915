import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DraftAction } from "@draftroom/contracts";
import { afterEach, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { freePort, serverArgs } from "../helpers/server-process.ts";
import { type Caller, championIds, createSession, newUser, stepBody } from "./support.ts";

/**
 * Durability: a real server process takes a stream of actions from several
 * sessions at once and is killed with SIGKILL mid-stream. After a restart on the same database,
 * every action the server had acknowledged (201) is there, and each draft resumes where it stood.
 */

const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
});

async function startServer(env: Record<string, string>): Promise<{ base: string; process: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      ...env,
      HOST: "127.0.0.1",
      PORT: String(port),
      NODE_ENV: "test",
      PASSWORD_HASH_FAST_OVERRIDE: "true",
      LOG_LEVEL: "silent",
      WEB_DIST: "/nonexistent-web-dist",
      RATE_LIMIT_ENABLED: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child = proc;
  let stderr = "";
  proc.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    try {
      const res = await fetch(`${base}/api/health/`);
      if (res.ok) return { base, process: proc };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

async function post(base: string, caller: Caller, sessionId: string, body: unknown) {
  return fetch(`${base}/api/drafts/sessions/${sessionId}/actions/`, {
    method: "POST",
    headers: { ...caller.headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describeEachDialect("durability under SIGKILL", (ctx) => {
  // Two server starts: generous on a loaded machine (each is a second or two when it is quiet).
  it("keeps every acknowledged action across a kill -9 and a restart", { timeout: 180_000 }, async () => {
    const user = await newUser(ctx.app, "pro");
    const pool = await championIds(ctx.app);
    const sessions = [
      await createSession(ctx.app, user),
      await createSession(ctx.app, user),
      await createSession(ctx.app, user),
    ];
    const acknowledged = new Map<string, DraftAction[]>(sessions.map((s) => [s.id, []]));

    const first = await startServer(ctx.env);
    let killed = false;
    let total = 0;
    const KILL_AFTER = 16;
    // One stream per session, all at once; the kill lands while requests are in flight.
    await Promise.all(
      sessions.map(async (session, n) => {
        for (let step = 0; step < 20 && !killed; step += 1) {
          let res: Response;
          try {
            res = await post(first.base, user, session.id, stepBody(step, pool[n * 20 + step]!));
          } catch {
            return; // the connection died with the server: not acknowledged
          }
          if (res.status !== 201) return;
          acknowledged.get(session.id)!.push((await res.json()) as DraftAction);
          total += 1;
          if (total === KILL_AFTER && !killed) {
            killed = true;
            first.process.kill("SIGKILL");
          }
        }
      }),
    );
    expect(killed).toBe(true);
    await new Promise<void>((resolve) => {
      if (first.process.exitCode !== null || first.process.signalCode !== null) resolve();
      else first.process.once("exit", () => resolve());
    });
    expect(first.process.signalCode).toBe("SIGKILL");

    const second = await startServer(ctx.env);
    for (const session of sessions) {
      const res = await fetch(`${second.base}/api/drafts/sessions/${session.id}/actions/`, {
        headers: user.headers,
      });
      expect(res.status).toBe(200);
      const stored = (await res.json()) as DraftAction[];
      const acked = acknowledged.get(session.id)!;
      // Every acknowledged action is there, unchanged; at most one unacknowledged one follows.
      expect(stored.slice(0, acked.length)).toEqual(acked);
      expect(stored.length - acked.length).toBeLessThanOrEqual(1);
      const sessionRes = await fetch(`${second.base}/api/drafts/sessions/${session.id}/`, {
        headers: user.headers,
      });
      expect(((await sessionRes.json()) as { current_step: number }).current_step).toBe(stored.length);
      // The draft resumes at the next step.
      const next = await post(
        second.base,
        user,
        session.id,
        stepBody(stored.length, pool[100 + stored.length]!),
      );
      expect(next.status).toBe(201);
    }
    second.process.kill("SIGTERM");
  });
});
