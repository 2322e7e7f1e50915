import type {
  DraftAction,
  RoomClock,
  RoomEvent,
  RoomSeatInfo,
  RoomServerMessage,
  RoomSnapshot,
} from "@draftroom/contracts";
import {
  applyRoomEvent,
  applyRoomHover,
  buildFormat,
  type DraftFormat,
  type DraftState,
  describeDraft,
  type RoomState,
  type RoomTeam,
  roomClock,
  roomFromRecord,
  type Side,
  sortActions,
} from "@draftroom/draft";
import type { BoardAction, BoardState } from "../utils/board.ts";
import { applyTeamMessage, EMPTY_TEAM_CHANNEL, isTeamMessage, type TeamChannelState } from "./team-state.ts";

/** Who is connected (captains and organiser) and how many watch. */
export interface RoomPresence {
  seats: { role: RoomSeatInfo["role"]; team: RoomTeam | null; connected: boolean }[];
  spectators: number;
}

/** What the room page knows of a room: the last snapshot plus every event and clock since. */
export interface ClientRoom {
  seat: RoomSeatInfo;
  snapshot: RoomSnapshot;
  /**
   * The engine's room: built once from a snapshot, then folded one event at a time with
   * `applyRoomEvent` (the fold the server uses). Permissions (`can`) and the clock read it.
   */
  state: RoomState;
  /** The log as this client saw it (oldest first), for the event list. */
  log: RoomEvent[];
  presence: RoomPresence | null;
  /** The team's private channel (captains and members) or the roster (organiser). */
  team: TeamChannelState;
  /** A delayed spectator's delay in seconds (0: live). */
  delaySeconds: number;
}

export type RoomMessageResult =
  | { kind: "ok"; room: ClientRoom }
  /** An event arrived after a gap (or the log cannot be trusted): ask for what was missed. */
  | { kind: "gap"; room: ClientRoom; lastSeq: number };

/** A room from the server's `welcome`. */
export function roomFromWelcome(
  seat: RoomSeatInfo,
  snapshot: RoomSnapshot,
  previous?: ClientRoom,
  delaySeconds = 0,
): ClientRoom {
  // A reconnect keeps the log it had up to the snapshot.
  const log = (previous?.log ?? []).filter((event) => event.seq <= snapshot.seq);
  return {
    seat,
    snapshot,
    state: roomStateOf(snapshot),
    log,
    presence: previous?.presence ?? null,
    team: previous?.team ?? EMPTY_TEAM_CHANNEL,
    delaySeconds,
  };
}

/**
 * One event, one fold step: the engine's room (`applyRoomEvent`, the server's own fold) and the
 * snapshot fields the page draws from it. No replay: a lock applies one action.
 */
function applyEvent(room: ClientRoom, event: RoomEvent): Pick<ClientRoom, "snapshot" | "state"> {
  const state = applyRoomEvent(room.state, event);
  const body = event.body;
  const before = room.snapshot;
  let actions = before.actions;
  if (body.kind === "lock") {
    const action: DraftAction = {
      id: -event.seq,
      phase_number: body.step,
      action_type: body.action_type,
      team_side: body.side,
      champion_id: body.champion_id,
      champion: null,
      is_auto: body.is_auto,
      created_at: new Date(event.at).toISOString(),
    };
    actions = [...actions.filter((item) => item.phase_number < body.step), action];
  } else if (body.kind === "rewind") {
    actions = actions.filter((item) => item.phase_number < body.step);
  } else if (
    body.kind === "correct" ||
    (body.kind === "correction_decision" && body.outcome === "approved" && body.champion_id !== null)
  ) {
    const championId = body.champion_id;
    actions = actions.map((item) =>
      item.phase_number === body.step ? { ...item, champion_id: championId, champion: null } : item,
    );
  }
  const stepChanged = actions !== before.actions || state.status !== room.state.status;
  const snapshot: RoomSnapshot = {
    ...before,
    seq: event.seq,
    ready: state.ready,
    actions,
    correction: state.correction ?? null,
    hover: stepChanged ? null : before.hover,
    clock: {
      ...before.clock,
      status: state.status,
      step: state.status === "complete" ? null : state.draft.actions.length,
      bank_ms: state.bank_ms,
      turn_started_ms: state.turn_started_ms,
      deadline_ms: state.deadline_ms,
      paused_ms: state.paused_ms,
      resumes_ms: state.resumes_ms,
    },
  };
  return { snapshot, state };
}

/** The clock the server sent, in the engine's room too. */
function withClock(state: RoomState, clock: RoomClock): RoomState {
  return {
    ...state,
    status: clock.status,
    bank_ms: clock.bank_ms,
    turn_started_ms: clock.turn_started_ms,
    deadline_ms: clock.deadline_ms,
    paused_ms: clock.paused_ms,
    resumes_ms: clock.resumes_ms,
  };
}

/**
 * Applies one server message to the room. Events must arrive in `seq` order: an event already
 * seen is ignored, one after a gap asks for a resync. Clocks, hovers and presence replace what
 * was there; a snapshot replaces everything but the log.
 */
