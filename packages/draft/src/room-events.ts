/**
 * The room's log: one discriminated union of events, each kind with its own payload, stored as
 * `{seq, at, actor, body}` and sent over the socket as is (decision 024). Hovers are not events
 * (ephemeral, decision 018).
 *
 * `applyRoomEvent(state, event)` is the one fold: the state a room reaches is the fold of its log
 * (`reduceRoom` decides which events a command produces and returns them folded here; this module
 * holds every state transition). The server, every client and the tests fold with it; a snapshot
 * is the fold of the log up to a seq. Only type imports from room.ts (room.ts imports this module).
 */
import type { Side } from "./formats.ts";
import type { RoomEventBody, RoomHover, RoomRole, RoomState, RoomTeam } from "./room.ts";
import { clockRanAt, ROOM_RESUME_COUNTDOWN_MS, startClock } from "./room-clock.ts";
import { pendingCorrection, type RoomCorrection, swapChampion } from "./room-correction.ts";
import { applyAction, truncate } from "./state.ts";

/**
 * A seat connected, left, was taken over (a newer `epoch`) or its link was revoked. `link_id` is
 * the link's public id (a uuid), never its row id.
 */
export type RoomSeatEvent = {
  readonly kind: "seat";
  readonly link_id: string;
  readonly role: RoomRole;
  readonly team: RoomTeam | null;
  readonly connected: boolean;
  readonly epoch: number;
  readonly revoked: boolean;
};

/** The organiser changed the spectator delay (`link_id` null: the public view and overlay). */
export type RoomDelayEvent = {
  readonly kind: "delay";
  readonly delay_seconds: number;
  readonly link_id: string | null;
};

/** A series room moved to its next game (`moved`) or recorded a result (decision 012). */
export type RoomGameEvent = {
  readonly kind: "game";
  readonly game: number;
  readonly moved: boolean;
  /** The game's session now, and the one the room leaves (the delayed view folds each apart; null in logs before decision 018). */
  readonly session_id: string;
  readonly from_session_id: string | null;
  /** The side team A plays in the game now. */
  readonly team_a_side: Side;
  /** The winner of the game just recorded, if any. */
  readonly winner: RoomTeam | null;
};

/** Every body the log holds: what `reduceRoom` produces plus the room's own changes. */
export type RoomLogBody = RoomEventBody | RoomSeatEvent | RoomDelayEvent | RoomGameEvent;
export type RoomEventKind = RoomLogBody["kind"];

/** Every kind, in one list (the contracts' schema is checked against it). */
export const ROOM_EVENT_KINDS = [
  "ready",
  "start",
  "lock",
  "pause",
  "resume",
  "rewind",
  "correct",
  "correction_request",
  "correction_decision",
  "complete",
  "outage",
  "seat",
  "delay",
  "game",
] as const satisfies readonly RoomEventKind[];

/** Who caused an event; null for the server's clock (automatic locks, timed-out requests). */
export type RoomActor = { readonly role: RoomRole; readonly team: RoomTeam | null } | null;

/** One entry of the log, as stored and as sent. */
export interface RoomLogEvent<B extends RoomLogBody = RoomLogBody> {
  readonly seq: number;
  /** Database clock, epoch ms. */
  readonly at: number;
  readonly actor: RoomActor;
  readonly body: B;
}

/** The event of a kind (narrowing helper for callers that filter the log). */
export function isRoomEvent<K extends RoomEventKind>(
  event: RoomLogEvent,
  kind: K,
): event is RoomLogEvent<Extract<RoomLogBody, { kind: K }>> {
  return event.body.kind === kind;
}

/**
 * Applies one event at its instant `at` to a room. Pure and total: an event that does not fit
 * (a replayed or foreign one) leaves the room unchanged. Seat, delay and game events do not
 * change the draft's state (a game change brings the next game's own log).
 *
 * @example
 * const next = applyRoomEvent(room, { at: 1000, body: { kind: "pause" } });
 */
