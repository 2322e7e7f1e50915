import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRoom, type RoomCommand, type RoomSeat, type RoomState, reduceRoom } from "./room.ts";
import { can } from "./room-permissions.ts";

const A: RoomSeat = { role: "captain", team: "A" };
const B: RoomSeat = { role: "captain", team: "B" };
const MEMBER_A: RoomSeat = { role: "member", team: "A" };
const ORGANISER: RoomSeat = { role: "organiser", team: null };
const SPECTATOR: RoomSeat = { role: "spectator", team: null };
const SEATS = [A, B, MEMBER_A, ORGANISER, SPECTATOR];
const POOL = Array.from({ length: 40 }, (_, i) => i + 1);

const live = (): RoomState =>
  createRoom({ mode: "live", turn_ms: 30_000, bank_ms: 60_000 }, { championIds: POOL });

function run(state: RoomState, seat: RoomSeat, command: RoomCommand, now: number): RoomState {
  const result = reduceRoom(state, seat, command, now);
  if (!result.ok) throw new Error(result.code);
  return result.state;
}

describe("can(seat, state)", () => {
  it("gives the lock to the captain on the clock only, and suggestions to its members", () => {
    const room = run(live(), ORGANISER, { type: "start" }, 0);
    expect(can(A, room, 10)).toMatchObject({ lock: true, askCorrection: null, pause: false });
    expect(can(B, room, 10)).toMatchObject({ lock: false, suggest: false });
    expect(can(MEMBER_A, room, 10)).toMatchObject({ lock: false, suggest: true });
    expect(can(ORGANISER, room, 10)).toMatchObject({ lock: false, pause: true, resume: false, start: false });
    expect(can(SPECTATOR, room, 10)).toEqual({
      lock: false,
      suggest: false,
      askCorrection: null,
      decideCorrection: false,
      ready: false,
      start: false,
      pause: false,
      resume: false,
    });
  });

  it("lets only the team that just locked ask once, and the other side decide", () => {
    let room = run(live(), ORGANISER, { type: "start" }, 0);
    room = run(room, A, { type: "lock", step: 0, champion_id: 1 }, 10);
    expect(can(A, room, 20).askCorrection).toBe(0);
    expect(can(B, room, 20).askCorrection).toBeNull();
    room = run(room, A, { type: "request_correction", step: 0, champion_id: 2 }, 30);
    expect(can(A, room, 40)).toMatchObject({ askCorrection: null, decideCorrection: false, lock: false });
    expect(can(B, room, 40)).toMatchObject({ decideCorrection: true, lock: false });
    expect(can(ORGANISER, room, 40)).toMatchObject({ decideCorrection: true, pause: false });
    room = run(room, B, { type: "decide_correction", step: 0, approve: false }, 50);
    // Once per lock: a denied captain cannot ask again.
    expect(can(A, room, 60).askCorrection).toBeNull();
  });

  it("closes everything during the resume countdown but the pause", () => {
    let room = run(live(), ORGANISER, { type: "start" }, 0);
    room = run(room, ORGANISER, { type: "pause" }, 100);
    expect(can(ORGANISER, room, 200)).toMatchObject({ pause: false, resume: true });
    expect(can(A, room, 200).lock).toBe(false);
    room = run(room, ORGANISER, { type: "resume" }, 300);
    expect(can(A, room, 400).lock).toBe(false);
    expect(can(A, room, 300 + 3000 + 1).lock).toBe(true);
  });

  it("agrees with the reducer on every seat, for random rooms", () => {
    const command = fc.oneof(
      fc.record({ type: fc.constant("ready" as const), ready: fc.boolean() }),
      fc.constant({ type: "start" as const }),
      fc.constant({ type: "pause" as const }),
      fc.constant({ type: "resume" as const }),
      fc.record({
        type: fc.constant("lock" as const),
        step: fc.integer({ min: 0, max: 3 }),
        champion_id: fc.integer({ min: 1, max: 40 }),
      }),
      fc.record({
        type: fc.constant("request_correction" as const),
        step: fc.integer({ min: 0, max: 3 }),
        champion_id: fc.integer({ min: 1, max: 40 }),
      }),
      fc.record({
        type: fc.constant("decide_correction" as const),
        step: fc.integer({ min: 0, max: 3 }),
        approve: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...SEATS), command), { maxLength: 25 }), (steps) => {
        let room = live();
        let now = 0;
        for (const [seat, cmd] of steps) {
          now += 500;
          const result = reduceRoom(room, seat, cmd, now);
          if (result.ok) room = result.state;
          now += 1;
          for (const who of SEATS) {
            const perms = can(who, room, now);
            const turn = room.draft.actions.length;
            // A lock the permission allows is accepted with some available champion, and refused when not.
            const free = POOL.find((id) => !room.draft.used.has(id)) ?? 1;
            expect(reduceRoom(room, who, { type: "lock", step: turn, champion_id: free }, now).ok).toBe(
              perms.lock,
            );
            expect(reduceRoom(room, who, { type: "pause" }, now).ok).toBe(perms.pause);
            expect(reduceRoom(room, who, { type: "resume" }, now).ok).toBe(perms.resume);
            if (perms.askCorrection === null && who.role === "captain")
              expect(
                reduceRoom(room, who, { type: "request_correction", step: turn - 1, champion_id: free }, now)
                  .ok,
              ).toBe(false);
            if (room.correction?.outcome === "pending")
              expect(
                reduceRoom(
                  room,
                  who,
                  { type: "decide_correction", step: room.correction.step, approve: false },
                  now,
                ).ok,
              ).toBe(perms.decideCorrection);
          }
        }
      }),
      { seed: 21, numRuns: 150 },
    );
  });
});