export function applyRoomMessage(room: ClientRoom, message: RoomServerMessage): RoomMessageResult {
  if (isTeamMessage(message))
    return { kind: "ok", room: { ...room, team: applyTeamMessage(room.team, message) } };
  switch (message.type) {
    case "event": {
      const event = message.event;
      const seq = room.snapshot.seq;
      if (event.seq <= seq) {
        // History sent on connect (already in the snapshot): keep it for the log only.
        if (room.log.some((item) => item.seq === event.seq)) return { kind: "ok", room };
        const log = [...room.log, event].sort((a, b) => a.seq - b.seq);
        return { kind: "ok", room: { ...room, log } };
      }
      // A filtered feed (a delayed spectator) names the event before this one on the socket.
      const previous = message.prev ?? event.seq - 1;
      if (previous > seq) return { kind: "gap", room, lastSeq: seq };
      return { kind: "ok", room: { ...room, ...applyEvent(room, event), log: [...room.log, event] } };
    }
    case "clock": {
      if (message.seq < room.snapshot.seq) return { kind: "ok", room };
      const clock: RoomClock = message.clock;
      return {
        kind: "ok",
        room: { ...room, snapshot: { ...room.snapshot, clock }, state: withClock(room.state, clock) },
      };
    }
    case "hover": {
      const hover = message.hover;
      if (room.snapshot.clock.step !== hover.step) return { kind: "ok", room };
      return {
        kind: "ok",
        room: { ...room, snapshot: { ...room.snapshot, hover }, state: applyRoomHover(room.state, hover) },
      };
    }
    case "snapshot": {
      const log = room.log.filter((event) => event.seq <= message.snapshot.seq);
      return {
        kind: "ok",
        room: { ...room, snapshot: message.snapshot, state: roomStateOf(message.snapshot), log },
      };
    }
    case "presence":
      return {
        kind: "ok",
        room: { ...room, presence: { seats: message.seats, spectators: message.spectators } },
      };
    default:
      return { kind: "ok", room };
  }
}

/**
 * The engine's room state of a snapshot (for the clock arithmetic and the rules): the one replay,
 * done when a snapshot arrives; events then fold onto it.
 */
export function roomStateOf(snapshot: RoomSnapshot): RoomState {
  const { clock } = snapshot;
  let format: DraftFormat | undefined;
  try {
    format = snapshot.session.format ? buildFormat(snapshot.session.format) : undefined;
  } catch {
    format = undefined;
  }
  return roomFromRecord(
    {
      mode: snapshot.mode,
      status: clock.status,
      sides: snapshot.sides,
      ready: snapshot.ready,
      turn_ms: clock.turn_ms,
      bank_ms: clock.bank_ms,
      turn_started_ms: clock.turn_started_ms,
      deadline_ms: clock.deadline_ms,
      paused_ms: clock.paused_ms,
      resumes_ms: clock.resumes_ms,
      hover: snapshot.hover,
      correction: snapshot.correction ?? null,
    },
    snapshot.actions,
    format ? { format } : {},
  );
}

/** The countdown at the server instant `serverNowMs` (`Date.now() + offset`). */
export function roomCountdown(state: RoomState, serverNowMs: number) {
  const clock = roomClock(state, serverNowMs);
  if (!clock) return null;
  const resumesInMs =
    state.resumes_ms !== null && state.status === "running" ? Math.max(0, state.resumes_ms - serverNowMs) : 0;
  return { ...clock, resumes_in_ms: resumesInMs, on_bank: clock.turn_ms_left <= 0 };
}

/**
 * The board of a folded room: its draft as it is (no replay) with the snapshot's actions (ids,
 * times) for the timeline. `actions` must be the ones the draft was folded from.
 */
export function boardFromDraft(draft: DraftState, actions: readonly BoardAction[]): BoardState {
  const summary = describeDraft(draft);
  return {
    state: draft,
    actions: sortActions(actions),
    next: summary.next_step,
    count: summary.current_step,
    complete: summary.status === "complete",
  };
}

/**
 * The team whose private seat this is (decision 010): a live room's captain or member shares its
 * team's channel and plan; everyone else (and a solo room) has none.
 */
export function teamSeatOf(seat: RoomSeatInfo, mode: RoomSnapshot["mode"]): RoomTeam | null {
  return (seat.role === "captain" || seat.role === "member") && mode === "live" ? seat.team : null;
}

/** The team playing a side. */
export function teamOf(snapshot: Pick<RoomSnapshot, "sides">, side: Side): RoomTeam {
  return snapshot.sides.A === side ? "A" : "B";
}

/**
 * Clock offset from one `ping`/`pong`: the server's time minus the local time at the middle of
 * the round trip. `samples` keeps the ones with the shortest round trips (the most precise).
 */
export function offsetSample(t0: number, t1: number, serverNow: number): { offset: number; rtt: number } {
  const rtt = Math.max(0, t1 - t0);
  return { offset: serverNow - (t0 + rtt / 2), rtt };
}

/** The offset to use: that of the quickest round trip seen (its error is at most rtt / 2). */
export function bestOffset(samples: readonly { offset: number; rtt: number }[]): number | null {
  let best: { offset: number; rtt: number } | null = null;
  for (const sample of samples) if (!best || sample.rtt < best.rtt) best = sample;
  return best?.offset ?? null;
}
