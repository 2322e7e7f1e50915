import { DRAFT_STEP_COUNT } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createRoom, linkToken, RoomClient } from "./support.ts";

/**
 * 1,800 random and malformed protocol messages from three seats at once, each seat within its
 * frame allowance (60 a second: frames over it are dropped unread, decision 032): the server never
 * crashes, answers every message exactly once (ack, reject or pong), and the room stays legal.
 */

/** Small seeded PRNG (mulberry32): a failing run can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = [
  "hello",
  "ping",
  "ready",
  "start",
  "hover",
  "lock",
  "pause",
  "resume",
  "resync",
  "nope",
  "",
  "LOCK",
];

function fuzzMessage(
  rand: () => number,
  n: number,
  pool: number[],
): { frame: string | Buffer; expectsAnswer: true } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const r = rand();
  const id = rand() < 0.05 ? `dup${Math.floor(rand() * 20)}` : `f${n}`;
  if (r < 0.08) return { frame: Buffer.from([0, 1, 2, Math.floor(rand() * 255)]), expectsAnswer: true };
  if (r < 0.16)
    return {
      frame: pick(["{", "[]", "null", "42", '"x"', "{}", "true", '{"type":', "\u0000"]),
      expectsAnswer: true,
    };
  if (r < 0.24)
    return {
      frame: JSON.stringify({ type: pick(TYPES), id: pick([id, 7, null, "x".repeat(80), ""]) }),
      expectsAnswer: true,
    };
  const message: Record<string, unknown> = { type: pick(TYPES), id };
  if (rand() < 0.9) message.step = Math.floor(rand() * (DRAFT_STEP_COUNT + 6)) - 3;
  if (rand() < 0.9) message.champion_id = pick([null, pick(pool), pick(pool), -1, 0, 1.5, "Ahri", 2 ** 40]);
  if (rand() < 0.3) message.ready = pick([true, false, "yes"]);
  if (rand() < 0.3) message.t0 = pick([Date.now(), "now"]);
  if (rand() < 0.2) message.last_seq = pick([0, 5, -1, 1e9]);
  if (rand() < 0.2) message.proto = pick([1, 0, 2, "1"]);
  if (rand() < 0.2)
    Object.assign(message, { team: pick(["A", "B"]), side: pick(["BLUE", "RED"]), role: "organiser" });
  return { frame: JSON.stringify(message), expectsAnswer: true };
}

const ANSWERS = new Set(["ack", "reject", "pong", "welcome"]);

describeEachDialect("live rooms fuzz", (ctx) => {
  let base: string;
  beforeAll(async () => {
    base = await ctx.listen();
  });

  it("answers every one of 1,800 random and malformed messages and stays legal", {
    timeout: 180_000,
  }, async () => {
    const pool = (await championIds(ctx.app)).slice(0, 40);
    const owner = await newUser(ctx.app);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, owner.headers.authorization.slice(6), { session_id: session.id });
    const clients = [
      await RoomClient.join(base, room.id, { token: linkToken(room, "blue_captain") }),
      await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") }),
      await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") }),
    ];
    const organiser = await RoomClient.join(base, room.id, { auth: owner.headers.authorization.slice(6) });
    expect(await organiser.request({ type: "start" })).toMatchObject({ type: "ack" });
    const answered = clients.map((client) => client.messages.filter((m) => ANSWERS.has(m.type)).length);

    const rand = random(20261124);
    const total = 1800;
    const sent = [0, 0, 0];
    for (let n = 0; n < total; n++) {
      const seat = n % 3;
      const { frame } = fuzzMessage(rand, n, pool);
      clients[seat]!.ws.send(frame);
      sent[seat]! += 1;
      // 100 frames a seat, then 1.7 s: the frame bucket (60 a second, burst 120) never runs dry.
      if (n % 300 === 299) await new Promise((resolve) => setTimeout(resolve, 1700));
    }
    const deadline = Date.now() + 150_000;
    const count = (i: number) =>
      clients[i]!.messages.filter((m) => ANSWERS.has(m.type)).length - answered[i]!;
    while (Date.now() < deadline && [0, 1, 2].some((i) => count(i) < sent[i]!)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([0, 1, 2].map(count)).toEqual(sent);
    for (const client of clients) {
      expect(client.invalid).toEqual([]);
      expect(client.ws.readyState).toBe(1);
    }
    // still serving, and the room is a legal draft: one lock per step, in order
    expect((await fetch(`${base}/api/health/`)).status).toBe(200);
    const locks = await ctx.db
      .selectFrom("room_events")
      .select(["step"])
      .where("room_id", "=", room.id)
      .where("kind", "=", "lock")
      .orderBy("seq")
      .execute();
    expect(locks.map((l) => Number(l.step))).toEqual([...Array(locks.length).keys()]);
    const actions = await ctx.db
      .selectFrom("draft_actions")
      .select("phase_number")
      .where("session_id", "=", session.id)
      .execute();
    expect(actions).toHaveLength(locks.length);
    for (const client of [...clients, organiser]) client.close();
  });
});
