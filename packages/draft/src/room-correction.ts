/**
 * Audited misclick correction: a captain asks to change the champion of their team's last lock
 * while the next step is still open; the other captain (or the organiser) approves or denies
 * within `ROOM_CORRECTION_WINDOW_MS`, else the request times out (denied). While a request is
 * pending the turn clock of the step on the clock stands still and nobody may hover or lock, so
 * the request never costs the other team time; on the decision the turn resumes where it stood.
 *
 * Pure rules used by `reduceRoom`: they decide the request's and the decision's events, which
 * `applyRoomEvent` (room-events.ts) applies; no clock, no I/O. Only type imports from room.ts
 * (room.ts imports this module).
 */
import type { RoomCommand, RoomDecision, RoomRejectCode, RoomSeat, RoomState, RoomTeam } from "./room.ts";
import { teamOfSide } from "./room-clock.ts";
import {
  applyAction,
  createDraft,
  type DraftActionInput,
  type DraftErrorCode,
  type DraftState,
  isAvailable,
  isLockedFor,
  withLocked,
} from "./state.ts";

/** Time the other captain (or the organiser) has to decide a correction request. */
export const ROOM_CORRECTION_WINDOW_MS = 15_000;

export const CORRECTION_OUTCOMES = ["approved", "denied", "timed_out"] as const;
export type CorrectionOutcome = (typeof CORRECTION_OUTCOMES)[number];

/**
 * The room's latest correction request. It stays in the record once decided, so a step is
 * corrected by request at most once (a denied captain cannot ask again for the same lock).
 */
export interface RoomCorrection {
  readonly step: number;
  /** The asking captain's team. */
  readonly team: RoomTeam;
  /** The champion the lock has now, and the one asked for. */
  readonly from_champion_id: number | null;
  readonly champion_id: number;
  readonly requested_ms: number;
  /** After this instant the request times out (the server's clock applies it as `expire`). */
  readonly expires_ms: number;
  /** The step on the clock's deadline when the request came (restored, shifted, on the decision). */
  readonly deadline_ms: number | null;
  readonly outcome: CorrectionOutcome | "pending";
}

type CorrectionCommand = Extract<RoomCommand, { type: "request_correction" | "decide_correction" }>;

/** The pending request of a room, or null. */
export function pendingCorrection(state: Pick<RoomState, "correction">): RoomCorrection | null {
  const correction = state.correction ?? null;
  return correction && correction.outcome === "pending" ? correction : null;
}

/**
 * The draft with the champion of a taken step swapped, every later step kept (series locks bind
 * the new champion; the rest of the history replays as it was drafted). Shared by the organiser's
 * direct `correct` and an approved request.
 */
export function swapChampion(
  draft: DraftState,
  step: number,
  championId: number,
): { ok: true; draft: DraftState } | { ok: false; code: DraftErrorCode } {
  const target = draft.actions[step];
  if (!target) return { ok: false, code: "wrong_turn" };
  if (isLockedFor(draft, championId, target.team_side)) return { ok: false, code: "champion_locked" };
  const swapped = draft.actions.map((action, index) =>
    index === step ? { ...action, champion_id: championId } : action,
  );
  let next = createDraft({ format: draft.format, championIds: draft.pool });
  for (const action of swapped) {
    const applied = applyAction(next, action);
    // The engine's own code (an unknown champion stays `unknown_champion`: a 400 on REST).
    if (!applied.ok) return { ok: false, code: applied.code };
    next = applied.state;
  }
  return { ok: true, draft: withLocked(next, draft.locked, draft.sideLocked) };
}

/** The decision's event; an approval is refused while the champion asked for is not legal. */
function decided(state: RoomState, correction: RoomCorrection, outcome: CorrectionOutcome): RoomDecision {
  if (outcome === "approved") {
    const swapped = swapChampion(state.draft, correction.step, correction.champion_id);
    // The champion became illegal meanwhile (cannot happen while locks wait): refuse, keep pending.
    if (!swapped.ok) return { ok: false, code: swapped.code };
  }
  return {
    ok: true,
    events: [
      {
        kind: "correction_decision",
        step: correction.step,
        team: correction.team,
        champion_id: outcome === "approved" ? correction.champion_id : correction.from_champion_id,
        requested_champion_id: correction.champion_id,
        outcome,
      },
    ],
  };
}

