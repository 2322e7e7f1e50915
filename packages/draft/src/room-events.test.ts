import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createRoom,
  ROOM_GRACE_MS,
  type RoomCommand,
  type RoomSeat,
  type RoomState,
  reduceRoom,
  roomTurn,
} from "./room.ts";
import {
  applyRoomEvent,
  foldRoomEvents,
  ROOM_EVENT_KINDS,
  type RoomEventKind,
  type RoomLogEvent,
} from "./room-events.ts";
import { delayedPrefix } from "./spectator-delay.ts";

const A: RoomSeat = { role: "captain", team: "A" };
const B: RoomSeat = { role: "captain", team: "B" };
const ORGANISER: RoomSeat = { role: "organiser", team: null };
const POOL = Array.from({ length: 30 }, (_, i) => i + 1);

const live = (): RoomState =>
  createRoom({ mode: "live", turn_ms: 20_000, bank_ms: 30_000 }, { championIds: POOL });

type Move = { seat: RoomSeat | "system"; command: RoomCommand; gap: number };

/** Commands a room sees: seats acting on the step on the clock (or a stale one), and the clock. */
const move: fc.Arbitrary<Move> = fc.record({
  seat: fc.constantFrom<RoomSeat | "system">(A, B, ORGANISER, "system"),
  gap: fc.oneof(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 60_000 })),
  command: fc.oneof(
    fc.record({ type: fc.constant("ready" as const), ready: fc.boolean() }),
    fc.constant({ type: "start" as const }),
    fc.constant({ type: "pause" as const }),
    fc.constant({ type: "resume" as const }),
    fc.record({
      type: fc.constant("lock" as const),
      step: fc.integer({ min: 0, max: 20 }),
      champion_id: fc.option(fc.integer({ min: 1, max: 32 }), { nil: null }),
    }),
    fc.record({ type: fc.constant("rewind" as const), step: fc.integer({ min: 0, max: 20 }) }),
    fc.record({
      type: fc.constant("correct" as const),
      step: fc.integer({ min: 0, max: 20 }),
      champion_id: fc.integer({ min: 1, max: 30 }),
    }),
    fc.record({
      type: fc.constant("request_correction" as const),
      step: fc.integer({ min: 0, max: 20 }),
      champion_id: fc.integer({ min: 1, max: 30 }),
    }),
    fc.record({
      type: fc.constant("decide_correction" as const),
      step: fc.integer({ min: 0, max: 20 }),
      approve: fc.boolean(),
    }),
    fc.record({ type: fc.constant("expire" as const), ranked: fc.constant(POOL) }),
    fc.record({ type: fc.constant("outage" as const), from_ms: fc.integer({ min: 0, max: 400_000 }) }),
  ),
});

/** A lock on the step on the clock (random commands would rarely hit it). */
function aimed(room: RoomState, m: Move): Move {
  if (m.command.type !== "lock" && m.command.type !== "request_correction") return m;
  const step = m.command.type === "lock" ? room.draft.actions.length : room.draft.actions.length - 1;
  return m.command.step % 3 === 0 ? m : { ...m, command: { ...m.command, step } };
}

