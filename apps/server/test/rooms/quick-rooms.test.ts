import { apiErrorSchema, type QuickRoom, quickRoomSchema, ROOM_PROTOCOL_VERSION } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { deleteExpiredQuickRooms } from "../../src/modules/rooms/quick/service.ts";
import { createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser } from "../helpers/users.ts";
import { linkToken, RoomClient } from "./support.ts";

const PER_HOUR = 3;

/**
 * Quick rooms over a real HTTP server and WebSockets on each dialect: made without an account,
 * metered per address, claimed into an account after registering (or refused when the plan is
 * full, changing nothing), and refused once expired.
 */
describeEachDialect(
  "quick rooms",
  (ctx) => {
    let base: string;
    let address = 0;
    const nextAddress = () => `10.77.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`;

    beforeAll(async () => {
      base = await ctx.listen();
    });

    async function createQuick(remoteAddress = nextAddress(), payload: object = {}) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/quick-rooms/",
        payload: {
          blue_team_name: "Koi",
          red_team_name: "Heretics",
          turn_seconds: 30,
          bank_seconds: 60,
          ...payload,
        },
        remoteAddress,
      });
      expect(res.statusCode, res.body).toBe(201);
      return quickRoomSchema.parse(res.json());
    }

    const claim = (quick: QuickRoom, headers: Record<string, string>, token = quick.organiser.token) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/quick-rooms/${quick.room.id}/claim/`,
        headers,
        payload: { token },
      });

    it("creates a room without an account whose links work over a WebSocket", async () => {
      const quick = await createQuick();
      expect(quick.room).toMatchObject({ mode: "live", status: "lobby", turn_seconds: 30, bank_seconds: 60 });
      // The two team links (players and coach) come with every live room, quick rooms too.
      expect(quick.room.links.map((link) => link.kind)).toEqual([
        "blue_captain",
        "red_captain",
        "spectator",
        "blue_team",
        "red_team",
      ]);
      expect(quick.organiser.path).toBe(`/app/room/${quick.room.id}#${quick.organiser.token}`);
      const days = (Date.parse(quick.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);

      const organiser = await RoomClient.join(base, quick.room.id, { token: quick.organiser.token });
      const blue = await RoomClient.join(base, quick.room.id, {
        token: linkToken(quick.room, "blue_captain"),
      });
      const spectator = await RoomClient.join(base, quick.room.id, {
        token: linkToken(quick.room, "spectator"),
      });
      expect(organiser.welcome!.seat.role).toBe("organiser");
      expect(blue.welcome!.seat).toEqual({ role: "captain", team: "A", plays_for: ["A"] });
      const snapshot = organiser.welcome!.snapshot;
      expect(snapshot.session).toMatchObject({
        blue_team_name: "Koi",
        red_team_name: "Heretics",
        league: null,
      });
      expect(snapshot.quick).toEqual({ claimed: false, expires_at: expect.any(String) });
      expect(snapshot.series).toBeNull();
      // The organiser link runs the room: start anyway reaches every seat.
      expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
      await spectator.waitFor((m) => m.type === "event" && m.event.body.kind === "start");
      for (const client of [organiser, blue, spectator]) {
        expect(client.invalid).toEqual([]);
        client.close();
      }
    });

    it("meters creation per address: a 429 with Retry-After on every spelling of the path", async () => {
      const from = nextAddress();
      for (let i = 0; i < PER_HOUR; i++) await createQuick(from);
      for (const url of ["/api/quick-rooms/", "/api/quick-rooms", "/api/%71uick-rooms/"]) {
        const res = await ctx.app.inject({ method: "POST", url, payload: {}, remoteAddress: from });
        expect(res.statusCode, url).toBe(429);
        expect(apiErrorSchema.parse(res.json()).code).toBe("rate_limited");
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
      // Another address still has its budget.
      await createQuick(nextAddress());
    });

    it("refuses bad input with the error shape", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/quick-rooms/",
        payload: { turn_seconds: 3, blue_team_name: "x".repeat(101) },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe("validation_error");
      expect(Object.keys(body.fields ?? {})).toEqual(
        expect.arrayContaining(["turn_seconds", "blue_team_name"]),
      );
    });

    it("claims the room into the account of someone who registers: it becomes their session", async () => {
      const quick = await createQuick();
      const anonymous = await claim(quick, {});
      expect(anonymous.statusCode).toBe(401);
      const user = await registerUser(ctx.app);
      const wrongToken = await claim(quick, user.headers, linkToken(quick.room, "spectator"));
      expect(wrongToken.statusCode).toBe(404);

      const res = await claim(quick, user.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ room_id: quick.room.id, session_id: quick.room.session_id });
      // Theirs now: in their sessions, their room (organiser by account), links without expiry.
      const sessions = await ctx.app.inject({
        method: "GET",
        url: "/api/drafts/sessions/",
        headers: user.headers,
      });
      expect(sessions.json().results.map((s: { id: string }) => s.id)).toContain(quick.room.session_id);
      const room = await ctx.app.inject({
        method: "GET",
        url: `/api/rooms/${quick.room.id}/`,
        headers: user.headers,
      });
      expect(room.statusCode).toBe(200);
      // Every link says what it is: the organiser's own link is never called a spectator link.
      const kinds = room.json().links.map((link: { kind: string; role: string }) => [link.role, link.kind]);
      expect(kinds).toContainEqual(["organiser", "organiser"]);
      expect(kinds.filter(([, kind]: string[]) => kind === "spectator")).toEqual([
        ["spectator", "spectator"],
      ]);
      const links = await ctx.db
        .selectFrom("room_links")
        .select("expires_at")
        .where("room_id", "=", quick.room.id)
        .execute();
      expect(links.every((link) => link.expires_at === null)).toBe(true);
      const organiser = await RoomClient.join(base, quick.room.id, { auth: user.token });
      expect(organiser.welcome!.seat.role).toBe("organiser");
      expect(organiser.welcome!.snapshot.quick).toEqual({ claimed: true, expires_at: null });
      organiser.close();
      // Claiming again is harmless; another account cannot take it.
      expect((await claim(quick, user.headers)).statusCode).toBe(200);
      const other = await registerUser(ctx.app);
      const taken = await claim(quick, other.headers);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: "room_claimed" });
      // A claimed room is never cleaned up as expired.
      await ctx.db.updateTable("quick_rooms").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
      await deleteExpiredQuickRooms(ctx.db);
      const still = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${quick.room.session_id}/`,
        headers: user.headers,
      });
      expect(still.statusCode).toBe(200);
    });

    it("refuses the claim with the plan message when the plan is full, and loses nothing", async () => {
      const user = await newUser(ctx.app);
      for (let i = 0; i < 3; i++) await createSession(ctx.app, user);
      const quick = await createQuick();
      const res = await claim(quick, user.headers);
      expect(res.statusCode).toBe(403);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe("plan_limit");
      expect(body.detail).toMatch(/Community plan allows 3/);
      const sessions = await ctx.app.inject({
        method: "GET",
        url: "/api/drafts/sessions/",
        headers: user.headers,
      });
      expect(sessions.json().count).toBe(3);
      // The room still works from its links, unclaimed.
      const organiser = await RoomClient.join(base, quick.room.id, { token: quick.organiser.token });
      expect(organiser.welcome!.snapshot.quick).toMatchObject({ claimed: false });
      organiser.close();
    });

    it("refuses an expired quick room's links, and the clean-up deletes it", async () => {
      const quick = await createQuick();
      const watching = await RoomClient.join(base, quick.room.id, {
        token: linkToken(quick.room, "spectator"),
      });
      const past = new Date(Date.now() - 1000).toISOString();
      await ctx.db
        .updateTable("room_links")
        .set({ expires_at: past })
        .where("room_id", "=", quick.room.id)
        .execute();
      await ctx.db
        .updateTable("quick_rooms")
        .set({ expires_at: past })
        .where("room_id", "=", quick.room.id)
        .execute();
      const join = await ctx.app.inject({
        method: "POST",
        url: "/api/rooms/join/",
        payload: { token: linkToken(quick.room, "blue_captain") },
      });
      expect(join.statusCode).toBe(404);
      const client = await RoomClient.connect(base, quick.room.id);
      client.send({ type: "hello", id: "h1", proto: ROOM_PROTOCOL_VERSION, token: quick.organiser.token });
      expect((await client.closed).code).toBe(4401);

      expect(await deleteExpiredQuickRooms(ctx.db)).toBeGreaterThanOrEqual(1);
      // A socket still open on it is closed as for a revoked link.
      expect((await watching.closed).code).toBe(4403);
      const rows = await ctx.db
        .selectFrom("draft_rooms")
        .select("id")
        .where("id", "=", quick.room.id)
        .execute();
      expect(rows).toEqual([]);
      const session = await ctx.db
        .selectFrom("draft_sessions")
        .select("id")
        .where("id", "=", quick.room.session_id)
        .execute();
      expect(session).toEqual([]);
      const user = await registerUser(ctx.app);
      expect((await claim(quick, user.headers)).statusCode).toBe(404);
    });
  },
  { env: { QUICK_ROOMS_PER_HOUR: String(PER_HOUR) } },
);
