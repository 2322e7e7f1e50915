import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, newSessionBody, RoomClient, registerUser } from "../rooms/support.ts";

/**
 * `GET /api/metrics/` (METRICS=1, decision 052): Prometheus' text format with the live rooms'
 * figures after real sockets drafted over loopback; an ordinary 404 when the flag is off.
 */

/** A sample's value from the exposition text (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const [key, value] = line.split(" ");
    if (key === (labels ? `${name}{${labels}}` : name)) return Number(value);
  }
  return undefined;
}

describeEachDialect(
  "metrics",
  (ctx) => {
    it("counts sockets, rooms, commands and their latency, fan-outs and the pool", {
      timeout: 60_000,
    }, async () => {
      const url = await ctx.listen();
      const token = await registerUser(url, `metrics${Date.now().toString(36)}`);
      const room = await createRoom(url, token, { session: await newSessionBody(url) });
      const blue = await RoomClient.join(url, room.id, { token: linkToken(room, "blue_captain") });
      const red = await RoomClient.join(url, room.id, { token: linkToken(room, "red_captain") });
      const spectator = await RoomClient.join(url, room.id, { token: linkToken(room, "spectator") });
      try {
        expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
        expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
        expect(await blue.request({ type: "hover", step: 0, champion_id: 1 })).toMatchObject({ type: "ack" });
        const champions = (await (await fetch(`${url}/api/drafts/champions/`)).json()) as Array<{
          id: number;
        }>;
        expect(await blue.request({ type: "lock", step: 0, champion_id: champions[0]!.id })).toMatchObject({
          type: "ack",
        });
        // A refusal is counted apart: step 0 is taken.
        expect(await blue.request({ type: "lock", step: 0, champion_id: champions[1]!.id })).toMatchObject({
          type: "reject",
        });
        await spectator.waitFor((m) => m.type === "event" && m.event.body.kind === "lock");

        const res = await fetch(`${url}/api/metrics/`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = await res.text();
        expect(sample(text, "draftroom_room_sockets")).toBe(3);
        expect(sample(text, "draftroom_rooms")).toBe(1);
        expect(sample(text, "draftroom_room_timers")).toBe(1);
        expect(sample(text, "draftroom_room_commands_total", 'type="lock",outcome="ack"')).toBe(1);
        expect(sample(text, "draftroom_room_commands_total", 'type="lock",outcome="reject"')).toBe(1);
        expect(sample(text, "draftroom_room_commands_total", 'type="ready",outcome="ack"')).toBe(2);
        expect(sample(text, "draftroom_room_commands_total", 'type="hover",outcome="ack"')).toBe(1);
        expect(sample(text, "draftroom_room_command_seconds_count", 'type="lock"')).toBe(2);
        expect(sample(text, "draftroom_room_command_seconds_sum", 'type="lock"')).toBeGreaterThan(0);
        // ready, ready (start), lock: at least the lock's event went out to the room's sockets.
        expect(sample(text, "draftroom_room_fanout_seconds_count")).toBeGreaterThanOrEqual(3);
        expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
        expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
        if (ctx.dialect === "postgres") {
          expect(sample(text, "draftroom_db_pool_connections")).toBeGreaterThan(0);
          expect(sample(text, "draftroom_db_pool_max")).toBe(ctx.config.dbPoolMax);
          // The first probe runs once the listener listens: it came back.
          expect(sample(text, "draftroom_notify_lag_seconds_count")).toBeGreaterThanOrEqual(1);
          expect(sample(text, "draftroom_notify_lag_last_seconds")).toBeGreaterThanOrEqual(0);
        } else {
          expect(sample(text, "draftroom_db_pool_connections")).toBeUndefined();
          expect(sample(text, "draftroom_notify_lag_seconds_count")).toBeUndefined();
        }

        blue.close();
        await blue.closed;
        await expect
          .poll(async () =>
            sample(await (await fetch(`${url}/api/metrics/`)).text(), "draftroom_room_sockets"),
          )
          .toBe(2);
      } finally {
        for (const client of [blue, red, spectator]) client.close();
      }
    });
  },
  { env: { METRICS: "true" } },
);

describeEachDialect(
  "metrics when off",
  (ctx) => {
    it("is an ordinary 404", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/metrics/" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
    });
  },
  { seed: false },
);
