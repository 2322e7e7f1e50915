import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION, type RoomServerMessage } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient, sleep } from "./support.ts";

/**
 * One socket cannot hurt everyone (decision 018): hovers never reach the database, a team link
 * admits a bounded number of members, resyncs are answered at most once per interval, every
 * command kind has a token bucket, and a reconnecting socket gets each event exactly once.
 */
/** The ids of the answers (ack or reject) to the requests whose id starts with `prefix`. */
function answeredIds(messages: readonly RoomServerMessage[], prefix: string): string[] {
  return messages.flatMap((m) =>
    (m.type === "ack" || m.type === "reject") && m.id !== null && m.id.startsWith(prefix) ? [m.id] : [],
  );
}

/** The frame bucket's notices: `rate_limited` without an id (the frame was not read). */
function notices(messages: readonly RoomServerMessage[]): number {
  return messages.filter((m) => m.type === "reject" && m.id === null && m.code === "rate_limited").length;
}

/** Waits until `count` stops growing (1.2 s quiet: a waiting resync is answered within 1 s) or 20 s. */
async function settle(count: () => number): Promise<void> {
  const startedAt = Date.now();
  let last = -1;
  let quiet = 0;
  while (quiet < 8 && Date.now() - startedAt < 20_000) {
    await sleep(150);
    const now = count();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

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
      // Every hover that was read is answered once (ack or reject with its id); past the frame
      // bucket the flood is dropped unparsed and told so at most once a second (reject, no id).
      const answers = () => answeredIds(flood.blue.messages, "h");
      await settle(() => answers().length + notices(flood.blue.messages));
      const floodMs = Date.now() - floodStart;
      expect(new Set(answers()).size).toBe(answers().length);
      expect(answers().length).toBeGreaterThan(0);
      expect(answers().length).toBeLessThan(5000);
      expect(notices(flood.blue.messages)).toBeGreaterThan(0);
      expect(notices(flood.blue.messages)).toBeLessThanOrEqual(Math.ceil(floodMs / 1000) + 1);
      // Barrier: a command that goes through the room's write transaction (under the row's lock,
      // where the reducer refuses it: step 0 is blue's), sent after every hover was answered. A
      // hover's write, had one been queued, is on the database before this answer comes back.
      expect(await flood.red.request({ type: "lock", step: 0, champion_id: pool[40]! })).toMatchObject({
        type: "reject",
        code: "not_your_turn",
      });
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
      // The place frees once the server marks the member left (the cap counts these rows).
      const stillConnected = () =>
        ctx.db
          .selectFrom("room_members")
          .select("id")
          .where("room_id", "=", room.id)
          .where("left_at", "is", null)
          .execute();
      for (let tries = 0; tries < 100 && (await stillConnected()).length > 4; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await stillConnected()).toHaveLength(4);
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
      // Every request read is answered exactly once: an ack (now or with the next answer) or
      // rate_limited; past the frame bucket they are dropped unread, told at most once a second.
      const answered = () => answeredIds(spectator.messages, "r");
      await settle(() => answered().length + notices(spectator.messages));
      expect(new Set(answered()).size).toBe(answered().length);
      expect(answered().length).toBeGreaterThan(0);
      expect(notices(spectator.messages)).toBeGreaterThan(0);
      expect(notices(spectator.messages)).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000) + 1);
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
      const answers = () => answeredIds(blue.messages, "p");
      await settle(() => answers().length + notices(blue.messages));
      expect(new Set(answers()).size).toBe(answers().length);
      // The frames read (the frame bucket's burst) are answered, most of them rate_limited by the
      // pause bucket; the rest were dropped unread after one notice.
      const limited = blue.messages.filter(
        (m) => m.type === "reject" && m.code === "rate_limited" && m.id !== null,
      ).length;
      expect(limited).toBeGreaterThan(100);
      expect(notices(blue.messages)).toBeLessThanOrEqual(2);
      expect(await red.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
        type: "reject",
        code: "not_your_turn",
      });
      for (const client of [blue, red]) client.close();
    });
  },
  { env: { ROOMS_TEAM_LINK_MEMBERS_MAX: "5" } },
);