describe("applyRoomEvent: one fold", () => {
  it("lists every kind once", () => {
    expectTypeOf<(typeof ROOM_EVENT_KINDS)[number]>().toEqualTypeOf<RoomEventKind>();
    expect(new Set(ROOM_EVENT_KINDS).size).toBe(ROOM_EVENT_KINDS.length);
  });

  it("folds a lock to the reducer's state in one step", () => {
    let room = reduceRoom(live(), ORGANISER, { type: "start" }, 1000);
    if (!room.ok) throw new Error(room.code);
    const locked = reduceRoom(room.state, A, { type: "lock", step: 0, champion_id: 7 }, 5000);
    if (!locked.ok) throw new Error(locked.code);
    const folded = applyRoomEvent(room.state, { at: 5000, body: locked.events[0]! });
    expect(folded).toEqual(locked.state);
    expect(folded.deadline_ms).toBe(5000 + 20_000 + 30_000 + ROOM_GRACE_MS);
    room = locked;
  });

  it("folds a pause during the resume countdown and a correction like the reducer", () => {
    const steps: Array<[RoomSeat, RoomCommand, number]> = [
      [ORGANISER, { type: "start" }, 0],
      [ORGANISER, { type: "pause" }, 1000],
      [ORGANISER, { type: "resume" }, 5000],
      [ORGANISER, { type: "pause" }, 6000],
      [ORGANISER, { type: "resume" }, 9000],
      [A, { type: "lock", step: 0, champion_id: 3 }, 13_000],
      [A, { type: "request_correction", step: 0, champion_id: 4 }, 14_000],
      [B, { type: "decide_correction", step: 0, approve: true }, 16_000],
    ];
    let server = live();
    let client = live();
    for (const [seat, command, at] of steps) {
      const outcome = reduceRoom(server, seat, command, at);
      if (!outcome.ok) throw new Error(`${command.type}: ${outcome.code}`);
      server = outcome.state;
      client = foldRoomEvents(
        client,
        outcome.events.map((body) => ({ at, body })),
      );
      expect(client).toEqual(server);
    }
    expect(client.draft.actions[0]?.champion_id).toBe(4);
  });

  it("server path and client path agree for any command sequence (seeded)", () => {
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 60 }), (moves) => {
        // Server path: the reducer's own state after each command.
        let server = live();
        // Client path: the initial room, then each stored event folded one at a time.
        let client = live();
        const log: RoomLogEvent[] = [];
        let now = 1000;
        for (const raw of moves) {
          now += raw.gap;
          const m = aimed(server, raw);
          const outcome = reduceRoom(server, m.seat, m.command, now);
          if (!outcome.ok) continue;
          server = outcome.state;
          for (const body of outcome.events) {
            const event: RoomLogEvent = {
              seq: log.length + 1,
              at: now,
              actor: m.seat === "system" ? null : { role: m.seat.role, team: m.seat.team },
              body,
            };
            log.push(event);
            client = applyRoomEvent(client, event);
          }
          // Hovers are not events: the reducer's hover is cleared by the next turn on both paths.
          expect({ ...client, hover: null }).toEqual({ ...server, hover: null });
        }
        // A snapshot is the fold of the log up to a seq.
        expect({ ...foldRoomEvents(live(), log), hover: null }).toEqual({ ...server, hover: null });
      }),
      { seed: 2024, numRuns: 300 },
    );
  });

  it("a delayed view never holds an event younger than the delay", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 300_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        (gaps, delayMs, probe) => {
          let at = 0;
          const log = gaps.map((gap, index) => {
            at += gap;
            return { seq: index + 1, at, kind: index % 4 === 0 ? "seat" : "lock" };
          });
          const now = probe;
          const shown = delayedPrefix(log, now, delayMs);
          for (const event of shown) expect(event.at + delayMs).toBeLessThanOrEqual(now);
          // Nothing private, and in order without gaps among the visible.
          expect(shown.every((event) => event.kind !== "seat")).toBe(true);
          const due = log.filter((event) => event.at + delayMs <= now && event.kind !== "seat");
          expect(shown).toEqual(due);
        },
      ),
      { seed: 18, numRuns: 300 },
    );
  });
});

