import { quickRoomSchema, type Room, type RoomEvent } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { clockOffset, createRoom, type FollowedFeed, followFeed, linkToken, RoomClient } from "./support.ts";

/**
 * Issue 36: a delay set, lowered or raised mid-draft, then the draft played on. Every lock reaches
 * each delayed spectator once, in order, at its time plus the delay in force (on the server's
 * clock), within LATE_MAX_MS, followed as the web client follows its feed (a gap asks for a
 * resync), not only the first lock after the change.
 */
describeEachDialect("spectator delay timing", (ctx) => {
  /** How late a lock may reach a delayed spectator past its time plus the delay. */
  const LATE_MAX_MS = 500;
  let base: string;
  let pool: number[];
  let address = 0;
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });

  /** The lock event of `step` as a captain received it live (its `at` is the lock's time). */
  function lockEvent(captain: RoomClient, step: number): RoomEvent {
    const event = captain.events.find((item) => item.body.kind === "lock" && item.body.step === step);
    if (!event) throw new Error(`no lock of step ${step}`);
    return event;
  }

  /** Each step's lateness on `feed`: applied (server clock) minus its time minus the delay. */
  async function lateness(feed: FollowedFeed, captain: RoomClient, steps: number[], delayMs: number) {
    const offset = await clockOffset(ctx.db);
    return steps.map((step) => {
      const applied = feed.locks.get(step);
      if (!applied) throw new Error(`step ${step} never applied`);
      return { step, ms: applied.localMs + offset - lockEvent(captain, step).at - delayMs };
    });
  }

  /** Never early, never later than LATE_MAX_MS; a failure names the step and every lateness seen. */
  function expectOnTime(late: { step: number; ms: number }[]) {
    const seen = late.map(({ step, ms }) => `step ${step}: ${ms} ms`).join(", ");
    for (const { ms } of late) {
      expect(ms, seen).toBeGreaterThanOrEqual(0);
      expect(ms, seen).toBeLessThanOrEqual(LATE_MAX_MS);
    }
  }

  it("a quick room: 5 s set by the organiser mid-draft holds every later lock by 5 s, no more", async () => {
    const DELAY_MS = 5000;
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/quick-rooms/",
      payload: { blue_team_name: "Koi", red_team_name: "Heretics", turn_seconds: 60, bank_seconds: 60 },
      remoteAddress: `10.36.${ctx.dialect === "sqlite" ? 1 : 2}.${++address}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const quick = quickRoomSchema.parse(created.json());
    const roomId = quick.room.id;
    const organiser = await RoomClient.join(base, roomId, { token: quick.organiser.token });
    const blue = await RoomClient.join(base, roomId, { token: linkToken(quick.room, "blue_captain") });
    const red = await RoomClient.join(base, roomId, { token: linkToken(quick.room, "red_captain") });
    const spectator = await RoomClient.join(base, roomId, { token: linkToken(quick.room, "spectator") });
    const watcher = await RoomClient.join(base, roomId, { watch: quick.room.session_id });
    const feeds = [followFeed(spectator), followFeed(watcher)];
    expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
    expect(await blue.request({ type: "lock", step: 0, champion_id: pool[0] })).toMatchObject({
      type: "ack",
    });
    for (const feed of feeds) await feed.until((f) => f.locks.has(0));

    // The organiser's page sets 5 s mid-draft (its token, as the page does).
    const delay = await ctx.app.inject({
      method: "PUT",
      url: `/api/quick-rooms/${roomId}/delay/`,
      headers: { "x-room-token": quick.organiser.token },
      payload: { delay_seconds: DELAY_MS / 1000 },
    });
    expect(delay.statusCode, delay.body).toBe(200);

    // The draft plays on.
    for (const [step, captain] of [
      [1, red],
      [2, blue],
      [3, red],
    ] as const) {
      expect(await captain.request({ type: "lock", step, champion_id: pool[step] })).toMatchObject({
        type: "ack",
      });
    }
    for (const feed of feeds) await feed.until((f) => f.locks.has(3), DELAY_MS + 3000);
    for (const feed of feeds) {
      expectOnTime(await lateness(feed, blue, [1, 2, 3], DELAY_MS));
      expect(feed.gaps).toBe(0);
    }
    for (const client of [organiser, blue, red, spectator, watcher]) {
      expect(client.invalid).toEqual([]);
      client.close();
    }
  });

  it("a delay raised, lowered to 0 and raised again, with a correction and a pause: every lock once, in order, on time", async () => {
    const DELAY_MS = 2000;
    const owner = await newUser(ctx.app);
    const token = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room: Room = await createRoom(base, token, { session_id: session.id });
    const setDelay = async (seconds: number) => {
      const res = await ctx.app.inject({
        method: "PUT",
        url: `/api/rooms/${room.id}/delay/`,
        headers: owner.headers,
        payload: { delay_seconds: seconds },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
    const watcher = await RoomClient.join(base, room.id, { watch: session.id });
    const feeds = [followFeed(spectator), followFeed(watcher)];
    const blue = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    const organiser = await RoomClient.join(base, room.id, { auth: token });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const lock = async (step: number) => {
      const captain = step % 2 === 0 ? blue : red;
      expect(await captain.request({ type: "lock", step, champion_id: pool[step] })).toMatchObject({
        type: "ack",
      });
    };
    const allApplied = (step: number, timeoutMs: number) =>
      Promise.all(feeds.map((feed) => feed.until((f) => f.locks.has(step), timeoutMs)));

    // Live, then 2 s mid-draft: two locks, the second one corrected (approved).
    await lock(0);
    await allApplied(0, 2000);
    await setDelay(DELAY_MS / 1000);
    await lock(1);
    await lock(2);
    expect(await blue.request({ type: "request_correction", step: 2, champion_id: pool[20] })).toMatchObject({
      type: "ack",
    });
    expect(await red.request({ type: "decide_correction", step: 2, approve: true })).toMatchObject({
      type: "ack",
    });
    await allApplied(2, DELAY_MS + 3000);
    // Every event of the correction was due before the delay is lowered.
    await Promise.all(
      feeds.map((feed) =>
        feed.until((f) => f.applied.some((e) => e.body.kind === "correction_decision"), 4000),
      ),
    );

    // Lowered to 0: live again, each lock at once.
    await setDelay(0);
    await lock(3);
    await lock(4);
    await allApplied(4, 3000);

    // Raised again, and a pause: 2 s from each lock's time, the pause and resume too.
    await setDelay(DELAY_MS / 1000);
    await lock(5);
    expect(await organiser.request({ type: "pause" })).toMatchObject({ type: "ack" });
    expect(await organiser.request({ type: "resume" })).toMatchObject({ type: "ack" });
    // Locks wait for the resume countdown's end on the server's clock.
    const resumed = organiser.events.find((event) => event.body.kind === "resume");
    const resumesMs = resumed?.body.kind === "resume" ? resumed.body.resumes_ms : 0;
    const offset = await clockOffset(ctx.db);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, resumesMs - (Date.now() + offset)) + 50));
    await lock(6);
    await allApplied(6, DELAY_MS + 3000);

    for (const feed of feeds) {
      expectOnTime(await lateness(feed, blue, [1, 2, 5, 6], DELAY_MS));
      expectOnTime(await lateness(feed, blue, [3, 4], 0));
      // Once each, in order, and never a false gap.
      const seqs = feed.applied.map((event) => event.seq);
      expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
      const steps = feed.applied.flatMap((event) => (event.body.kind === "lock" ? [event.body.step] : []));
      expect(steps).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const kinds = feed.applied.map((event) => event.body.kind);
      expect(kinds.filter((kind) => kind === "pause" || kind === "resume")).toEqual(["pause", "resume"]);
      expect(feed.gaps).toBe(0);
    }
    for (const client of [spectator, watcher, blue, red, organiser]) {
      expect(client.invalid).toEqual([]);
      client.close();
    }
  });
});