/**
 * `request_correction` (a captain, for its team's last lock, while the next step is open) and
 * `decide_correction` (the other captain or the organiser).
 */
export function reduceCorrection(
  state: RoomState,
  seat: RoomSeat,
  command: CorrectionCommand,
  nowMs: number,
): RoomDecision {
  if (command.type === "request_correction") {
    const may = correctionRequestable(state, seat, nowMs, command.step);
    if (!may.ok) return may;
    const { step: last, team, target } = may;
    const id = command.champion_id;
    if (id === target.champion_id) return { ok: false, code: "champion_used" };
    if (isLockedFor(state.draft, id, target.team_side)) return { ok: false, code: "champion_locked" };
    if (!isAvailable(state.draft, id)) {
      return { ok: false, code: state.draft.used.has(id) ? "champion_used" : "unknown_champion" };
    }
    const windowMs = Math.max(1, command.window_ms ?? ROOM_CORRECTION_WINDOW_MS);
    // The fold stands the turn clock still (shown as paused); the server's timer fires at expiry.
    return {
      ok: true,
      events: [
        {
          kind: "correction_request",
          step: last,
          team,
          champion_id: id,
          from_champion_id: target.champion_id,
          expires_ms: nowMs + windowMs,
        },
      ],
    };
  }
  const may = correctionDecidable(state, seat, nowMs, command.step);
  if (!may.ok) return may;
  return decided(state, may.pending, command.approve ? "approved" : "denied");
}

type Refusal = { readonly ok: false; readonly code: RoomRejectCode };

/**
 * May this seat ask, at `nowMs`, to change its team's last lock (whatever the champion)? The
 * captain of the team that made the last lock, once per lock, while the next step is open and the
 * clock runs. `reduceCorrection` checks this first; `can()` shows the button from it.
 */
export function correctionRequestable(
  state: RoomState,
  seat: RoomSeat,
  nowMs: number,
  /** The step the request names (omitted: whichever is last). */
  step?: number,
):
  | { readonly ok: true; readonly step: number; readonly team: RoomTeam; readonly target: DraftActionInput }
  | Refusal {
  if (seat.role !== "captain" || seat.team === null) return { ok: false, code: "seat_not_allowed" };
  if (state.status === "complete") return { ok: false, code: "draft_complete" };
  if (state.status === "lobby") return { ok: false, code: "not_started" };
  if (state.status === "paused") return { ok: false, code: "room_paused" };
  if (state.resumes_ms !== null && nowMs < state.resumes_ms) return { ok: false, code: "room_paused" };
  if (pendingCorrection(state)) return { ok: false, code: "correction_pending" };
  const last = state.draft.actions.length - 1;
  const target = state.draft.actions[last];
  // Only the lock just made (the next step is still open), and only by the team that made it.
  if (!target || (step !== undefined && step !== last)) return { ok: false, code: "wrong_turn" };
  if (teamOfSide(state, target.team_side) !== seat.team) return { ok: false, code: "not_your_turn" };
  if (state.correction && state.correction.step === last) return { ok: false, code: "correction_used" };
  if (state.deadline_ms !== null && nowMs > state.deadline_ms) return { ok: false, code: "late" };
  return { ok: true, step: last, team: seat.team, target };
}

/** May this seat decide the pending request at `nowMs` (the other captain or the organiser)? */
export function correctionDecidable(
  state: RoomState,
  seat: RoomSeat,
  nowMs: number,
  /** The step the decision names (omitted: the pending one). */
  step?: number,
): { readonly ok: true; readonly pending: RoomCorrection } | Refusal {
  const pending = pendingCorrection(state);
  if (!pending) return { ok: false, code: "no_correction" };
  if (step !== undefined && step !== pending.step) return { ok: false, code: "wrong_turn" };
  const mayDecide =
    seat.role === "organiser" ||
    (seat.role === "captain" && seat.team !== null && seat.team !== pending.team);
  if (!mayDecide) return { ok: false, code: "seat_not_allowed" };
  if (nowMs > pending.expires_ms) return { ok: false, code: "late" };
  return { ok: true, pending };
}

/** The server's clock at a pending request's expiry: it times out (denied). */
export function expireCorrection(state: RoomState, correction: RoomCorrection, nowMs: number): RoomDecision {
  if (nowMs <= correction.expires_ms) return { ok: false, code: "not_expired" };
  return decided(state, correction, "timed_out");
}
