import { ROOM_PROTOCOL_VERSION, type Room, roomEventsSchema } from "@draftroom/contracts";
import { DRAFT_SEQUENCE, DRAFT_STEP_COUNT } from "@draftroom/draft";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { databaseNowMs } from "../../src/modules/rooms/repository.ts";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { bodiesOf, createRoom, linkToken, lockAt, RoomClient, sleep } from "./support.ts";

/**
 * Live rooms over real WebSockets on each dialect: captains and a spectator play full drafts;
 * forged, out-of-turn, replayed and malformed messages change nothing; deadlines expire on the
 * server; a lock racing its deadline has one winner; links can be revoked and taken over.
 */
describeEachDialect(
  "live rooms",
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
      return { owner, token, session, room };
    }

    async function seats(room: Room) {
      const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
      const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
      const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
      return { blue, red, spectator };
    }

    async function startDraft(blue: RoomClient, red: RoomClient) {
      expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    }

    const captainFor = (step: number, c: { blue: RoomClient; red: RoomClient }) =>
      DRAFT_SEQUENCE[step]!.side === "BLUE" ? c.blue : c.red;

    async function roomSeq(roomId: string): Promise<number> {
      const row = await ctx.db
        .selectFrom("draft_rooms")
        .select("seq")
        .where("id", "=", roomId)
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    }

    it("creates a room with its links (tokens shown once) and looks links up", async () => {
      const { room, owner } = await liveRoom({ turn_seconds: 45, bank_seconds: 90 });
      expect(room).toMatchObject({
        mode: "live",
        status: "lobby",
        turn_seconds: 45,
        bank_seconds: 90,
        seq: 0,
      });
      expect(room.links.map((link) => link.kind)).toEqual([
        "blue_captain",
        "red_captain",
        "spectator",
        "blue_team",
        "red_team",
      ]);
      for (const link of room.links) expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const stored = await ctx.db
        .selectFrom("room_links")
        .select("token_hash")
        .where("room_id", "=", room.id)
        .execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(room.links[0]!.token);

      const join = await ctx.app.inject({
        method: "POST",
        url: "/api/rooms/join/",
        payload: { token: linkToken(room, "red_captain") },
      });
      expect(join.statusCode).toBe(200);
      expect(join.json()).toMatchObject({
        room_id: room.id,
        seat: { role: "captain", team: "B", plays_for: ["B"] },
      });
      const bad = await ctx.app.inject({
        method: "POST",
        url: "/api/rooms/join/",
        payload: { token: "nope" },
      });
      expect(bad.statusCode).toBe(404);
      expect(bad.json()).toMatchObject({ code: "not_found" });

      const again = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${room.id}/`,
        headers: owner.headers,
      });
      expect(again.json().links.every((link: { token: string | null }) => link.token === null)).toBe(true);
      const stranger = await newUser(ctx.app);
      expect(
        (await ctx.app.inject({ method: "GET", url: `/api/rooms/${room.id}/`, headers: stranger.headers }))
          .statusCode,
      ).toBe(404);
      const timers = await ctx.app.inject({
        method: "POST",
        url: "/api/rooms/",
        headers: owner.headers,
        payload: { session_id: room.session_id, turn_seconds: 5, bank_seconds: 601 },
      });
      expect(timers.statusCode).toBe(400);
    });

    it("two captains and a spectator play a full draft; everyone sees every event in order", async () => {
      const { room, owner } = await liveRoom();
      const c = await seats(room);
      expect(c.blue.welcome!.seat).toEqual({ role: "captain", team: "A", plays_for: ["A"] });
      expect(c.spectator.welcome!.seat.plays_for).toEqual([]);
      expect(c.blue.welcome!.snapshot.clock.status).toBe("lobby");
      await startDraft(c.blue, c.red);

      for (let step = 0; step < DRAFT_STEP_COUNT; step++) {
        const captain = captainFor(step, c);
        const other = captain === c.blue ? c.red : c.blue;
        expect(await captain.request({ type: "hover", step, champion_id: pool[step + 30]! })).toMatchObject({
          type: "ack",
          seq: null,
        });
        await other.waitFor((m) => m.type === "hover" && m.hover.step === step);
        await c.spectator.waitFor((m) => m.type === "hover" && m.hover.step === step);
        const ack = await captain.request({ type: "lock", step, champion_id: pool[step]! });
        expect(ack, `step ${step}`).toMatchObject({ type: "ack" });
      }
      const finalSeq = await roomSeq(room.id);
      for (const client of [c.blue, c.red, c.spectator]) {
        await client.waitForSeq(finalSeq);
        const seqs = client.events.map((e) => e.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        const locks = bodiesOf(client.events, "lock");
        expect(locks.map((body) => body.step)).toEqual([...Array(DRAFT_STEP_COUNT).keys()]);
        expect(locks.map((body) => body.champion_id)).toEqual(pool.slice(0, DRAFT_STEP_COUNT));
        expect(client.events.at(-1)!.body.kind).toBe("complete");
        // The wire event is its body and nothing else (decision 031).
        for (const event of client.events)
          expect(Object.keys(event).sort()).toEqual(["actor", "at", "body", "seq"]);
        expect(client.invalid).toEqual([]);
      }
      const session = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${room.session_id}/`,
        headers: owner.headers,
      });
      expect(session.json()).toMatchObject({ status: "complete", current_step: 20 });
      const actions = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${room.session_id}/actions/`,
        headers: owner.headers,
      });
      expect(actions.json()).toHaveLength(20);
      const log = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${room.id}/events/`,
        headers: owner.headers,
      });
      const stored = roomEventsSchema.parse(log.json()).events;
      const lockEvent = stored.find((e) => e.body.kind === "lock");
      expect(lockEvent).toMatchObject({ actor: { role: "captain", team: "A" }, body: { is_auto: false } });
      expect(lockEvent?.body.kind === "lock" && lockEvent.body.bank_after_ms).toBeTypeOf("number");
      expect(Object.keys(lockEvent!).sort()).toEqual(["actor", "at", "body", "seq"]);
      for (const client of Object.values(c)) client.close();
    });

    it("rejects forged, out-of-turn, replayed and malformed messages and changes nothing", async () => {
      const { room } = await liveRoom();
      const c = await seats(room);
      // before the start
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        type: "reject",
        code: "not_started",
      });
      await startDraft(c.blue, c.red);
      const before = await roomSeq(room.id);
      // red pretends to be blue: the seat comes from the link, not the message
      expect(
        await c.red.request({
          type: "lock",
          step: 0,
          champion_id: pool[0]!,
          team: "A",
          side: "BLUE",
          role: "organiser",
        }),
      ).toMatchObject({ type: "reject", code: "not_your_turn" });
      expect(await c.spectator.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        code: "seat_not_allowed",
      });
      expect(await c.spectator.request({ type: "pause" })).toMatchObject({ code: "seat_not_allowed" });
      expect(await c.blue.request({ type: "lock", step: 3, champion_id: pool[0]! })).toMatchObject({
        code: "wrong_turn",
      });
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: 999_999 })).toMatchObject({
        code: "unknown_champion",
      });
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: "x" })).toMatchObject({
        code: "malformed_message",
      });
      expect(await c.blue.request({ type: "teleport" })).toMatchObject({ code: "unknown_message" });
      c.blue.send("{not json");
      expect(await c.blue.waitFor((m) => m.type === "reject" && m.id === null)).toMatchObject({
        code: "malformed_message",
      });
      expect(await roomSeq(room.id)).toBe(before);

      // a lock, then the same message again (same id), then again with a new id
      const ack = await c.blue.request({ type: "lock", step: 0, champion_id: pool[0]! }, "lock-0");
      expect(ack).toMatchObject({ type: "ack" });
      const after = await roomSeq(room.id);
      const replay = c.blue.waitFor((m) => m.type === "reject" && m.id === "lock-0");
      c.blue.send({ type: "lock", id: "lock-0", step: 0, champion_id: pool[0]! });
      expect(await replay).toMatchObject({ code: "duplicate_message" });
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        code: "wrong_turn",
      });
      expect(await c.red.request({ type: "lock", step: 1, champion_id: pool[0]! })).toMatchObject({
        code: "champion_used",
      });
      expect(await roomSeq(room.id)).toBe(after);
      const actions = await ctx.db
        .selectFrom("draft_actions")
        .selectAll()
        .where("session_id", "=", room.session_id)
        .execute();
      expect(actions).toHaveLength(1);
      for (const client of Object.values(c)) client.close();
    });

    it("closes bad and revoked links with a clear code; a second tab takes the captain's seat over", async () => {
      const { room, owner } = await liveRoom();
      const bad = await RoomClient.connect(base, room.id);
      bad.send({ type: "hello", id: "h", proto: ROOM_PROTOCOL_VERSION, token: "not-a-real-token" });
      expect(await bad.closed).toEqual({ code: 4401, reason: "invalid_link" });
      const old = await RoomClient.connect(base, room.id);
      old.send({ type: "hello", id: "h", proto: 99, token: linkToken(room, "spectator") });
      expect((await old.closed).code).toBe(4426);
      // A version-1 client reads the flat event fields version 2 dropped (decision 031): refused, so
      // its page says "please reload" instead of dropping every event.
      const stale = await RoomClient.connect(base, room.id);
      stale.send({ type: "hello", id: "h", proto: 1, token: linkToken(room, "spectator") });
      expect(await stale.closed).toEqual({ code: 4426, reason: "unsupported_protocol" });
      // A version-2 client reads a seat event's link as a number, not its public id (decision 041).
      const before = await RoomClient.connect(base, room.id);
      before.send({ type: "hello", id: "h", proto: 2, token: linkToken(room, "spectator") });
      expect(await before.closed).toEqual({ code: 4426, reason: "unsupported_protocol" });
      // A version-3 client orders its team channel by numeric message ids (decision 041).
      const three = await RoomClient.connect(base, room.id);
      three.send({ type: "hello", id: "h", proto: 3, token: linkToken(room, "spectator") });
      expect(await three.closed).toEqual({ code: 4426, reason: "unsupported_protocol" });
      const elsewhere = await RoomClient.connect(base, "00000000-0000-4000-8000-000000000000");
      elsewhere.send({
        type: "hello",
        id: "h",
        proto: ROOM_PROTOCOL_VERSION,
        token: linkToken(room, "spectator"),
      });
      expect((await elsewhere.closed).code).toBe(4404);

      const first = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
      const second = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
      expect(await first.closed).toEqual({ code: 4409, reason: "seat_taken" });
      expect(await second.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });

      const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
      const link = room.links.find((l) => l.kind === "spectator")!;
      const revoke = await ctx.app.inject({
        method: "DELETE",
        url: `/api/rooms/${room.id}/links/${link.id}/`,
        headers: owner.headers,
      });
      expect(revoke.statusCode).toBe(200);
      expect(await spectator.closed).toEqual({ code: 4403, reason: "link_revoked" });
      const retry = await RoomClient.connect(base, room.id);
      retry.send({
        type: "hello",
        id: "h",
        proto: ROOM_PROTOCOL_VERSION,
        token: linkToken(room, "spectator"),
      });
      expect((await retry.closed).code).toBe(4401);
      expect(
        (
          await ctx.app.inject({
            method: "POST",
            url: "/api/rooms/join/",
            payload: { token: linkToken(room, "spectator") },
          })
        ).statusCode,
      ).toBe(404);

      const red = room.links.find((l) => l.kind === "red_captain")!;
      const rotated = await ctx.app.inject({
        method: "POST",
        url: `/api/rooms/${room.id}/links/${red.id}/rotate/`,
        headers: owner.headers,
      });
      const fresh = rotated.json().token as string;
      expect(fresh).not.toBe(red.token);
      const joined = await RoomClient.join(base, room.id, { token: fresh });
      expect(joined.welcome!.seat.team).toBe("B");
      second.close();
      joined.close();
    });

    it("expires on the server: a skipped ban, the hovered pick, the best available pick, stored as automatic", async () => {
      const { room, owner } = await liveRoom();
      const c = await seats(room);
      await startDraft(c.blue, c.red);
      const expireNow = async () => {
        await sql`update draft_rooms set deadline_ms = ${(await databaseNowMs(ctx.db)) - 1} where id = ${room.id}`.execute(
          ctx.db,
        );
      };
      for (let step = 0; step < 6; step++) {
        const seq = await roomSeq(room.id);
        await expireNow();
        await c.spectator.waitFor((m) => lockAt(m, step) !== undefined, 5000);
        expect(await roomSeq(room.id)).toBeGreaterThan(seq);
      }
      expect(await c.blue.request({ type: "hover", step: 6, champion_id: pool[7]! })).toMatchObject({
        type: "ack",
      });
      await expireNow();
      const hovered = await c.red.waitFor((m) => lockAt(m, 6) !== undefined);
      expect(hovered).toMatchObject({
        event: { actor: null, body: { champion_id: pool[7], is_auto: true, bank_after_ms: 0 } },
      });
      await expireNow();
      const best = await c.red.waitFor((m) => lockAt(m, 7) !== undefined);
      expect(lockAt(best, 7)?.champion_id).toBeTypeOf("number");
      const actions = (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/${room.session_id}/actions/`,
          headers: owner.headers,
        })
      ).json();
      expect(actions).toHaveLength(8);
      expect(
        actions
          .slice(0, 6)
          .every((a: { champion_id: null; is_auto: boolean }) => a.champion_id === null && a.is_auto),
      ).toBe(true);
      expect(actions[6]).toMatchObject({ champion_id: pool[7], is_auto: true });
      expect(actions[7].is_auto).toBe(true);
      for (const client of Object.values(c)) client.close();
    });

    it("a lock racing its deadline has exactly one winner", async () => {
      const { room } = await liveRoom();
      const c = await seats(room);
      await startDraft(c.blue, c.red);
      const outcomes: string[] = [];
      for (let step = 0; step < 12; step++) {
        const captain = captainFor(step, c);
        // Hover the champion first: an expiry then takes that same champion, so a pick the timer
        // made can never take a champion this test locks at a later step (champion_used).
        expect(await captain.request({ type: "hover", step, champion_id: pool[step]! })).toMatchObject({
          type: "ack",
        });
        const now = await databaseNowMs(ctx.db);
        await sql`update draft_rooms set deadline_ms = ${now + 40} where id = ${room.id}`.execute(ctx.db);
        await sleep(20 + (step % 4) * 10);
        const answer = await captain.request({ type: "lock", step, champion_id: pool[step]! });
        outcomes.push(answer.type === "ack" ? "captain" : (answer as { code: string }).code);
        if (answer.type !== "ack")
          expect(["late", "wrong_turn"]).toContain((answer as { code: string }).code);
        await c.spectator.waitFor((m) => lockAt(m, step) !== undefined, 5000);
      }
      const locks = await ctx.db
        .selectFrom("room_events")
        .select(["step", "is_auto"])
        .where("room_id", "=", room.id)
        .where("kind", "=", "lock")
        .orderBy("seq")
        .execute();
      expect(locks.map((l) => Number(l.step))).toEqual([...Array(12).keys()]);
      const actions = await ctx.db
        .selectFrom("draft_actions")
        .select(["phase_number", "is_auto"])
        .where("session_id", "=", room.session_id)
        .orderBy("phase_number")
        .execute();
      expect(actions.map((a) => Number(a.phase_number))).toEqual([...Array(12).keys()]);
      // each step went to exactly one side of the race, and the log says which
      locks.forEach((lock, i) => {
        expect(Boolean(Number(lock.is_auto)) || lock.is_auto === true).toBe(outcomes[i] !== "captain");
      });
      for (const client of Object.values(c)) client.close();
    });

    it("pause and resume by the organiser (3 s countdown), and a reconnect gets what it missed", async () => {
      const { room, token } = await liveRoom();
      const c = await seats(room);
      const organiser = await RoomClient.join(base, room.id, { auth: token });
      expect(organiser.welcome!.seat).toEqual({ role: "organiser", team: null, plays_for: [] });
      expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
      expect(await organiser.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        code: "seat_not_allowed",
      });
      expect(await organiser.request({ type: "pause" })).toMatchObject({ type: "ack" });
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        code: "room_paused",
      });
      const lastSeen = c.red.lastSeq();
      c.red.close();
      expect(await organiser.request({ type: "resume" })).toMatchObject({ type: "ack" });
      const clock = await c.spectator.waitFor((m) => m.type === "clock" && m.clock.resumes_ms !== null);
      if (clock.type !== "clock") throw new Error("no clock");
      expect(clock.clock.resumes_ms! - clock.clock.server_now).toBeGreaterThan(2500);
      expect(await c.blue.request({ type: "lock", step: 0, champion_id: pool[0]! })).toMatchObject({
        code: "room_paused",
      });

      const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
      expect(red.welcome!.snapshot.clock.status).toBe("running");
      expect(await red.request({ type: "resync", last_seq: lastSeen })).toMatchObject({ type: "ack" });
      const kinds = red.events.filter((e) => e.seq > lastSeen).map((e) => e.body.kind);
      expect(kinds).toContain("resume");
      const pong = await red.request({ type: "ping", t0: 123 });
      expect(pong).toMatchObject({ type: "pong", t0: 123 });
      expect(Math.abs((pong as { server_now: number }).server_now - Date.now())).toBeLessThan(1000);
      organiser.close();
      red.close();
      c.blue.close();
      c.spectator.close();
    });

    it("the single-user session is a solo room: REST actions go through it and are logged", async () => {
      const owner = await newUser(ctx.app);
      const session = await createSession(ctx.app, owner);
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/drafts/sessions/${session.id}/actions/`,
        headers: owner.headers,
        payload: { phase_number: 0, action_type: "BAN", team_side: "BLUE", champion_id: pool[0] },
      });
      expect(res.statusCode).toBe(201);
      const room = await ctx.db
        .selectFrom("draft_rooms")
        .selectAll()
        .where("session_id", "=", session.id)
        .executeTakeFirstOrThrow();
      expect(room).toMatchObject({ mode: "solo", status: "running" });
      const events = await ctx.db
        .selectFrom("room_events")
        .selectAll()
        .where("room_id", "=", room.id)
        .execute();
      expect(events).toMatchObject([{ kind: "lock", step: 0, actor_role: "organiser" }]);
      // a live room's owner no longer locks through REST: captains do
      const token = owner.headers.authorization.slice("Token ".length);
      await createRoom(base, token, { session_id: session.id });
      const refused = await ctx.app.inject({
        method: "POST",
        url: `/api/drafts/sessions/${session.id}/actions/`,
        headers: owner.headers,
        payload: { phase_number: 1, action_type: "BAN", team_side: "RED", champion_id: pool[1] },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "seat_not_allowed" });
    });
  },
  { env: { ROOMS_SWEEP_MS: "50" } },
);