describe("reduceRoom decides, applyRoomEvent applies", () => {
  const SPECTATOR: RoomSeat = { role: "spectator", team: null };
  const MEMBER_A: RoomSeat = { role: "member", team: "A" };
  const seats: readonly (RoomSeat | "system")[] = [A, B, ORGANISER, SPECTATOR, MEMBER_A, "system"];

  /** Any command from any seat; `aim` points it at the step on the clock (or the last lock). */
  const anyMove = fc.record({
    seat: fc.constantFrom(...seats),
    gap: fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 3000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
    ),
    aim: fc.boolean(),
    command: fc.oneof(
      move.map((m) => m.command),
      fc.record({
        type: fc.constant("hover" as const),
        step: fc.integer({ min: 0, max: 20 }),
        champion_id: fc.option(fc.integer({ min: 1, max: 32 }), { nil: null }),
      }),
    ),
  });

  /** A room to start from: live in the lobby, or solo, with some steps already locked. */
  function startingRoom(solo: boolean, locked: number): RoomState {
    let room = solo
      ? createRoom({ mode: "solo", turn_ms: 20_000, bank_ms: 30_000 }, { championIds: POOL }, 1000)
      : live();
    if (!solo && locked > 0) room = expectOk(reduceRoom(room, ORGANISER, { type: "start" }, 1000));
    for (let step = 0; step < locked; step++) {
      const team = roomTurn(room)!.team;
      const seat: RoomSeat = solo ? ORGANISER : { role: "captain", team };
      room = expectOk(reduceRoom(room, seat, { type: "lock", step, champion_id: step + 1 }, 1000));
    }
    return room;
  }

  function expectOk(outcome: ReturnType<typeof reduceRoom>): RoomState {
    if (!outcome.ok) throw new Error(outcome.code);
    return outcome.state;
  }

  type AnyMove = typeof anyMove extends fc.Arbitrary<infer M> ? M : never;

  /** The host's deep copy (Node's global: this package's types name no host). */
  const deepCopy = (globalThis as unknown as { structuredClone: <T>(value: T) => T }).structuredClone;

  function aim(room: RoomState, m: AnyMove): { seat: RoomSeat | "system"; command: RoomCommand } {
    const command = m.command as RoomCommand;
    if (!m.aim) return { seat: m.seat, command };
    const turn = roomTurn(room);
    const onClock: RoomSeat | null = !turn
      ? null
      : room.mode === "solo"
        ? ORGANISER
        : { role: "captain", team: turn.team };
    switch (command.type) {
      case "hover":
      case "lock":
        return { seat: onClock ?? m.seat, command: { ...command, step: room.draft.actions.length } };
      case "request_correction": {
        // The captain of the team that made the last lock.
        const last = room.draft.actions.at(-1);
        const team = last && (room.sides.A === last.team_side ? "A" : "B");
        const seat: RoomSeat | "system" = team ? { role: "captain", team } : m.seat;
        return { seat, command: { ...command, step: room.draft.actions.length - 1 } };
      }
      case "decide_correction": {
        // The other captain.
        const asking = room.correction?.team;
        const seat: RoomSeat | "system" = asking
          ? { role: "captain", team: asking === "A" ? "B" : "A" }
          : m.seat;
        return { seat, command: { ...command, step: room.correction?.step ?? command.step } };
      }
      default:
        return { seat: m.seat, command };
    }
  }

  it("returns its events folded at nowMs (plus its hover); a refusal logs nothing and changes nothing", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 19 }),
        fc.array(anyMove, { minLength: 20, maxLength: 120 }),
        (solo, locked, moves) => {
          let room = startingRoom(solo, locked);
          let now = 1000;
          for (const raw of moves) {
            now += raw.gap;
            const { seat, command } = aim(room, raw);
            const before = deepCopy(room);
            const outcome = reduceRoom(room, seat, command, now);
            if (!outcome.ok) {
              seen.add("refused");
              expect(Object.keys(outcome).sort()).toEqual(["code", "ok"]);
              expect(room).toEqual(before);
              continue;
            }
            const folded = foldRoomEvents(
              room,
              outcome.events.map((body) => ({ at: now, body })),
            );
            // A hover is the one change that is not an event: it rides on the folded state.
            expect(outcome.state).toEqual(outcome.hover ? { ...folded, hover: outcome.hover } : folded);
            if (command.type === "hover") {
              expect(outcome.events).toEqual([]);
              expect(outcome.hover).toEqual({
                step: room.draft.actions.length,
                team: roomTurn(room)!.team,
                champion_id: command.champion_id,
              });
              seen.add("hover");
            } else {
              expect(outcome.hover).toBeUndefined();
              expect(outcome.events.length).toBeGreaterThan(0);
            }
            for (const body of outcome.events) {
              seen.add(body.kind === "correction_decision" ? `${body.kind}:${body.outcome}` : body.kind);
            }
            room = outcome.state;
          }
        },
      ),
      { seed: 32, numRuns: 400 },
    );
    // The sequences reached every kind a command produces, every decision and both other paths.
    expect([...seen].sort()).toEqual(
      [
        ...ROOM_EVENT_KINDS.filter(
          (kind) => !["seat", "delay", "game", "correction_decision"].includes(kind),
        ),
        "correction_decision:approved",
        "correction_decision:denied",
        "correction_decision:timed_out",
        "hover",
        "refused",
      ].sort(),
    );
  });
});

