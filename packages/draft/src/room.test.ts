import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createRoom,
  ROOM_GRACE_MS,
  ROOM_RESUME_COUNTDOWN_MS,
  type RoomCommand,
  type RoomEventBody,
  type RoomSeat,
  type RoomState,
  reduceRoom,
  roomClock,
  roomFromRecord,
  roomRecord,
} from "./room.ts";
import { DRAFT_SEQUENCE, DRAFT_STEP_COUNT } from "./sequence.ts";

const A: RoomSeat = { role: "captain", team: "A" };
const B: RoomSeat = { role: "captain", team: "B" };
const ORGANISER: RoomSeat = { role: "organiser", team: null };
const SPECTATOR: RoomSeat = { role: "spectator", team: null };
const POOL = Array.from({ length: 40 }, (_, i) => i + 1);

function live(turnMs = 30_000, bankMs = 60_000): RoomState {
  return createRoom({ mode: "live", turn_ms: turnMs, bank_ms: bankMs }, { championIds: POOL });
}

function ok(result: ReturnType<typeof reduceRoom>): { state: RoomState; events: readonly RoomEventBody[] } {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
}

describe("room state machine", () => {
  it("starts when both captains are ready, with the turn's deadline", () => {
    let room = live();
    room = ok(reduceRoom(room, A, { type: "ready", ready: true }, 1000)).state;
    expect(room.status).toBe("lobby");
    const started = ok(reduceRoom(room, B, { type: "ready", ready: true }, 2000));
    expect(started.events.map((e) => e.kind)).toEqual(["ready", "start"]);
    expect(started.state.status).toBe("running");
    expect(started.state.deadline_ms).toBe(2000 + 30_000 + 60_000 + ROOM_GRACE_MS);
  });

  it("lets the organiser start anyway, and nobody else", () => {
    expect(reduceRoom(live(), A, { type: "start" }, 0)).toEqual({ ok: false, code: "seat_not_allowed" });
    const started = ok(reduceRoom(live(), ORGANISER, { type: "start" }, 0));
    expect(started.events).toEqual([{ kind: "start", forced: true }]);
  });

  it("rejects the other team, spectators, a stale step and a late lock", () => {
    const room = ok(reduceRoom(live(), ORGANISER, { type: "start" }, 0)).state;
    expect(reduceRoom(room, B, { type: "lock", step: 0, champion_id: 1 }, 10)).toMatchObject({
      code: "not_your_turn",
    });
    expect(reduceRoom(room, SPECTATOR, { type: "lock", step: 0, champion_id: 1 }, 10)).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(reduceRoom(room, ORGANISER, { type: "lock", step: 0, champion_id: 1 }, 10)).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(reduceRoom(room, A, { type: "lock", step: 1, champion_id: 1 }, 10)).toMatchObject({
      code: "wrong_turn",
    });
    expect(
      reduceRoom(room, A, { type: "lock", step: 0, champion_id: 1 }, room.deadline_ms! + 1),
    ).toMatchObject({ code: "late" });
    const locked = ok(reduceRoom(room, A, { type: "lock", step: 0, champion_id: 1 }, room.deadline_ms!));
    expect(locked.events[0]).toMatchObject({
      kind: "lock",
      step: 0,
      team: "A",
      side: "BLUE",
      bank_after_ms: 0,
    });
  });

  it("charges overtime to the bank and gives the next team a fresh turn", () => {
    const room = ok(reduceRoom(live(30_000, 60_000), ORGANISER, { type: "start" }, 0)).state;
    const after = ok(reduceRoom(room, A, { type: "lock", step: 0, champion_id: 5 }, 40_000)).state;
    expect(after.bank_ms).toEqual({ A: 50_000, B: 60_000 });
    expect(after.deadline_ms).toBe(40_000 + 30_000 + 60_000 + ROOM_GRACE_MS);
    expect(roomClock(after, 50_000)).toEqual({
      step: 1,
      team: "B",
      turn_ms_left: 20_000,
      bank_ms_left: 60_000,
      paused: false,
    });
  });

  it("expires to the hovered champion, a skipped ban, or the best available pick", () => {
    let room = ok(reduceRoom(live(1000, 0), ORGANISER, { type: "start" }, 0)).state;
    const hovered = reduceRoom(room, A, { type: "hover", step: 0, champion_id: 7 }, 100);
    expect(hovered).toMatchObject({ ok: true, events: [], hover: { step: 0, team: "A", champion_id: 7 } });
    room = ok(hovered).state;
    expect(reduceRoom(room, "system", { type: "expire" }, 1000 + ROOM_GRACE_MS)).toMatchObject({
      code: "not_expired",
    });
    const first = ok(reduceRoom(room, "system", { type: "expire" }, 3001));
    expect(first.events[0]).toMatchObject({ step: 0, champion_id: 7, is_auto: true });
    const skipped = ok(reduceRoom(first.state, "system", { type: "expire" }, 10_000));
    expect(skipped.events[0]).toMatchObject({ step: 1, champion_id: null, is_auto: true });
    let state = skipped.state;
    for (let step = 2; step < 6; step++) {
      state = ok(reduceRoom(state, "system", { type: "expire" }, 10_000 * step)).state;
    }
    const pick = ok(reduceRoom(state, "system", { type: "expire", ranked: [7, 9, 3] }, 100_000));
    expect(pick.events[0]).toMatchObject({ step: 6, action_type: "PICK", champion_id: 9, is_auto: true });
  });

  it("pauses, then resumes with a 3 s countdown that moves the deadline", () => {
    const room = ok(reduceRoom(live(), ORGANISER, { type: "start" }, 0)).state;
    const paused = ok(reduceRoom(room, ORGANISER, { type: "pause" }, 10_000)).state;
    expect(reduceRoom(paused, A, { type: "lock", step: 0, champion_id: 1 }, 11_000)).toMatchObject({
      code: "room_paused",
    });
    expect(reduceRoom(paused, "system", { type: "expire" }, 10_000_000)).toMatchObject({
      code: "room_paused",
    });
    const resumed = ok(reduceRoom(paused, ORGANISER, { type: "resume" }, 20_000));
    expect(resumed.events).toEqual([{ kind: "resume", resumes_ms: 20_000 + ROOM_RESUME_COUNTDOWN_MS }]);
    expect(resumed.state.deadline_ms).toBe(room.deadline_ms! + 10_000 + ROOM_RESUME_COUNTDOWN_MS);
    expect(reduceRoom(resumed.state, A, { type: "lock", step: 0, champion_id: 1 }, 21_000)).toMatchObject({
      code: "room_paused",
    });
    expect(reduceRoom(resumed.state, A, { type: "lock", step: 0, champion_id: 1 }, 23_000).ok).toBe(true);
  });

  it("solo rooms: the organiser plays both sides, untimed, and can rewind and correct", () => {
    let room = createRoom({ mode: "solo", turn_ms: 0, bank_ms: 0 }, { championIds: POOL });
    expect(room.status).toBe("running");
    for (let step = 0; step < DRAFT_STEP_COUNT; step++) {
      room = ok(reduceRoom(room, ORGANISER, { type: "lock", step, champion_id: step + 1 }, 1e12)).state;
    }
    expect(room.status).toBe("complete");
    const rewound = ok(reduceRoom(room, ORGANISER, { type: "rewind", step: 6 }, 0));
    expect(rewound.state.status).toBe("running");
    expect(rewound.state.draft.actions).toHaveLength(6);
    const corrected = ok(
      reduceRoom(rewound.state, ORGANISER, { type: "correct", step: 2, champion_id: 30 }, 0),
    );
    expect(corrected.state.draft.actions[2]!.champion_id).toBe(30);
    expect(
      reduceRoom(rewound.state, ORGANISER, { type: "correct", step: 2, champion_id: 1 }, 0),
    ).toMatchObject({
      code: "champion_used",
    });
  });

  it("round-trips through its plain record", () => {
    const room = ok(reduceRoom(live(), ORGANISER, { type: "start" }, 0)).state;
    const locked = ok(reduceRoom(room, A, { type: "lock", step: 0, champion_id: 3 }, 5)).state;
    const restored = roomFromRecord(roomRecord(locked), locked.draft.actions, { championIds: POOL });
    expect(restored).toEqual(locked);
  });
});

