import type { RoomEvent, RoomSnapshot } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import {
  applyRoomMessage,
  bestOffset,
  type ClientRoom,
  offsetSample,
  roomCountdown,
  roomFromWelcome,
  roomStateOf,
} from "./room-state.ts";

const NOW = 1_800_000_000_000;

function snapshot(patch: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    room_id: "00000000-0000-4000-8000-000000000001",
    mode: "live",
    seq: 2,
    session: {} as RoomSnapshot["session"],
    sides: { A: "BLUE", B: "RED" },
    ready: { A: true, B: true },
    actions: [],
    clock: {
      status: "running",
      step: 0,
      turn_ms: 30_000,
      bank_ms: { A: 60_000, B: 60_000 },
      turn_started_ms: NOW,
      deadline_ms: NOW + 92_000,
      paused_ms: null,
      resumes_ms: null,
      server_now: NOW,
    },
    hover: null,
    ...patch,
  };
}

/** A wire event: `{seq, at, actor, body}` and nothing else (decision 031). */
function ev(seq: number, body: RoomEvent["body"], actor: RoomEvent["actor"] = null): RoomEvent {
  return { seq, at: NOW + seq * 1000, actor, body };
}

function lockEvent(seq: number, step: number, champion: number | null): RoomEvent {
  const team = step % 2 === 0 ? "A" : "B";
  return ev(
    seq,
    {
      kind: "lock",
      step,
      team,
      side: team === "A" ? "BLUE" : "RED",
      action_type: "BAN",
      champion_id: champion,
      is_auto: false,
      bank_after_ms: 60_000,
    },
    { role: "captain", team },
  );
}

const seat = { role: "spectator", team: null, plays_for: [] } as const;
const start = (): ClientRoom => roomFromWelcome({ ...seat, plays_for: [] }, snapshot());

