/**
 * The live room as a pure state machine: seats, the ready check, whose turn it is, each team's
 * reserve bank, pause and resume. One reducer, `reduceRoom(state, seat, command, nowMs)`, used
 * by the server (authoritative, with the database clock as `nowMs`) and by clients (instant
 * feedback, the same rules). No clock, no I/O: callers pass the time.
 *
 * Seats belong to a *team* (`A` or `B`), not a side: `sides` says which side each team plays in
 * this draft, so a series can swap sides between games without touching seats or links.
 */
import type { ActionType, DraftStep, Side } from "./formats.ts";
import { clockRanAt, ROOM_RESUME_COUNTDOWN_MS, roomTurn, startClock } from "./room-clock.ts";
import {
  type CorrectionOutcome,
  expireCorrection,
  pendingCorrection,
  type RoomCorrection,
  reduceCorrection,
  swapChampion,
} from "./room-correction.ts";
import { applyRoomHover, foldRoomEvents } from "./room-events.ts";
import {
  applyAction,
  createDraft,
  type DraftActionInput,
  type DraftErrorCode,
  type DraftOptions,
  type DraftState,
  fromActions,
  isAvailable,
  nextStep,
} from "./state.ts";

export const ROOM_TEAMS = ["A", "B"] as const;
export type RoomTeam = (typeof ROOM_TEAMS)[number];

/**
 * Who a connection is. `organiser` is the room's owner (pauses, resumes, starts anyway; in a solo
 * room also both captains); `captain` locks for its team; `member` (a player or coach on a team's
 * link) sees its team's channel but never locks; `spectator` only watches.
 */
