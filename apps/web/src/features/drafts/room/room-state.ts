import type {
  DraftAction,
  RoomClock,
  RoomEvent,
  RoomSeatInfo,
  RoomServerMessage,
  RoomSnapshot,
} from "@draftroom/contracts";
import { type RoomState, type RoomTeam, roomClock, roomFromRecord, type Side } from "@draftroom/draft";
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
    log,
    presence: previous?.presence ?? null,
    team: previous?.team ?? EMPTY_TEAM_CHANNEL,
    delaySeconds,
  };
}

function applyEvent(snapshot: RoomSnapshot, event: RoomEvent): RoomSnapshot {
  const next: RoomSnapshot = { ...snapshot, seq: event.seq };
  switch (event.kind) {
    case "ready": {
      if (!event.team) return next;
      return { ...next, ready: { ...snapshot.ready, [event.team]: event.data.ready === true } };
    }
    case "lock": {
      if (event.step === null || event.side === null || event.action_type === null) return next;
      const action: DraftAction = {
        id: -event.seq,
        phase_number: event.step,
        action_type: event.action_type,
        team_side: event.side,
        champion_id: event.champion_id,
        champion: null,
        is_auto: event.is_auto,
        created_at: new Date(event.at).toISOString(),
      };
      const actions = snapshot.actions.filter((item) => item.phase_number < event.step!);
      return { ...next, actions: [...actions, action], hover: null };
    }
    case "rewind": {
      if (event.step === null) return next;
      return {
        ...next,
        actions: snapshot.actions.filter((item) => item.phase_number < event.step!),
        hover: null,
      };
    }
    case "correction_request": {
      if (event.step === null || event.team === null || event.champion_id === null) return next;
      const expires = Number(event.data.expires_ms);
      return {
        ...next,
        correction: {
          step: event.step,
          team: event.team,
          from_champion_id:
            typeof event.data.from_champion_id === "number" ? event.data.from_champion_id : null,
          champion_id: event.champion_id,
          requested_ms: event.at,
          expires_ms: Number.isFinite(expires) ? expires : event.at,
          deadline_ms: event.deadline_ms,
          outcome: "pending",
        },
      };
    }
    case "correction_decision": {
      const outcome = event.data.outcome as "approved" | "denied" | "timed_out" | undefined;
      const decided =
        snapshot.correction && (outcome === "approved" || outcome === "denied" || outcome === "timed_out")
          ? { ...snapshot.correction, outcome }
          : (snapshot.correction ?? null);
      if (outcome !== "approved" || event.step === null || event.champion_id === null)
        return { ...next, correction: decided };
      const actions = snapshot.actions.map((item) =>
        item.phase_number === event.step ? { ...item, champion_id: event.champion_id, champion: null } : item,
      );
      return { ...next, actions, correction: decided };
    }
    case "correct": {
      if (event.step === null || event.champion_id === null) return next;
      const actions = snapshot.actions.map((item) =>
        item.phase_number === event.step ? { ...item, champion_id: event.champion_id, champion: null } : item,
      );
      return { ...next, actions };
    }
    case "pause":
      return { ...next, clock: { ...snapshot.clock, status: "paused" } };
    case "resume":
      return { ...next, clock: { ...snapshot.clock, status: "running" } };
    case "start":
      return { ...next, clock: { ...snapshot.clock, status: "running" } };
    case "complete":
      return { ...next, clock: { ...snapshot.clock, status: "complete", step: null }, hover: null };
    default:
      return next;
  }
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
      return {
        kind: "ok",
        room: { ...room, snapshot: applyEvent(room.snapshot, event), log: [...room.log, event] },
      };
    }
    case "clock": {
      if (message.seq < room.snapshot.seq) return { kind: "ok", room };
      const clock: RoomClock = message.clock;
      return { kind: "ok", room: { ...room, snapshot: { ...room.snapshot, clock } } };
    }
    case "hover": {
      const hover = message.hover;
      if (room.snapshot.clock.step !== hover.step) return { kind: "ok", room };
      return { kind: "ok", room: { ...room, snapshot: { ...room.snapshot, hover } } };
    }
    case "snapshot": {
      const log = room.log.filter((event) => event.seq <= message.snapshot.seq);
      return { kind: "ok", room: { ...room, snapshot: message.snapshot, log } };
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

/** The engine's room state of a snapshot (for the clock arithmetic and the rules). */
export function roomStateOf(snapshot: RoomSnapshot): RoomState {
  const { clock } = snapshot;
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
