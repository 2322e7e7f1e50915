import { type Room, type RoomEvent, type RoomServerMessage, roomEventsSchema } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { clockOffset, createRoom, linkToken, RoomClient } from "./support.ts";

/**
 * Audited misclick correction and the spectator delay over real WebSockets on each dialect:
 * approved, denied and timed-out requests with their log entries and `draft_actions`; delayed
 * spectators (link and public id) never receive an event before its time on the server's clock,
 * nor any hover, and a delay raised mid-draft holds back what was already due.
 */
describeEachDialect(
  "room corrections and spectator delay",
  (ctx) => {
    let base: string;
    let pool: number[];
    beforeAll(async () => {
      base = await ctx.listen();
      pool = await championIds(ctx.app);
    });

    async function liveRoom(body: Record<string, unknown> = {}) {
      const owner = await newUser(ctx.app);
      const token = owner.headers.authorization.slice("Token ".length);
      const session = await createSession(ctx.app, owner);
      const room = await createRoom(base, token, { session_id: session.id, ...body });
      return { owner, session, room };
    }

    async function start(room: Room) {
      const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
      const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
      expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      return { blue, red };
    }

    async function storedChampion(sessionId: string, step: number): Promise<number | null> {
      const row = await ctx.db
        .selectFrom("draft_actions")
        .select("champion_id")
        .where("session_id", "=", sessionId)
        .where("phase_number", "=", step)
        .executeTakeFirstOrThrow();
      return row.champion_id === null ? null : Number(row.champion_id);
    }

    const decision = (client: RoomClient, step: number) =>
      client.waitFor(
        (m) =>
          m.type === "event" && m.event.body.kind === "correction_decision" && m.event.body.step === step,
      );

    function receipts(client: RoomClient): Array<{ event: RoomEvent; localMs: number }> {
      const seen: Array<{ event: RoomEvent; localMs: number }> = [];
      client.ws.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as RoomServerMessage;
        if (message.type === "event") seen.push({ event: message.event, localMs: Date.now() });
      });
      return seen;
    }

    it("a correction approved, one denied and one timed out: log entries and draft_actions", async () => {
      const { owner, session, room } = await liveRoom();
      const { blue, red } = await start(room);
      const watcher = await RoomClient.join(base, room.id, { watch: session.id });

      // Approved: blue misclicked its first ban.
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      expect(await blue.request({ type: "request_correction", step: 0, champion_id: pool[1] })).toMatchObject(
        {
          type: "ack",
        },
      );
      const asked = await red.waitFor(
        (m) => m.type === "event" && m.event.body.kind === "correction_request",
      );
      expect(asked).toMatchObject({
        event: {
          actor: { role: "captain", team: "A" },
          // Decisions 024 and 031: the event's own typed payload, as stored, and nothing beside it.
          body: {
            kind: "correction_request",
            step: 0,
            team: "A",
            champion_id: pool[1],
            from_champion_id: pool[0],
          },
        },
      });
      // While it is pending, nobody locks the next step.
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[9] })).toMatchObject({
        type: "reject",
        code: "correction_pending",
      });
      expect(await red.request({ type: "decide_correction", step: 0, approve: true })).toMatchObject({
        type: "ack",
      });
      for (const client of [blue, red, watcher]) {
        expect(await decision(client, 0)).toMatchObject({
          event: {
            actor: { role: "captain", team: "B" },
            body: { champion_id: pool[1], team: "A", outcome: "approved" },
          },
        });
      }
      expect(await storedChampion(session.id, 0)).toBe(pool[1]);

      // Denied: red asks, blue refuses; red is told, and cannot ask again for that lock.
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[2] })).toMatchObject({
        type: "ack",
      });
      expect(await red.request({ type: "request_correction", step: 1, champion_id: pool[3] })).toMatchObject({
        type: "ack",
      });
      expect(await blue.request({ type: "decide_correction", step: 1, approve: false })).toMatchObject({
        type: "ack",
      });
      expect(await decision(red, 1)).toMatchObject({
        event: { actor: { role: "captain", team: "A" }, body: { champion_id: pool[2], outcome: "denied" } },
      });
      expect(await red.request({ type: "request_correction", step: 1, champion_id: pool[4] })).toMatchObject({
        type: "reject",
        code: "correction_used",
      });
      expect(await storedChampion(session.id, 1)).toBe(pool[2]);

      // Timed out: nobody decides within the window (800 ms here); the server's clock denies it.
      expect(await blue.request({ type: "lock", step: 2, champion_id: pool[5] })).toMatchObject({
        type: "ack",
      });
      expect(await blue.request({ type: "request_correction", step: 2, champion_id: pool[6] })).toMatchObject(
        {
          type: "ack",
        },
      );
      expect(await decision(blue, 2)).toMatchObject({
        event: { actor: null, body: { champion_id: pool[5], outcome: "timed_out" } },
      });
      expect(await storedChampion(session.id, 2)).toBe(pool[5]);
      // The draft continues.
      expect(await red.request({ type: "lock", step: 3, champion_id: pool[7] })).toMatchObject({
        type: "ack",
      });

      const log = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${room.id}/events/`,
        headers: owner.headers,
      });
      const corrections = roomEventsSchema
        .parse(log.json())
        .events.flatMap(({ body, actor }) =>
          body.kind === "correction_request" || body.kind === "correction_decision"
            ? [[body.kind, body.step, actor?.team ?? null, "outcome" in body ? body.outcome : null]]
            : [],
        );
      expect(corrections).toEqual([
        ["correction_request", 0, "A", null],
        ["correction_decision", 0, "B", "approved"],
        ["correction_request", 1, "B", null],
        ["correction_decision", 1, "A", "denied"],
        ["correction_request", 2, "A", null],
        ["correction_decision", 2, null, "timed_out"],
      ]);
      const actions = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${session.id}/public/`,
      });
      expect((actions.json().actions as Array<{ champion_id: number }>).map((a) => a.champion_id)).toEqual([
        pool[1],
        pool[2],
        pool[5],
        pool[7],
      ]);
      for (const client of [blue, red, watcher]) {
        expect(client.invalid).toEqual([]);
        client.close();
      }
    });

    it("delayed spectators get each event only after the delay on the server's clock, never a hover", async () => {
      const delayMs = 2000;
      const { session, room } = await liveRoom({ spectator_delay_seconds: delayMs / 1000 });
      expect(room.spectator_delay_seconds).toBe(2);
      expect(room.links.find((link) => link.kind === "spectator")?.delay_seconds).toBe(2);
      const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
      const watcher = await RoomClient.join(base, room.id, { watch: session.id });
      expect(spectator.welcome?.delay_seconds).toBe(2);
      const seen = [receipts(spectator), receipts(watcher)];
      const { blue, red } = await start(room);

      expect(await blue.request({ type: "hover", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      expect(await red.request({ type: "hover", step: 1, champion_id: pool[1] })).toMatchObject({
        type: "ack",
      });
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
        type: "ack",
      });

      // A spectator joining now sees neither lock yet: its snapshot is the room 2 s ago.
      const late = await RoomClient.join(base, room.id, { watch: session.id });
      expect(late.welcome?.snapshot.actions).toEqual([]);
      expect(late.welcome?.snapshot.hover).toBeNull();
      const publicView = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${session.id}/public/`,
      });
      expect(publicView.json().actions).toEqual([]);

      for (const client of [spectator, watcher, late]) {
        await client.waitFor(
          (m) => m.type === "event" && m.event.body.kind === "lock" && m.event.body.step === 1,
          6000,
        );
      }
      const offset = await clockOffset(ctx.db);
      for (const list of seen) {
        expect(list.map((entry) => entry.event.body.kind)).toEqual([
          "ready",
          "ready",
          "start",
          "lock",
          "lock",
        ]);
        for (const { event, localMs } of list)
          expect(localMs + offset - event.at).toBeGreaterThanOrEqual(delayMs);
      }
      for (const client of [spectator, watcher, late]) {
        expect(client.messages.some((m) => m.type === "hover")).toBe(false);
        expect(client.events.some((event) => event.body.kind === "seat")).toBe(false);
        expect(client.invalid).toEqual([]);
        // Every event says which one came before it on this socket: no false gap.
        const events = client.messages.filter((m) => m.type === "event");
        expect(events.every((m) => m.type === "event" && typeof m.prev === "number")).toBe(true);
      }
      // A resync of a delayed socket answers the delayed snapshot, with both locks now.
      const answer = spectator.request({ type: "resync", last_seq: 0 });
      const snapshot = await spectator.waitFor((m) => m.type === "snapshot");
      expect(await answer).toMatchObject({ type: "ack" });
      expect(snapshot.type === "snapshot" && snapshot.snapshot.actions.map((a) => a.champion_id)).toEqual([
        pool[0],
        pool[1],
      ]);
      for (const client of [spectator, watcher, late, blue, red]) client.close();
    });

    it("the public draft image obeys the delay too; the owner's image does not", async () => {
      const { owner, session, room } = await liveRoom({ spectator_delay_seconds: 30 });
      const image = (path: string, headers: Record<string, string> = {}) =>
        ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${session.id}/${path}`, headers });
      const before = await image("public/image.png");
      expect(before.statusCode).toBe(200);
      const { blue, red } = await start(room);
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      const owned = await image("image.png", owner.headers);
      expect(owned.statusCode).toBe(200);
      // The owner's card shows the lock; the public card is still the draft of 30 s ago.
      expect(owned.headers.etag).not.toBe(before.headers.etag);
      const after = await image("public/image.png");
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).toBe(before.headers.etag);
      for (const client of [blue, red]) client.close();
    });

    it("a delay raised mid-draft never shows an event early; lowered, it releases what is due", async () => {
      const { owner, session, room } = await liveRoom({ spectator_delay_seconds: 1 });
      const watcher = await RoomClient.join(base, room.id, { watch: session.id });
      const seen = receipts(watcher);
      const { blue, red } = await start(room);
      const setDelay = (seconds: number) =>
        ctx.app.inject({
          method: "PUT",
          url: `/api/rooms/${room.id}/delay/`,
          headers: owner.headers,
          payload: { delay_seconds: seconds },
        });
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      const raised = await setDelay(3);
      expect(raised.statusCode).toBe(200);
      expect(raised.json().spectator_delay_seconds).toBe(3);
      await watcher.waitFor((m) => m.type === "event" && m.event.body.kind === "lock", 8000);
      const offset = await clockOffset(ctx.db);
      const lock = seen.find((entry) => entry.event.body.kind === "lock")!;
      expect(lock.localMs + offset - lock.event.at).toBeGreaterThanOrEqual(3000);

      // Lowered to 0: the next lock arrives at once, live again.
      expect((await setDelay(0)).statusCode).toBe(200);
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
        type: "ack",
      });
      await watcher.waitFor(
        (m) => m.type === "event" && m.event.body.kind === "lock" && m.event.body.step === 1,
        2000,
      );

      expect((await setDelay(301)).json()).toMatchObject({ code: "validation_error" });
      const stranger = await newUser(ctx.app);
      const foreign = await ctx.app.inject({
        method: "PUT",
        url: `/api/rooms/${room.id}/delay/`,
        headers: stranger.headers,
        payload: { delay_seconds: 5 },
      });
      expect(foreign.statusCode).toBe(404);
      for (const client of [watcher, blue, red]) client.close();
    });
  },
  { env: { ROOMS_SWEEP_MS: "50", ROOMS_CORRECTION_MS_OVERRIDE: "800" } },
);
