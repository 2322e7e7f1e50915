import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient, sleep } from "./support.ts";

/**
 * One socket cannot hurt everyone (decision 018): hovers never reach the database, a team link
 * admits a bounded number of members, resyncs are answered at most once per interval, every
 * command kind has a token bucket, and a reconnecting socket gets each event exactly once.
 */
describeEachDialect(
  "room socket bounds",
  (ctx) => {
    let base: string;
    let pool: number[];
    beforeAll(async () => {
      base = await ctx.listen();
      pool = await championIds(ctx.app);
    });

    async function liveRoom() {
      const owner = await newUser(ctx.app);
      const token = owner.headers.authorization.slice("Token ".length);
      const session = await createSession(ctx.app, owner);
      const room = await createRoom(base, token, { session_id: session.id });
      return { owner, token, session, room };
    }

    async function started() {
      const made = await liveRoom();
      const blue = await RoomClient.join(base, made.room.id, { token: linkToken(made.room, "blue_captain") });
      const red = await RoomClient.join(base, made.room.id, { token: linkToken(made.room, "red_captain") });
      expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
      return { ...made, blue, red };
    }

    it("5,000 hovers from one socket never reach the database; another room keeps locking", async () => {
      const flood = await started();
      const other = await started();
      const rowBefore = await ctx.db
        .selectFrom("draft_rooms")
        .selectAll()
        .where("id", "=", flood.room.id)
        .executeTakeFirstOrThrow();
      const eventsBefore = await ctx.db
        .selectFrom("room_events")
        .select("seq")
        .where("room_id", "=", flood.room.id)
        .execute();
      const heardBefore = flood.red.messages.filter((m) => m.type === "hover").length;
      const floodStart = Date.now();
      for (let n = 0; n < 5000; n++) {
        flood.blue.send({ type: "hover", id: `h${n}`, step: 0, champion_id: pool[n % 20]! });
        if (n % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
      }
      // Meanwhile the other room plays: its locks are answered (round trips are a bench figure).
      const rtts: number[] = [];
      for (const [step, captain] of [
        [0, other.blue],
        [1, other.red],
        [2, other.blue],
        [3, other.red],
      ] as const) {
        const t0 = Date.now();
        expect(await captain.request({ type: "lock", step, champion_id: pool[30 + step] })).toMatchObject({
          type: "ack",
        });
        rtts.push(Date.now() - t0);
      }
      // Every hover is answered: ack, reject, or (past the frame bucket, unparsed) reject without id.
      const floodAnswers = () =>
        flood.blue.messages.filter(
          (m) => (m.type === "ack" || m.type === "reject") && (m.id === null || m.id.startsWith("h")),
        ).length;
      while (floodAnswers() < 5000 && Date.now() - floodStart < 20_000) await sleep(50);
      expect(floodAnswers()).toBe(5000);
      const floodMs = Date.now() - floodStart;
      await sleep(300);
      const rowAfter = await ctx.db
        .selectFrom("draft_rooms")
        .selectAll()
        .where("id", "=", flood.room.id)
        .executeTakeFirstOrThrow();
      const eventsAfter = await ctx.db
        .selectFrom("room_events")
        .select("seq")
        .where("room_id", "=", flood.room.id)
        .execute();
      // Not one write: the row (seq, hover columns, updated_at) and the log are as they were.
      expect(rowAfter).toEqual(rowBefore);
      expect(rowAfter.hover_champion_id).toBeNull();
      expect(eventsAfter).toHaveLength(eventsBefore.length);
      // The other captain heard the hovers coalesced: about 10 a second, the latest last.
      const heard = flood.red.messages.filter((m) => m.type === "hover").slice(heardBefore);
      expect(heard.length).toBeGreaterThan(0);
      expect(heard.length).toBeLessThanOrEqual(Math.ceil(floodMs / 100) + 3);
      const acked = flood.blue.messages.filter((m) => m.type === "ack" && m.id.startsWith("h")).length;
      expect(acked).toBeGreaterThan(0);
      expect(rtts).toHaveLength(4);
      // The hover in force is what the clock locks when the step times out (memory, not the row).
      const lastAcked = [...flood.blue.messages]
        .reverse()
        .find((m) => m.type === "ack" && m.id.startsWith("h"));
      const lastHover = heard.at(-1);
      expect(lastAcked).toBeDefined();
      expect(lastHover?.type === "hover" && lastHover.hover.step).toBe(0);
      for (const client of [flood.blue, flood.red, other.blue, other.red]) client.close();
    });

    it("a team link admits 5 members at once (env cap); the 6th of 50 is closed with team_full", async () => {
      const { room } = await liveRoom();
      const admitted: RoomClient[] = [];
      const refused: number[] = [];
      for (let n = 0; n < 50; n++) {
        const client = await RoomClient.connect(base, room.id);
        const answer = client.request({
          type: "hello",
          proto: ROOM_PROTOCOL_VERSION,
          token: linkToken(room, "blue_team"),
          name: `Member ${n}`,
        });
        const outcome = await Promise.race([answer, client.closed]);
        if ("type" in outcome && outcome.type === "welcome") admitted.push(client);
        else {
          expect(outcome).toEqual({ code: ROOM_CLOSE.teamFull.code, reason: ROOM_CLOSE.teamFull.reason });
          refused.push(n);
        }
      }
      expect(admitted).toHaveLength(5);
      expect(refused).toHaveLength(45);
      const connected = await ctx.db
        .selectFrom("room_members")
        .select("id")
        .where("room_id", "=", room.id)
        .where("left_at", "is", null)
        .execute();
      expect(connected).toHaveLength(5);
      // One leaves: one place frees.
      admitted[0]!.close();
      await admitted[0]!.closed;
      await sleep(200);
      const next = await RoomClient.join(base, room.id, {
        token: linkToken(room, "blue_team"),
        name: "Late",
      });
      expect(next.welcome?.seat.role).toBe("member");
      for (const client of [...admitted, next]) client.close();
    });

    it("2,000 resyncs from one socket: answered at most once a second, each no larger than the log", async () => {
      const { blue, red, room } = await started();
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
      const before = spectator.messages.length;
      const startedAt = Date.now();
      for (let n = 0; n < 2000; n++) spectator.send({ type: "resync", id: `r${n}`, last_seq: 0 });
      // Every request is answered exactly once: an ack (now or with the next answer) or rate_limited.
      const answered = () =>
        spectator.messages.filter(
          (m) => (m.type === "ack" || m.type === "reject") && (m.id === null || m.id.startsWith("r")),
        ).length;
      while (answered() < 2000 && Date.now() - startedAt < 15_000) await sleep(50);
      expect(answered()).toBe(2000);
      const events = spectator.messages.slice(before).filter((m) => m.type === "event");
      const log = await ctx.db
        .selectFrom("room_events")
        .select("seq")
        .where("room_id", "=", room.id)
        .execute();
      // Each answer is at most the log; answers are at most one per second (plus the first).
      const answers = Math.ceil((Date.now() - startedAt) / 1000) + 1;
      expect(events.length).toBeLessThanOrEqual(log.length * answers);
      expect(spectator.messages.some((m) => m.type === "reject" && m.code === "rate_limited")).toBe(true);
      // The room still works for everyone else.
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
        type: "ack",
      });
      for (const client of [blue, red, spectator]) client.close();
    });

    it("a reconnecting spectator gets each event exactly once when its resync races a live push", async () => {
      const { blue, red, room } = await started();
      expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "ack",
      });
      const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
      // A live event reaches it, then it asks for the log from the start (to fill its event list).
      expect(await red.request({ type: "lock", step: 1, champion_id: pool[1] })).toMatchObject({
        type: "ack",
      });
      await spectator.waitFor(
        (m) => m.type === "event" && m.event.body.kind === "lock" && m.event.body.step === 1,
      );
      expect(await spectator.request({ type: "resync", last_seq: 0 })).toMatchObject({ type: "ack" });
      const seqs = spectator.messages.flatMap((m) => (m.type === "event" ? [m.event.seq] : []));
      expect(new Set(seqs).size).toBe(seqs.length);
      const log = await ctx.db
        .selectFrom("room_events")
        .select("seq")
        .where("room_id", "=", room.id)
        .execute();
      expect(seqs.sort((a, b) => a - b)).toEqual(log.map((row) => Number(row.seq)).sort((a, b) => a - b));
      for (const client of [blue, red, spectator]) client.close();
    });

    it("a command flood is refused by its bucket; the room still answers others", async () => {
      const { blue, red } = await started();
      for (let n = 0; n < 200; n++) blue.send({ type: "pause", id: `p${n}` });
      const answers = () =>
        blue.messages.filter((m) => m.type === "reject" && (m.id === null || m.id.startsWith("p"))).length;
      const t0 = Date.now();
      while (answers() < 200 && Date.now() - t0 < 10_000) await sleep(50);
      expect(answers()).toBe(200);
      const limited = blue.messages.filter((m) => m.type === "reject" && m.code === "rate_limited").length;
      expect(limited).toBeGreaterThan(150);
      expect(await red.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "reject",
        code: "not_your_turn",
      });
      for (const client of [blue, red]) client.close();
    });
  },
  { env: { ROOMS_TEAM_LINK_MEMBERS_MAX: "5" } },
);
