import { describe, expect, it } from "vitest";
import {
  createRoom,
  ROOM_CORRECTION_WINDOW_MS,
  type RoomEventBody,
  type RoomSeat,
  type RoomState,
  reduceRoom,
  roomClock,
} from "./room.ts";

const A: RoomSeat = { role: "captain", team: "A" };
const B: RoomSeat = { role: "captain", team: "B" };
const ORGANISER: RoomSeat = { role: "organiser", team: null };
const SPECTATOR: RoomSeat = { role: "spectator", team: null };
const POOL = Array.from({ length: 40 }, (_, i) => i + 1);

function ok(result: ReturnType<typeof reduceRoom>): { state: RoomState; events: readonly RoomEventBody[] } {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
}

/** A live room (30 s turns, 60 s bank) started at 0 where A (blue) banned champion 1 at 1000. */
function afterFirstLock(): RoomState {
  let room = createRoom({ mode: "live", turn_ms: 30_000, bank_ms: 60_000 }, { championIds: POOL });
  room = ok(reduceRoom(room, ORGANISER, { type: "start" }, 0)).state;
  return ok(reduceRoom(room, A, { type: "lock", step: 0, champion_id: 1 }, 1000)).state;
}

describe("misclick correction", () => {
  it("asks, stops the turn clock and blocks the next step until decided", () => {
    const room = afterFirstLock();
    const asked = ok(reduceRoom(room, A, { type: "request_correction", step: 0, champion_id: 2 }, 5000));
    expect(asked.events).toEqual([
      {
        kind: "correction_request",
        step: 0,
        team: "A",
        champion_id: 2,
        from_champion_id: 1,
        expires_ms: 5000 + ROOM_CORRECTION_WINDOW_MS,
      },
    ]);
    expect(asked.state.deadline_ms).toBe(5000 + ROOM_CORRECTION_WINDOW_MS);
    // B's turn started at 1000: 4 s used, and the clock shows it standing still.
    expect(roomClock(asked.state, 12_000)?.turn_ms_left).toBe(26_000);
    expect(reduceRoom(asked.state, B, { type: "lock", step: 1, champion_id: 3 }, 6000)).toEqual({
      ok: false,
      code: "correction_pending",
    });
    expect(reduceRoom(asked.state, B, { type: "hover", step: 1, champion_id: 3 }, 6000)).toMatchObject({
      code: "correction_pending",
    });
    expect(reduceRoom(asked.state, ORGANISER, { type: "pause" }, 6000)).toMatchObject({
      code: "correction_pending",
    });
    expect(
      reduceRoom(asked.state, A, { type: "request_correction", step: 0, champion_id: 3 }, 6000),
    ).toMatchObject({ code: "correction_pending" });
  });

  it("approved by the other captain: the lock's champion changes and the turn resumes, shifted", () => {
    const asked = ok(
      reduceRoom(afterFirstLock(), A, { type: "request_correction", step: 0, champion_id: 2 }, 5000),
    );
    const before = asked.state;
    const approved = ok(reduceRoom(before, B, { type: "decide_correction", step: 0, approve: true }, 9000));
    expect(approved.events).toEqual([
      {
        kind: "correction_decision",
        step: 0,
        team: "A",
        champion_id: 2,
        requested_champion_id: 2,
        outcome: "approved",
      },
    ]);
    expect(approved.state.draft.actions[0]?.champion_id).toBe(2);
    expect(approved.state.draft.used.has(1)).toBe(false);
    expect(approved.state.paused_ms).toBeNull();
    // 4 s of B's turn were used before the request; the 4 s it stood still are given back.
    expect(approved.state.turn_started_ms).toBe(1000 + 4000);
    expect(approved.state.deadline_ms).toBe(1000 + 30_000 + 60_000 + 2000 + 4000);
    expect(roomClock(approved.state, 9000)?.turn_ms_left).toBe(26_000);
    // The draft continues: B locks step 1, and the old champion is free again.
    const next = ok(reduceRoom(approved.state, B, { type: "lock", step: 1, champion_id: 1 }, 9500));
    expect(next.state.draft.actions).toHaveLength(2);
  });

  it("denied (by the organiser too) keeps the champion; a second request for the step is refused", () => {
    const asked = ok(
      reduceRoom(afterFirstLock(), A, { type: "request_correction", step: 0, champion_id: 2 }, 5000),
    );
    const denied = ok(
      reduceRoom(asked.state, ORGANISER, { type: "decide_correction", step: 0, approve: false }, 6000),
    );
    expect(denied.events[0]).toMatchObject({
      kind: "correction_decision",
      outcome: "denied",
      champion_id: 1,
    });
    expect(denied.state.draft.actions[0]?.champion_id).toBe(1);
    expect(
      reduceRoom(denied.state, A, { type: "request_correction", step: 0, champion_id: 3 }, 7000),
    ).toEqual({
      ok: false,
      code: "correction_used",
    });
  });

  it("times out at the server's clock after the window, never before", () => {
    const asked = ok(
      reduceRoom(afterFirstLock(), A, { type: "request_correction", step: 0, champion_id: 2 }, 5000),
    );
    const expires = 5000 + ROOM_CORRECTION_WINDOW_MS;
    expect(reduceRoom(asked.state, "system", { type: "expire" }, expires)).toEqual({
      ok: false,
      code: "not_expired",
    });
    expect(
      reduceRoom(asked.state, B, { type: "decide_correction", step: 0, approve: true }, expires + 1),
    ).toEqual({
      ok: false,
      code: "late",
    });
    const timedOut = ok(reduceRoom(asked.state, "system", { type: "expire" }, expires + 1));
    expect(timedOut.events[0]).toMatchObject({
      kind: "correction_decision",
      outcome: "timed_out",
      champion_id: 1,
    });
    expect(timedOut.state.draft.actions[0]?.champion_id).toBe(1);
    expect(timedOut.state.deadline_ms).toBe(1000 + 92_000 + (expires + 1 - 5000));
  });

  it("only the team that locked asks, only for its last lock, only the other side decides", () => {
    const room = afterFirstLock();
    expect(reduceRoom(room, B, { type: "request_correction", step: 0, champion_id: 2 }, 2000)).toMatchObject({
      code: "not_your_turn",
    });
    expect(
      reduceRoom(room, SPECTATOR, { type: "request_correction", step: 0, champion_id: 2 }, 2000),
    ).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(reduceRoom(room, A, { type: "request_correction", step: 1, champion_id: 2 }, 2000)).toMatchObject({
      code: "wrong_turn",
    });
    expect(reduceRoom(room, A, { type: "request_correction", step: 0, champion_id: 1 }, 2000)).toMatchObject({
      code: "champion_used",
    });
    expect(
      reduceRoom(room, A, { type: "request_correction", step: 0, champion_id: 999 }, 2000),
    ).toMatchObject({
      code: "unknown_champion",
    });
    expect(reduceRoom(room, B, { type: "decide_correction", step: 0, approve: true }, 2000)).toMatchObject({
      code: "no_correction",
    });
    const asked = ok(
      reduceRoom(room, A, { type: "request_correction", step: 0, champion_id: 2 }, 2000),
    ).state;
    expect(reduceRoom(asked, A, { type: "decide_correction", step: 0, approve: true }, 2100)).toMatchObject({
      code: "seat_not_allowed",
    });
    expect(
      reduceRoom(asked, SPECTATOR, { type: "decide_correction", step: 0, approve: true }, 2100),
    ).toMatchObject({
      code: "seat_not_allowed",
    });
    // Once B has locked the next step, A's lock is no longer the last one.
    const denied = ok(
      reduceRoom(asked, B, { type: "decide_correction", step: 0, approve: false }, 2200),
    ).state;
    const locked = ok(reduceRoom(denied, B, { type: "lock", step: 1, champion_id: 5 }, 2300)).state;
    expect(
      reduceRoom(locked, A, { type: "request_correction", step: 0, champion_id: 2 }, 2400),
    ).toMatchObject({
      code: "wrong_turn",
    });
  });

  it("is refused in the lobby, while paused and after the step's deadline", () => {
    const lobby = createRoom({ mode: "live", turn_ms: 30_000, bank_ms: 0 }, { championIds: POOL });
    expect(reduceRoom(lobby, A, { type: "request_correction", step: 0, champion_id: 2 }, 0)).toMatchObject({
      code: "not_started",
    });
    const room = afterFirstLock();
    const paused = ok(reduceRoom(room, ORGANISER, { type: "pause" }, 2000)).state;
    expect(
      reduceRoom(paused, A, { type: "request_correction", step: 0, champion_id: 2 }, 2100),
    ).toMatchObject({
      code: "room_paused",
    });
    expect(
      reduceRoom(room, A, { type: "request_correction", step: 0, champion_id: 2 }, room.deadline_ms! + 1),
    ).toMatchObject({ code: "late" });
  });

  it("uses the window the server passes", () => {
    const asked = ok(
      reduceRoom(
        afterFirstLock(),
        A,
        { type: "request_correction", step: 0, champion_id: 2, window_ms: 500 },
        5000,
      ),
    );
    expect(asked.state.correction?.expires_ms).toBe(5500);
  });
});