describe("an outage holds the clock (decision 049)", () => {
  const SYSTEM = "system" as const;

  /** A live room started at `at`, step 0 (team A) on the clock: 20 s turn, 30 s bank, 2 s grace. */
  function running(at = 1000): RoomState {
    const started = reduceRoom(live(), ORGANISER, { type: "start" }, at);
    if (!started.ok) throw new Error(started.code);
    return started.state;
  }

  it("gives the team on the clock back the time the outage took, even past its old deadline", () => {
    const room = running(1000);
    const oldDeadline = room.deadline_ms!;
    // The database went away 10 s into the turn and came back 60 s later: past the old deadline.
    const outage = reduceRoom(room, SYSTEM, { type: "outage", from_ms: 11_000 }, 71_000);
    if (!outage.ok) throw new Error(outage.code);
    expect(outage.events).toEqual([{ kind: "outage", from_ms: 11_000 }]);
    expect(outage.state.deadline_ms).toBe(oldDeadline + 60_000);
    expect(outage.state.turn_started_ms).toBe(61_000);
    // What the clock showed when the outage began is what it shows when the database is back.
    const left = (state: RoomState, at: number) => (state.deadline_ms ?? 0) - at;
    expect(left(outage.state, 71_000)).toBe(left(room, 11_000));
    // Nothing expires at the old deadline, and the captain's lock is on time.
    expect(reduceRoom(outage.state, SYSTEM, { type: "expire", ranked: POOL }, oldDeadline + 1)).toEqual({
      ok: false,
      code: "not_expired",
    });
    const lock = reduceRoom(outage.state, A, { type: "lock", step: 0, champion_id: 5 }, 72_000);
    expect(lock.ok).toBe(true);
    // The fold of the stored event is the reducer's state (every client shows the same clock).
    expect(applyRoomEvent(room, { at: 71_000, body: outage.events[0]! })).toEqual(outage.state);
  });

  it("gives back nothing when nothing was counting down as the outage began", () => {
    const room = running(1000);
    const refused = { ok: false, code: "not_expired" };
    // The deadline had already passed when the outage began: the expiry applies as usual.
    expect(reduceRoom(room, SYSTEM, { type: "outage", from_ms: room.deadline_ms! + 1 }, 99_000)).toEqual(
      refused,
    );
    // A lobby, a paused room and an untimed solo room have no clock running.
    expect(reduceRoom(live(), SYSTEM, { type: "outage", from_ms: 500 }, 5000)).toEqual(refused);
    const paused = reduceRoom(room, ORGANISER, { type: "pause" }, 2000);
    if (!paused.ok) throw new Error(paused.code);
    expect(reduceRoom(paused.state, SYSTEM, { type: "outage", from_ms: 3000 }, 9000)).toEqual(refused);
    const solo = createRoom({ mode: "solo", turn_ms: 0, bank_ms: 0 }, { championIds: POOL }, 1000);
    expect(reduceRoom(solo, SYSTEM, { type: "outage", from_ms: 2000 }, 9000)).toEqual(refused);
    // Only the server's clock reports an outage.
    expect(reduceRoom(room, ORGANISER, { type: "outage", from_ms: 2000 }, 9000)).toEqual({
      ok: false,
      code: "seat_not_allowed",
    });
  });

  it("holds a pending correction request's window, and the turn behind it", () => {
    let room = running(1000);
    const locked = reduceRoom(room, A, { type: "lock", step: 0, champion_id: 3 }, 2000);
    if (!locked.ok) throw new Error(locked.code);
    const asked = reduceRoom(locked.state, A, { type: "request_correction", step: 0, champion_id: 4 }, 3000);
    if (!asked.ok) throw new Error(asked.code);
    room = asked.state;
    const expires = room.correction!.expires_ms;
    const outage = reduceRoom(room, SYSTEM, { type: "outage", from_ms: 4000 }, 9000);
    if (!outage.ok) throw new Error(outage.code);
    expect(outage.state.correction!.expires_ms).toBe(expires + 5000);
    expect(outage.state.deadline_ms).toBe(expires + 5000);
    // The request does not time out at its old instant.
    expect(reduceRoom(outage.state, SYSTEM, { type: "expire", ranked: POOL }, expires + 1)).toMatchObject({
      ok: false,
    });
    // Once decided, the turn resumes with the time it had when the request came.
    const decided = reduceRoom(
      outage.state,
      B,
      { type: "decide_correction", step: 0, approve: false },
      10_000,
    );
    if (!decided.ok) throw new Error(decided.code);
    expect((decided.state.deadline_ms ?? 0) - 10_000).toBe((locked.state.deadline_ms ?? 0) - 3000);
  });
});