describe("applyRoomMessage", () => {
  it("applies the next event, logs it and clears the hover", () => {
    const room = {
      ...start(),
      snapshot: { ...snapshot(), hover: { step: 0, team: "A" as const, champion_id: 7 } },
    };
    const result = applyRoomMessage(room, { type: "event", event: lockEvent(3, 0, 103) });
    expect(result.kind).toBe("ok");
    expect(result.room.snapshot.seq).toBe(3);
    expect(result.room.snapshot.actions).toMatchObject([
      { phase_number: 0, champion_id: 103, team_side: "BLUE" },
    ]);
    expect(result.room.snapshot.hover).toBeNull();
    expect(result.room.log.map((event) => event.seq)).toEqual([3]);
  });

  it("folds each event into the engine's room once: the clock follows the lock without a replay", () => {
    const room = start();
    const result = applyRoomMessage(room, { type: "event", event: lockEvent(3, 0, 103) });
    const state = result.room.state;
    expect(state.draft.actions.map((action) => action.champion_id)).toEqual([103]);
    // The next turn starts at the lock's instant with the team's bank (the server's own rule).
    expect(state.turn_started_ms).toBe(NOW + 3000);
    expect(state.deadline_ms).toBe(NOW + 3000 + 30_000 + 60_000 + 2000);
    expect(result.room.snapshot.clock).toMatchObject({ step: 1, deadline_ms: state.deadline_ms });
  });

  it("asks for a resync after a gap and changes nothing", () => {
    const room = start();
    const result = applyRoomMessage(room, { type: "event", event: lockEvent(5, 0, 103) });
    expect(result).toMatchObject({ kind: "gap", lastSeq: 2 });
    expect(result.room).toBe(room);
  });

  it("a filtered (delayed) feed names the previous event: no false gap, a real one still asks", () => {
    const room = start();
    const applied = applyRoomMessage(room, { type: "event", event: lockEvent(5, 0, 103), prev: 2 });
    expect(applied.kind).toBe("ok");
    expect(applied.room.snapshot.seq).toBe(5);
    expect(applyRoomMessage(room, { type: "event", event: lockEvent(5, 0, 103), prev: 4 })).toMatchObject({
      kind: "gap",
      lastSeq: 2,
    });
  });

  it("follows a correction request and its approval (the lock's champion changes)", () => {
    let room = applyRoomMessage(start(), { type: "event", event: lockEvent(3, 0, 103) }).room;
    const request = ev(
      4,
      {
        kind: "correction_request",
        step: 0,
        team: "A",
        champion_id: 157,
        from_champion_id: 103,
        expires_ms: NOW + 20_000,
      },
      { role: "captain", team: "A" },
    );
    room = applyRoomMessage(room, { type: "event", event: request }).room;
    expect(room.snapshot.correction).toMatchObject({
      step: 0,
      team: "A",
      champion_id: 157,
      outcome: "pending",
    });
    const decision = ev(
      5,
      {
        kind: "correction_decision",
        step: 0,
        team: "A",
        champion_id: 157,
        requested_champion_id: 157,
        outcome: "approved",
      },
      { role: "captain", team: "B" },
    );
    room = applyRoomMessage(room, { type: "event", event: decision }).room;
    expect(room.snapshot.correction?.outcome).toBe("approved");
    expect(room.snapshot.actions.map((action) => action.champion_id)).toEqual([157]);
  });

  it("keeps history events (seq up to the snapshot's) for the log only, once each, in order", () => {
    let room = start();
    room = applyRoomMessage(room, {
      type: "event",
      event: ev(2, { kind: "start", forced: false }),
    }).room;
    const ready = ev(1, { kind: "ready", team: "A", ready: true });
    room = applyRoomMessage(room, { type: "event", event: ready }).room;
    room = applyRoomMessage(room, { type: "event", event: ready }).room;
    expect(room.log.map((event) => event.seq)).toEqual([1, 2]);
    expect(room.snapshot.actions).toEqual([]);
    expect(room.snapshot.seq).toBe(2);
  });

  it("replaces the clock, takes hovers of the step on the clock only, and presence", () => {
    let room = start();
    const clock = { ...snapshot().clock, status: "paused" as const, paused_ms: NOW + 5000 };
    room = applyRoomMessage(room, { type: "clock", seq: 2, clock }).room;
    expect(room.snapshot.clock.status).toBe("paused");
    room = applyRoomMessage(room, { type: "hover", hover: { step: 4, team: "A", champion_id: 9 } }).room;
    expect(room.snapshot.hover).toBeNull();
    room = applyRoomMessage(room, { type: "hover", hover: { step: 0, team: "A", champion_id: 9 } }).room;
    expect(room.snapshot.hover?.champion_id).toBe(9);
    room = applyRoomMessage(room, { type: "presence", seats: [], spectators: 3 }).room;
    expect(room.presence?.spectators).toBe(3);
  });

  it("a snapshot replaces the room and trims the log after it (a rewind)", () => {
    let room = start();
    room = applyRoomMessage(room, { type: "event", event: lockEvent(3, 0, 103) }).room;
    room = applyRoomMessage(room, { type: "snapshot", snapshot: snapshot({ seq: 2 }), server_now: NOW }).room;
    expect(room.snapshot.actions).toEqual([]);
    expect(room.log).toEqual([]);
  });

  it("a series room's next game: the game event is logged, then its snapshot swaps the board and sides", () => {
    const played = applyRoomMessage(start(), { type: "event", event: lockEvent(3, 0, 103) }).room;
    const game = ev(
      4,
      {
        kind: "game",
        game: 2,
        moved: true,
        session_id: "00000000-0000-4000-8000-000000000003",
        from_session_id: "00000000-0000-4000-8000-000000000004",
        team_a_side: "RED",
        winner: "A",
      },
      { role: "organiser", team: null },
    );
    const moved = applyRoomMessage(played, { type: "event", event: game });
    expect(moved.kind).toBe("ok");
    expect(moved.room.snapshot.seq).toBe(4);
    expect(moved.room.snapshot.actions).toHaveLength(1);
    const next = snapshot({
      seq: 4,
      sides: { A: "RED", B: "BLUE" },
      ready: { A: false, B: false },
      actions: [],
      series: {
        id: "00000000-0000-4000-8000-000000000002",
        title: "Finals",
        best_of: 3,
        game: 2,
        team_a_name: "A",
        team_b_name: "B",
        score: { A: 1, B: 0 },
        game_winner: null,
        next: { status: "waiting", number: 2, chooser: null },
      },
    });
    const after = applyRoomMessage(moved.room, { type: "snapshot", snapshot: next, server_now: NOW }).room;
    expect(after.snapshot.sides).toEqual({ A: "RED", B: "BLUE" });
    expect(after.snapshot.actions).toEqual([]);
    expect(after.snapshot.series?.game).toBe(2);
    expect(after.log.map((event) => event.body.kind)).toEqual(["lock", "game"]);
  });

  it("a reconnect's welcome keeps the log up to the new snapshot", () => {
    let room = start();
    room = applyRoomMessage(room, { type: "event", event: lockEvent(3, 0, 103) }).room;
    const again = roomFromWelcome(room.seat, snapshot({ seq: 4 }), room);
    expect(again.log.map((event) => event.seq)).toEqual([3]);
  });
});

describe("the countdown from the server clock", () => {
  it("turn time first, then the bank; paused stands still", () => {
    const state = roomStateOf(snapshot());
    expect(roomCountdown(state, NOW + 10_000)).toMatchObject({
      turn_ms_left: 20_000,
      bank_ms_left: 60_000,
      on_bank: false,
    });
    expect(roomCountdown(state, NOW + 45_000)).toMatchObject({
      turn_ms_left: 0,
      bank_ms_left: 45_000,
      on_bank: true,
    });
    const paused = roomStateOf(
      snapshot({ clock: { ...snapshot().clock, status: "paused", paused_ms: NOW + 5000 } }),
    );
    expect(roomCountdown(paused, NOW + 50_000)).toMatchObject({ turn_ms_left: 25_000, paused: true });
  });

  it("counts the 3 s resume countdown", () => {
    const clock = { ...snapshot().clock, resumes_ms: NOW + 3000, turn_started_ms: NOW + 3000 };
    const state = roomStateOf(snapshot({ clock }));
    expect(roomCountdown(state, NOW + 1000)).toMatchObject({ resumes_in_ms: 2000, turn_ms_left: 30_000 });
  });

  it("offset from ping/pong: the quickest round trip wins, whatever the local clock says", () => {
    // The local clock is 5 minutes behind the server.
    const skew = 300_000;
    const slow = offsetSample(1000, 1400, 1000 + skew + 50);
    const quick = offsetSample(2000, 2020, 2000 + skew + 10);
    expect(quick).toEqual({ offset: skew, rtt: 20 });
    expect(bestOffset([slow, quick])).toBe(skew);
    expect(bestOffset([])).toBeNull();
  });
});
