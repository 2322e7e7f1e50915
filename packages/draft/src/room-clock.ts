/**
 * The room's turn clock: which team plays the step on the clock, and when that step started and
 * times out. Both the reducer (room.ts, which decides) and the fold (room-events.ts, which applies)
 * read it, so it sits below both: only type imports from room.ts (room.ts imports this module).
 */
import { type DraftStep, type Side, TIMER_GRACE_SECONDS } from "./formats.ts";
import type { RoomRecord, RoomState, RoomTeam } from "./room.ts";
import { nextStep } from "./state.ts";

/** Seconds past a deadline before the server applies it (the tournament's grace). */
export const ROOM_GRACE_MS = TIMER_GRACE_SECONDS * 1000;
/** Countdown between the organiser's resume and the clock running again. */
export const ROOM_RESUME_COUNTDOWN_MS = 3000;

/**
 * The team playing a side in this room.
 *
 * @example
 * teamOfSide(room, "RED"); // "B"
 */
export function teamOfSide(state: Pick<RoomRecord, "sides">, side: Side): RoomTeam {
  return state.sides.A === side ? "A" : "B";
}

/**
 * The step on the clock and the team that plays it, or null when the draft is complete.
 *
 * @example
 * roomTurn(room); // { step: { index: 3, side: "RED", type: "BAN", … }, team: "B" }
 */
export function roomTurn(state: RoomState): { step: DraftStep; team: RoomTeam } | null {
  const step = nextStep(state.draft);
  return step ? { step, team: teamOfSide(state, step.side) } : null;
}

/** The deadline of the step on the clock for a turn that started at `startedMs`. */
function deadlineFor(state: RoomState, startedMs: number): number | null {
  if (state.turn_ms <= 0) return null;
  const turn = roomTurn(state);
  if (!turn) return null;
  return startedMs + state.turn_ms + state.bank_ms[turn.team] + ROOM_GRACE_MS;
}

/**
 * The clock of the step on the clock started at `nowMs` (or the room complete when no step is
 * left). A new turn drops the last one's hover. Used by `createRoom` (a solo room runs at once)
 * and by the fold (`applyRoomEvent`: a start, a lock, a rewind).
 *
 * @example
 * startClock(room, 5000).deadline_ms; // 5000 + turn + the team's bank + grace
 */
export function startClock(state: RoomState, nowMs: number): RoomState {
  if (!roomTurn(state)) {
    return {
      ...state,
      status: "complete",
      turn_started_ms: null,
      deadline_ms: null,
      resumes_ms: null,
      hover: null,
    };
  }
  return {
    ...state,
    turn_started_ms: nowMs,
    deadline_ms: deadlineFor(state, nowMs),
    resumes_ms: null,
    hover: null,
  };
}

/**
 * Was something counting down at `atMs`: the step on the clock (or a pending correction request's
 * window, or a resume countdown) running with its deadline still ahead. A paused room's is not.
 *
 * @example
 * clockRanAt(room, outageStartMs); // true: the outage took time from the team on the clock
 */
export function clockRanAt(state: Pick<RoomRecord, "status" | "deadline_ms">, atMs: number): boolean {
  return state.status === "running" && state.deadline_ms !== null && state.deadline_ms > atMs;
}
