import type { RoomServerMessage } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import {
  clockOffset,
  createRoom,
  linkToken,
  newSessionBody,
  RoomClient,
  registerUser,
  startServer,
  waitExit,
} from "./support.ts";

/**
 * The spectator delay across processes (one PostgreSQL): the captains and the organiser on one
 * process, a delayed public-id watcher on the other. A delay raised on the first process holds
 * back, on the second, a lock that was already due under the old delay; no hover crosses over.
 */
describeEachDialect("spectator delay across processes", (ctx) => {
  // Two processes share one database only on PostgreSQL (SQLite: one process per file).
  if (ctx.dialect === "postgres")
    it("a delay raised on one process applies on the other, never early", { timeout: 90_000 }, async () => {
      const env = {
        ...ctx.env,
        NODE_ENV: "test",
        RATE_LIMIT_MAX: "100000",
        AUTH_RATE_LIMIT_MAX: "100000",
        ROOMS_SWEEP_MS: "200",
      };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const token = await registerUser(a.url, `delay${Date.now().toString(36)}`);
        const room = await createRoom(a.url, token, {
          session: await newSessionBody(a.url),
          spectator_delay_seconds: 1,
        });
        const watcher = await RoomClient.join(b.url, room.id, { watch: room.session_id });
        const received: Array<{ kind: string; at: number; localMs: number }> = [];
        watcher.ws.on("message", (raw) => {
          const message = JSON.parse(String(raw)) as RoomServerMessage;
          if (message.type === "event")
            received.push({ kind: message.event.kind, at: message.event.at, localMs: Date.now() });
        });
        const blue = await RoomClient.join(a.url, room.id, { token: linkToken(room, "blue_captain") });
        const red = await RoomClient.join(a.url, room.id, { token: linkToken(room, "red_captain") });
        await blue.request({ type: "ready", ready: true });
        await red.request({ type: "ready", ready: true });
        const pool = (await (await fetch(`${a.url}/api/drafts/champions/`)).json()) as Array<{ id: number }>;
        expect(await blue.request({ type: "hover", step: 0, champion_id: pool[0]!.id })).toMatchObject({
          type: "ack",
        });
        expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0]!.id })).toMatchObject({
          type: "ack",
        });
        const raised = await fetch(`${a.url}/api/rooms/${room.id}/delay/`, {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Token ${token}` },
          body: JSON.stringify({ delay_seconds: 3 }),
        });
        expect(raised.status).toBe(200);
        await watcher.waitFor((m) => m.type === "event" && m.event.kind === "lock", 10_000);
        const offset = await clockOffset(ctx.db);
        const lock = received.find((entry) => entry.kind === "lock")!;
        expect(lock.localMs + offset - lock.at).toBeGreaterThanOrEqual(3000);
        expect(watcher.messages.some((m) => m.type === "hover")).toBe(false);
        expect(received.map((entry) => entry.kind)).toEqual(["ready", "ready", "start", "lock"]);
        for (const client of [watcher, blue, red]) client.close();
      } finally {
        for (const server of [a, b]) server.child.kill("SIGTERM");
        await Promise.all([waitExit(a.child), waitExit(b.child)]);
      }
    });
});