export const ROOM_ROLES = ["organiser", "captain", "spectator", "member"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

export interface RoomSeat {
  readonly role: RoomRole;
  /** The captain's or member's team; null for the organiser and spectators. */
  readonly team: RoomTeam | null;
}

/** `solo`: one person holds both captain seats, no ready check; `live`: captains join by link. */
export type RoomMode = "solo" | "live";
export const ROOM_STATUSES = ["lobby", "running", "paused", "complete"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Limits of a room's timer settings, in seconds. */
export const ROOM_TURN_MIN_SECONDS = 10;
export const ROOM_TURN_MAX_SECONDS = 300;
export const ROOM_TURN_DEFAULT_SECONDS = 30;
export const ROOM_BANK_MIN_SECONDS = 0;
export const ROOM_BANK_MAX_SECONDS = 600;
export const ROOM_BANK_DEFAULT_SECONDS = 60;

/** Everything a room is, as plain data (what the server stores and a snapshot carries). */
export interface RoomRecord {
  readonly mode: RoomMode;
  readonly status: RoomStatus;
  /** The side each team plays in this draft. */
  readonly sides: Readonly<Record<RoomTeam, Side>>;
  readonly ready: Readonly<Record<RoomTeam, boolean>>;
  /** Per-turn time in ms; 0 = untimed (a solo practice draft: nothing expires). */
  readonly turn_ms: number;
  /** Each team's reserve bank left, in ms. */
  readonly bank_ms: Readonly<Record<RoomTeam, number>>;
  /** When the step on the clock started (epoch ms), shifted by pauses and resume countdowns. */
  readonly turn_started_ms: number | null;
  /** After this instant (epoch ms) the step has timed out: start + turn + bank + grace. */
  readonly deadline_ms: number | null;
  /** When the organiser paused, or null. */
  readonly paused_ms: number | null;
  /** End of the resume countdown: before it the clock stands still and locks are refused. */
  readonly resumes_ms: number | null;
  /** The champion the team on the clock is considering (expiry locks it when legal). */
  readonly hover: RoomHover | null;
  /** The latest misclick correction request (room-correction.ts); absent or null: none yet. */
  readonly correction?: RoomCorrection | null;
}

export interface RoomHover {
  readonly step: number;
  readonly team: RoomTeam;
  readonly champion_id: number | null;
}

/** A record plus the draft it plays (the engine's state, built once). */
export interface RoomState extends RoomRecord {
  readonly draft: DraftState;
}

/** What a seat (or the server's clock, `system`) asks of the room. */
export type RoomCommand =
  | { readonly type: "ready"; readonly ready: boolean }
  | { readonly type: "start" }
  | { readonly type: "hover"; readonly step: number; readonly champion_id: number | null }
  | { readonly type: "lock"; readonly step: number; readonly champion_id: number | null }
  | { readonly type: "pause" }
  | { readonly type: "resume" }
  /** Organiser: "modify from this point": the draft resumes at `step` (later steps removed). */
  | { readonly type: "rewind"; readonly step: number }
  /** Organiser: swap the champion of a taken step, keeping every later step (a misclick fix). */
  | { readonly type: "correct"; readonly step: number; readonly champion_id: number }
  /** A captain asks to change its team's last lock (the next step still open). */
  | {
      readonly type: "request_correction";
      readonly step: number;
      readonly champion_id: number;
      /** Time to decide (default ROOM_CORRECTION_WINDOW_MS; the server passes it). */
      readonly window_ms?: number;
    }
  /** The other captain or the organiser decides the pending request. */
  | { readonly type: "decide_correction"; readonly step: number; readonly approve: boolean }
  /**
   * The server's clock: the step on the clock (or a pending correction request) timed out.
   * `ranked` orders an automatic pick.
   */
  | { readonly type: "expire"; readonly ranked?: readonly number[] }
  /**
   * The server's clock: the database could not be reached from `from_ms` until now; whatever was
   * counting down stood still meanwhile (decision 049).
   */
  | { readonly type: "outage"; readonly from_ms: number };

/** Stored events a command produces (hovers are not stored: see `RoomOutcome.hover`). */
export type RoomEventBody =
  | { readonly kind: "ready"; readonly team: RoomTeam; readonly ready: boolean }
  | { readonly kind: "start"; readonly forced: boolean }
  | {
      readonly kind: "lock";
      readonly step: number;
      readonly team: RoomTeam;
      readonly side: Side;
      readonly action_type: ActionType;
      /** null: a skipped ban. */
      readonly champion_id: number | null;
      /** True when the server's clock decided (expiry), false when a captain locked. */
      readonly is_auto: boolean;
      /** The team's bank after this step, in ms. */
      readonly bank_after_ms: number;
    }
  | { readonly kind: "pause" }
  | { readonly kind: "resume"; readonly resumes_ms: number }
  | { readonly kind: "rewind"; readonly step: number }
  | { readonly kind: "correct"; readonly step: number; readonly champion_id: number }
  | {
      readonly kind: "correction_request";
      readonly step: number;
      /** The asking team. */
      readonly team: RoomTeam;
      /** The champion asked for, and the one the lock has. */
      readonly champion_id: number;
      readonly from_champion_id: number | null;
      readonly expires_ms: number;
    }
  | {
      readonly kind: "correction_decision";
      readonly step: number;
      /** The asking team. */
      readonly team: RoomTeam;
      /** The lock's champion after the decision. */
      readonly champion_id: number | null;
      readonly requested_champion_id: number;
      readonly outcome: CorrectionOutcome;
    }
  | { readonly kind: "complete" }
  /** The servers could not reach the database from `from_ms` until the event: the clock stood still. */
  | { readonly kind: "outage"; readonly from_ms: number };

/** Why a command was refused; the room is unchanged. */
export const ROOM_REJECT_CODES = [
  "seat_not_allowed",
  "not_your_turn",
  "not_started",
  "already_started",
  "room_paused",
  "not_paused",
  "late",
  "not_expired",
  "no_champion_available",
  "correction_pending",
  "correction_used",
  "no_correction",
] as const;
export type RoomRejectCode = (typeof ROOM_REJECT_CODES)[number] | DraftErrorCode;

export type RoomOutcome =
  | {
      readonly ok: true;
      readonly state: RoomState;
      /** Events to store and fan out, in order (empty for a hover). */
      readonly events: readonly RoomEventBody[];
      /** A hover to fan out (ephemeral, never stored as an event). */
      readonly hover?: RoomHover;
    }
  | { readonly ok: false; readonly code: RoomRejectCode };

/**
 * What a command decides before anything is applied: the events it logs, with everything the fold
 * needs to apply them (a lock's `bank_after_ms`, a resume's `resumes_ms`), and a hover to fan out;
 * or why it is refused. `reduceRoom` folds the events to get the state.
 */
export type RoomDecision =
  | { readonly ok: true; readonly events: readonly RoomEventBody[]; readonly hover?: RoomHover }
  | { readonly ok: false; readonly code: RoomRejectCode };

/** Settings of a new room. */
export interface RoomSettings {
  readonly mode: RoomMode;
  /** 0 = untimed. */
  readonly turn_ms: number;
  readonly bank_ms: number;
  /** Default: team A plays blue. */
  readonly sides?: Readonly<Record<RoomTeam, Side>>;
}

const TEAM_A_BLUE: Readonly<Record<RoomTeam, Side>> = { A: "BLUE", B: "RED" };

/**
 * A new room: a live room waits in the lobby for the ready check, a solo room runs at once
 * (untimed when `turn_ms` is 0).
 *
 * @example
 * const room = createRoom({ mode: "live", turn_ms: 30_000, bank_ms: 60_000 }, { championIds: pool });
 * room.status; // "lobby"
 */
export function createRoom(settings: RoomSettings, options: DraftOptions = {}, nowMs = 0): RoomState {
  const solo = settings.mode === "solo";
  const base: RoomState = {
    mode: settings.mode,
    status: solo ? "running" : "lobby",
    sides: settings.sides ?? TEAM_A_BLUE,
    ready: { A: solo, B: solo },
    turn_ms: Math.max(0, settings.turn_ms),
    bank_ms: { A: Math.max(0, settings.bank_ms), B: Math.max(0, settings.bank_ms) },
    turn_started_ms: null,
    deadline_ms: null,
    paused_ms: null,
    resumes_ms: null,
    hover: null,
    draft: createDraft(options),
  };
  return solo ? startClock(base, nowMs) : base;
}

/**
 * A room from its stored record and its actions (the engine replays them once).
 *
 * @example
 * const room = roomFromRecord(record, actions, { championIds: pool });
 */
export function roomFromRecord(
  record: RoomRecord,
  actions: readonly DraftActionInput[],
  options: DraftOptions = {},
): RoomState {
  return { ...record, draft: fromActions(actions, options) };
}

/** The plain record of a state (drops the engine's state). */
export function roomRecord(state: RoomState): RoomRecord {
  const { draft: _draft, ...record } = state;
  return record;
}

/** Can this seat lock (and hover) for `team`? */
export function seatPlaysFor(state: RoomRecord, seat: RoomSeat, team: RoomTeam): boolean {
  if (seat.role === "captain") return seat.team === team;
  return seat.role === "organiser" && state.mode === "solo";
}

/**
 * The countdown at `nowMs` (pass the client's clock plus its offset to the server): time left on
 * the turn, then on the team's bank. Null when nothing counts down (lobby, complete, untimed).
 *
 * @example
 * roomClock(room, serverNow); // { step: 3, team: "B", turn_ms_left: 12_400, bank_ms_left: 60_000, paused: false }
 */
export function roomClock(
  state: RoomState,
  nowMs: number,
): { step: number; team: RoomTeam; turn_ms_left: number; bank_ms_left: number; paused: boolean } | null {
  const turn = roomTurn(state);
  if (!turn || state.turn_started_ms === null || state.turn_ms <= 0) return null;
  if (state.status !== "running" && state.status !== "paused") return null;
  const at = state.paused_ms ?? Math.max(nowMs, state.resumes_ms ?? nowMs);
  const used = Math.max(0, at - state.turn_started_ms);
  const bank = state.bank_ms[turn.team];
  return {
    step: turn.step.index,
    team: turn.team,
    turn_ms_left: Math.max(0, state.turn_ms - used),
    bank_ms_left: Math.max(0, Math.min(bank, bank - (used - state.turn_ms))),
    paused: state.status === "paused",
  };
}

/** The bank a team keeps when its step ends at `nowMs`: the turn is free, overtime costs bank. */
function bankAfter(state: RoomState, team: RoomTeam, nowMs: number): number {
  const used = Math.max(0, nowMs - (state.turn_started_ms ?? nowMs));
  const overtime = Math.max(0, used - state.turn_ms);
  return state.turn_ms <= 0 ? state.bank_ms[team] : Math.max(0, state.bank_ms[team] - overtime);
}

/** The events of locking `step` for `team`: the lock, and the end of the draft when it was the last. */
function lockEvents(
  state: RoomState,
  team: RoomTeam,
  step: DraftStep,
  championId: number | null,
  isAuto: boolean,
  nowMs: number,
): RoomDecision {
  const applied = applyAction(state.draft, {
    phase_number: step.index,
    action_type: step.type,
    team_side: step.side,
    champion_id: championId,
  });
  if (!applied.ok) return applied;
  const lock: RoomEventBody = {
    kind: "lock",
    step: step.index,
    team,
    side: step.side,
    action_type: step.type,
    champion_id: championId,
    is_auto: isAuto,
    bank_after_ms: isAuto ? 0 : bankAfter(state, team, nowMs),
  };
  return { ok: true, events: nextStep(applied.state) ? [lock] : [lock, { kind: "complete" }] };
}

/**
 * Checks the turn for a hover or lock: running, not in a resume countdown, this seat's step
 * (`stepIndex` null: whichever step is on the clock). `reduceRoom` and `can()` both use it.
 */
export function checkTurn(
  state: RoomState,
  seat: RoomSeat,
  stepIndex: number | null,
  nowMs: number,
): { ok: true; team: RoomTeam; step: DraftStep } | { ok: false; code: RoomRejectCode } {
  if (seat.role !== "captain" && !(seat.role === "organiser" && state.mode === "solo")) {
    return { ok: false, code: "seat_not_allowed" };
  }
  if (state.status === "complete") return { ok: false, code: "draft_complete" };
  if (state.status === "lobby") return { ok: false, code: "not_started" };
  if (state.status === "paused") return { ok: false, code: "room_paused" };
  if (pendingCorrection(state)) return { ok: false, code: "correction_pending" };
  const turn = roomTurn(state);
  if (!turn) return { ok: false, code: "draft_complete" };
  // A stale or replayed step first: it is nobody's turn any more.
  if (stepIndex !== null && stepIndex !== turn.step.index) return { ok: false, code: "wrong_turn" };
  if (!seatPlaysFor(state, seat, turn.team)) return { ok: false, code: "not_your_turn" };
  if (state.resumes_ms !== null && nowMs < state.resumes_ms) return { ok: false, code: "room_paused" };
  return { ok: true, team: turn.team, step: turn.step };
}

/**
 * Applies one command from one seat at `nowMs` (the server passes its database clock). A refused
 * command leaves the room as it was and says why.
 *
 * The reducer only decides: it checks the command and produces its events; the state it returns
 * is those events folded at `nowMs` by `applyRoomEvent` (room-events.ts), the one fold the server,
 * every client and a replay of the log use, plus the hover, which is not an event.
 *
 * - `ready`: a captain marks its team ready (or not) in the lobby; both ready starts the draft.
 * - `start`: the organiser starts anyway (a forced start).
 * - `hover` / `lock`: the captain of the team on the clock, for the step on the clock (`step`
 *   guards against a stale or replayed message). A lock after `deadline_ms` is `late`.
 * - `pause` / `resume`: the organiser; resuming gives a 3 s countdown before the clock runs.
 * - `request_correction` / `decide_correction`: the audited misclick correction (room-correction.ts).
 * - `expire` (seat `system`): once `deadline_ms` has passed, locks the hovered champion when it
 *   is legal, else skips a ban or picks the first available of `ranked`; with a correction
 *   request pending, the request times out instead.
 * - `outage` (seat `system`): the database was unreachable from `from_ms` until `nowMs`; a clock
 *   that was counting down at `from_ms` gets that time back (refused, `not_expired`, when nothing
 *   was counting down then: nothing to give back).
 *
 * @example
 * const result = reduceRoom(room, { role: "captain", team: "A" }, { type: "lock", step: 0, champion_id: 103 }, now);
 * if (result.ok) save(result.events); // [{ kind: "lock", step: 0, team: "A", side: "BLUE", … }]
 * else reject(result.code); // e.g. "not_your_turn", "late", "champion_used"
 */
export function reduceRoom(
  state: RoomState,
  seat: RoomSeat | "system",
  command: RoomCommand,
  nowMs: number,
): RoomOutcome {
  const decision = decideRoom(state, seat, command, nowMs);
  if (!decision.ok) return decision;
  const { events, hover } = decision;
  const folded = foldRoomEvents(
    state,
    events.map((body) => ({ at: nowMs, body })),
  );
  if (!hover) return { ok: true, state: folded, events };
  return { ok: true, state: applyRoomHover(folded, hover), events, hover };
}

/** Checks a command against the room and produces its events; changes nothing. */
function decideRoom(
  state: RoomState,
  seat: RoomSeat | "system",
  command: RoomCommand,
  nowMs: number,
): RoomDecision {
  if (seat === "system") {
    if (command.type === "expire") return expire(state, command.ranked ?? [], nowMs);
    if (command.type === "outage") return holdForOutage(state, command.from_ms, nowMs);
    return { ok: false, code: "seat_not_allowed" };
  }
  switch (command.type) {
    case "ready": {
      if (seat.role !== "captain" || seat.team === null) return { ok: false, code: "seat_not_allowed" };
      if (state.status !== "lobby") return { ok: false, code: "already_started" };
      const ready = { ...state.ready, [seat.team]: command.ready };
      const marked: RoomEventBody = { kind: "ready", team: seat.team, ready: command.ready };
      // Both teams ready starts the draft.
      return {
        ok: true,
        events: ready.A && ready.B ? [marked, { kind: "start", forced: false }] : [marked],
      };
    }
    case "start": {
      if (seat.role !== "organiser") return { ok: false, code: "seat_not_allowed" };
      if (state.status !== "lobby") return { ok: false, code: "already_started" };
      return { ok: true, events: [{ kind: "start", forced: true }] };
    }
    case "hover": {
      const turn = checkTurn(state, seat, command.step, nowMs);
      if (!turn.ok) return turn;
      const id = command.champion_id;
      if (id !== null && !isAvailable(state.draft, id)) {
        return { ok: false, code: state.draft.used.has(id) ? "champion_used" : "unknown_champion" };
      }
      return { ok: true, events: [], hover: { step: turn.step.index, team: turn.team, champion_id: id } };
    }
    case "lock": {
      const turn = checkTurn(state, seat, command.step, nowMs);
      if (!turn.ok) return turn;
      if (state.deadline_ms !== null && nowMs > state.deadline_ms) return { ok: false, code: "late" };
      return lockEvents(state, turn.team, turn.step, command.champion_id, false, nowMs);
    }
    case "request_correction":
    case "decide_correction":
      return reduceCorrection(state, seat, command, nowMs);
    case "pause": {
      if (seat.role !== "organiser") return { ok: false, code: "seat_not_allowed" };
      // The request's own clock runs: decide it first (the organiser may).
      if (pendingCorrection(state)) return { ok: false, code: "correction_pending" };
      if (state.status === "paused") return { ok: false, code: "room_paused" };
      if (state.status !== "running") {
        return { ok: false, code: state.status === "complete" ? "draft_complete" : "not_started" };
      }
      return { ok: true, events: [{ kind: "pause" }] };
    }
    case "resume": {
      if (seat.role !== "organiser") return { ok: false, code: "seat_not_allowed" };
      if (state.status !== "paused" || state.paused_ms === null) return { ok: false, code: "not_paused" };
      return { ok: true, events: [{ kind: "resume", resumes_ms: nowMs + ROOM_RESUME_COUNTDOWN_MS }] };
    }
    case "rewind": {
      if (seat.role !== "organiser") return { ok: false, code: "seat_not_allowed" };
      if (pendingCorrection(state)) return { ok: false, code: "correction_pending" };
      const keep = Math.max(0, Math.min(Math.floor(command.step), state.draft.actions.length));
      if (keep === state.draft.actions.length) return { ok: false, code: "wrong_turn" };
      return { ok: true, events: [{ kind: "rewind", step: keep }] };
    }
    case "correct": {
      if (seat.role !== "organiser") return { ok: false, code: "seat_not_allowed" };
      if (pendingCorrection(state)) return { ok: false, code: "correction_pending" };
      const swapped = swapChampion(state.draft, command.step, command.champion_id);
      if (!swapped.ok) return swapped;
      return {
        ok: true,
        events: [{ kind: "correct", step: command.step, champion_id: command.champion_id }],
      };
    }
    case "expire":
    case "outage":
      return { ok: false, code: "seat_not_allowed" };
  }
}

/** The outage's event when a clock was counting down as it began (the fold gives the time back). */
function holdForOutage(state: RoomState, fromMs: number, nowMs: number): RoomDecision {
  if (!clockRanAt(state, fromMs) || fromMs >= nowMs) return { ok: false, code: "not_expired" };
  return { ok: true, events: [{ kind: "outage", from_ms: fromMs }] };
}

function expire(state: RoomState, ranked: readonly number[], nowMs: number): RoomDecision {
  const pending = pendingCorrection(state);
  if (pending) return expireCorrection(state, pending, nowMs);
  if (state.status === "complete") return { ok: false, code: "draft_complete" };
  if (state.status !== "running") {
    return { ok: false, code: state.status === "paused" ? "room_paused" : "not_started" };
  }
  const turn = roomTurn(state);
  if (!turn) return { ok: false, code: "draft_complete" };
  if (state.deadline_ms === null || nowMs <= state.deadline_ms) return { ok: false, code: "not_expired" };
  return lockEvents(state, turn.team, turn.step, expiryChampion(state, turn, ranked), true, nowMs);
}

/**
 * What the clock locks when a step times out: the hovered champion if still legal; else nothing
 * for a ban (skipped) or the first available of `ranked` for a pick (null when none is).
 *
 * @example
 * expiryChampion(room, roomTurn(room)!, [157, 103]); // 157 unless used or locked
 */
export function expiryChampion(
  state: RoomState,
  turn: { step: DraftStep; team: RoomTeam },
  ranked: readonly number[],
): number | null {
  const hover = state.hover;
  if (
    hover &&
    hover.step === turn.step.index &&
    hover.champion_id !== null &&
    isAvailable(state.draft, hover.champion_id)
  ) {
    return hover.champion_id;
  }
  if (turn.step.type === "BAN") return null;
  return ranked.find((id) => isAvailable(state.draft, id)) ?? null;
}

export {
  clockRanAt,
  ROOM_GRACE_MS,
  ROOM_RESUME_COUNTDOWN_MS,
  roomTurn,
  startClock,
  teamOfSide,
} from "./room-clock.ts";
export {
  CORRECTION_OUTCOMES,
  type CorrectionOutcome,
  correctionDecidable,
  correctionRequestable,
  pendingCorrection,
  ROOM_CORRECTION_WINDOW_MS,
  type RoomCorrection,
} from "./room-correction.ts";