// ---- property: random messages from every seat ------------------------------------------------

const seats = [A, B, ORGANISER, SPECTATOR, "system"] as const;
const commandArb = fc.oneof(
  fc.record({ type: fc.constant("ready" as const), ready: fc.boolean() }),
  fc.record({ type: fc.constant("start" as const) }),
  fc.record({
    type: fc.constantFrom("hover" as const, "lock" as const),
    step: fc.integer({ min: -1, max: DRAFT_STEP_COUNT }),
    champion_id: fc.option(fc.integer({ min: 0, max: 45 }), { freq: 6 }),
  }),
  fc.record({ type: fc.constantFrom("pause" as const, "resume" as const) }),
  fc.record({ type: fc.constant("expire" as const), ranked: fc.constant(POOL) }),
);
const messageArb = fc.record({
  seat: fc.constantFrom(...seats),
  command: commandArb,
  /** Time passing before the message, ms. */
  wait: fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 8000 })),
  /** Aim at the step on the clock most of the time, so drafts progress. */
  onStep: fc.boolean(),
});

describe("room state machine (property)", () => {
  it("keeps its invariants under random messages from all seats", () => {
    fc.assert(
      fc.property(fc.array(messageArb, { minLength: 1, maxLength: 300 }), (messages) => {
        let room = live(2000, 3000);
        let now = 0;
        for (const message of messages) {
          now += message.wait;
          let command = message.command as RoomCommand;
          if (message.onStep && (command.type === "lock" || command.type === "hover")) {
            command = { ...command, step: room.draft.actions.length };
          }
          const before = room;
          const result = reduceRoom(room, message.seat, command, now);
          if (!result.ok) {
            expect(room).toBe(before);
            continue;
          }
          const locks = result.events.filter((e) => e.kind === "lock");
          // one lock per step, none skipped, and never a captain's lock after the deadline
          expect(locks.length).toBeLessThanOrEqual(1);
          for (const lock of locks) {
            expect(lock.step).toBe(before.draft.actions.length);
            expect(lock.side).toBe(DRAFT_SEQUENCE[lock.step]!.side);
            if (!lock.is_auto) expect(now).toBeLessThanOrEqual(before.deadline_ms!);
            else expect(now).toBeGreaterThan(before.deadline_ms!);
          }
          room = result.state;
          expect(room.draft.actions.length).toBe(before.draft.actions.length + locks.length);
          expect(room.bank_ms.A).toBeGreaterThanOrEqual(0);
          expect(room.bank_ms.B).toBeGreaterThanOrEqual(0);
          expect(room.bank_ms.A).toBeLessThanOrEqual(before.bank_ms.A);
          expect(room.bank_ms.B).toBeLessThanOrEqual(before.bank_ms.B);
          if (room.status === "complete") expect(room.draft.actions).toHaveLength(DRAFT_STEP_COUNT);
        }
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});
