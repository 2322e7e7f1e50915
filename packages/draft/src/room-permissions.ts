/**
 * What a seat may do in a room right now, read from the room's state by the same rules the
 * reducer applies (`checkTurn`, `correctionRequestable`, `correctionDecidable`, and `reduceRoom`
 * itself for the organiser's commands): a client shows a button exactly when the server would
 * accept its command, and never re-derives a rule.
 */
import {
  checkTurn,
  correctionDecidable,
  correctionRequestable,
  type RoomSeat,
  type RoomState,
  reduceRoom,
} from "./room.ts";

export interface RoomPermissions {
  /** Lock (and hover) the step on the clock: the captain of the team on the clock. */
  readonly lock: boolean;
  /** Suggest for the step on the clock: a member of the team on the clock (decision 010). */
  readonly suggest: boolean;
  /** The step of its team's last lock this captain may ask to change, or null. */
  readonly askCorrection: number | null;
  /** Approve or deny the pending correction request. */
  readonly decideCorrection: boolean;
  readonly ready: boolean;
  readonly start: boolean;
  readonly pause: boolean;
  readonly resume: boolean;
}

/**
 * The seat's permissions at `nowMs` (the server's clock; a client passes `Date.now() + offset`).
 *
 * @example
 * can({ role: "captain", team: "A" }, room, now).lock; // true when team A is on the clock
 */
export function can(seat: RoomSeat, state: RoomState, nowMs: number): RoomPermissions {
  const accepts = (command: Parameters<typeof reduceRoom>[2]) => reduceRoom(state, seat, command, nowMs).ok;
  const turn = checkTurn(state, seat, null, nowMs);
  const memberTurn =
    seat.role === "member" && seat.team !== null
      ? checkTurn(state, { role: "captain", team: seat.team }, null, nowMs).ok
      : false;
  const request = correctionRequestable(state, seat, nowMs);
  return {
    lock: turn.ok,
    suggest: memberTurn,
    askCorrection: request.ok ? request.step : null,
    decideCorrection: correctionDecidable(state, seat, nowMs).ok,
    ready:
      seat.role === "captain" && accepts({ type: "ready", ready: !(seat.team && state.ready[seat.team]) }),
    start: accepts({ type: "start" }),
    pause: accepts({ type: "pause" }),
    resume: accepts({ type: "resume" }),
  };
}