export function applyRoomEvent(state: RoomState, event: Pick<RoomLogEvent, "at" | "body">): RoomState {
  const { at, body } = event;
  switch (body.kind) {
    case "ready":
      return { ...state, ready: { ...state.ready, [body.team]: body.ready } };
    case "start":
      return startClock({ ...state, status: "running" }, at);
    case "lock": {
      const applied = applyAction(state.draft, {
        phase_number: body.step,
        action_type: body.action_type,
        team_side: body.side,
        champion_id: body.champion_id,
      });
      if (!applied.ok) return state;
      return startClock(
        { ...state, draft: applied.state, bank_ms: { ...state.bank_ms, [body.team]: body.bank_after_ms } },
        at,
      );
    }
    case "pause":
      // Paused during a resume countdown: the clock stood still until the countdown's end.
      return {
        ...state,
        status: "paused",
        paused_ms: Math.max(at, state.resumes_ms ?? at),
        resumes_ms: null,
      };
    case "resume": {
      if (state.paused_ms === null) return { ...state, status: "running", resumes_ms: body.resumes_ms };
      const shift = Math.max(0, at - state.paused_ms) + ROOM_RESUME_COUNTDOWN_MS;
      return {
        ...state,
        status: "running",
        paused_ms: null,
        resumes_ms: body.resumes_ms,
        turn_started_ms: state.turn_started_ms === null ? null : state.turn_started_ms + shift,
        deadline_ms: state.deadline_ms === null ? null : state.deadline_ms + shift,
      };
    }
    case "rewind": {
      const keep = Math.max(0, Math.min(body.step, state.draft.actions.length));
      const running = state.status === "complete" ? "running" : state.status;
      const rewound: RoomState = { ...state, draft: truncate(state.draft, keep), status: running };
      return running === "running" ? startClock(rewound, at) : { ...rewound, hover: null };
    }
    case "correct": {
      const swapped = swapChampion(state.draft, body.step, body.champion_id);
      return swapped.ok ? { ...state, draft: swapped.draft } : state;
    }
    case "correction_request":
      // The turn clock stands still (shown as paused) until the decision; the deadline is the
      // request's, which the server's timer fires at.
      return {
        ...state,
        correction: {
          step: body.step,
          team: body.team,
          from_champion_id: body.from_champion_id,
          champion_id: body.champion_id,
          requested_ms: at,
          expires_ms: body.expires_ms,
          deadline_ms: state.deadline_ms,
          outcome: "pending",
        },
        paused_ms: at,
        deadline_ms: body.expires_ms,
      };
    case "correction_decision": {
      const pending = pendingCorrection(state);
      if (!pending) return state;
      let next = resumeTurn(state, pending, at);
      if (body.outcome === "approved") {
        const swapped = swapChampion(state.draft, pending.step, pending.champion_id);
        if (swapped.ok) next = { ...next, draft: swapped.draft };
      }
      return { ...next, correction: { ...pending, outcome: body.outcome } };
    }
    case "complete":
      return {
        ...state,
        status: "complete",
        turn_started_ms: null,
        deadline_ms: null,
        resumes_ms: null,
        hover: null,
      };
    case "outage":
      return holdClock(state, body.from_ms, at);
    case "seat":
    case "delay":
    case "game":
      return state;
  }
}

/**
 * The room after the database was unreachable from `fromMs` until `atMs` (decision 049): whatever
 * was counting down at `fromMs` (the turn and its bank, a resume countdown, a pending correction
 * request's window) counts on from where it stood, so nobody loses time to the outage.
 */
function holdClock(state: RoomState, fromMs: number, atMs: number): RoomState {
  if (!clockRanAt(state, fromMs) || state.deadline_ms === null) return state;
  const pending = pendingCorrection(state);
  if (pending) {
    const held = Math.max(0, atMs - Math.max(fromMs, pending.requested_ms));
    return {
      ...state,
      deadline_ms: state.deadline_ms + held,
      correction: { ...pending, expires_ms: pending.expires_ms + held },
    };
  }
  // A turn that started after the outage began (another process's last lock) stood still from its start.
  const held = Math.max(0, atMs - Math.max(fromMs, state.turn_started_ms ?? fromMs));
  return {
    ...state,
    turn_started_ms: state.turn_started_ms === null ? null : state.turn_started_ms + held,
    deadline_ms: state.deadline_ms + held,
    resumes_ms:
      state.resumes_ms !== null && state.resumes_ms > fromMs ? state.resumes_ms + held : state.resumes_ms,
  };
}

/** The room after a correction's decision at `atMs`: the turn clock resumes, shifted by the time it stood. */
function resumeTurn(state: RoomState, correction: RoomCorrection, atMs: number): RoomState {
  const shift = Math.max(0, atMs - correction.requested_ms);
  return {
    ...state,
    paused_ms: null,
    turn_started_ms: state.turn_started_ms === null ? null : state.turn_started_ms + shift,
    deadline_ms: correction.deadline_ms === null ? null : correction.deadline_ms + shift,
  };
}

/**
 * A hover on a room: never logged (decision 018) but kept in the state, where an expiry reads it;
 * the next turn's clock drops it (`startClock`). The one way a hover enters a room's state:
 * `reduceRoom`'s hover; on the server, the room's latest hover before a socket's hover is checked
 * and before an expiry; on a client, a hover message.
 *
 * @example
 * const hovered = applyRoomHover(room, { step: 3, team: "B", champion_id: 157 });
 */
export function applyRoomHover(state: RoomState, hover: RoomHover | null): RoomState {
  return { ...state, hover };
}

/** The room after a run of events (a snapshot is the fold of the log up to a seq). */
export function foldRoomEvents(
  state: RoomState,
  events: Iterable<Pick<RoomLogEvent, "at" | "body">>,
): RoomState {
  let next = state;
  for (const event of events) next = applyRoomEvent(next, event);
  return next;
}
