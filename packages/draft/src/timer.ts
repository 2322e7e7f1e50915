/**
 * Step timers as pure functions of a start time and the session's settings. The engine never
 * runs a timer: callers pass `now` and the moment the step started (previous action's
 * `created_at`, or when the draft began) in epoch milliseconds.
 */

import {
  type ActionType,
  type DraftStep,
  TIMER_DEFAULT_SECONDS,
  TIMER_GRACE_SECONDS,
  TIMER_MAX_SECONDS,
  TIMER_MIN_SECONDS,
} from "./formats.ts";
import { type DraftActionInput, type DraftState, isAvailable, nextStep } from "./state.ts";

/** The timer part of a session's settings, in seconds (10-300). */
export interface TimerSettings {
  readonly ban_timer: number;
  readonly pick_timer: number;
}

/**
 * Seconds allowed for a step: `ban_timer` or `pick_timer`, clamped to 10-300; a missing or
 * non-numeric value falls back to 30.
 *
 * @example
 * stepSeconds("PICK", { ban_timer: 20, pick_timer: 45 }); // 45
 */
export function stepSeconds(step: DraftStep | ActionType, settings: TimerSettings): number {
  const type = typeof step === "string" ? step : step.type;
  const raw = type === "BAN" ? settings.ban_timer : settings.pick_timer;
  if (typeof raw !== "number" || !Number.isFinite(raw)) return TIMER_DEFAULT_SECONDS;
  return Math.min(TIMER_MAX_SECONDS, Math.max(TIMER_MIN_SECONDS, Math.round(raw)));
}

/** When a step's countdown reaches zero, and when it times out (zero + 2 s grace). */
export interface StepDeadline {
  /** Epoch ms at which the displayed countdown reaches 0. */
  readonly deadline_ms: number;
  /** Epoch ms after which the step has timed out (deadline + grace). */
  readonly expires_ms: number;
}

/**
 * The deadline of a step that started at `startedAtMs`.
 *
 * @example
 * stepDeadline(0, "BAN", { ban_timer: 30, pick_timer: 30 }); // { deadline_ms: 30000, expires_ms: 32000 }
 */
export function stepDeadline(
  startedAtMs: number,
  step: DraftStep | ActionType,
  settings: TimerSettings,
): StepDeadline {
  const deadline = startedAtMs + stepSeconds(step, settings) * 1000;
  return { deadline_ms: deadline, expires_ms: deadline + TIMER_GRACE_SECONDS * 1000 };
}

export type TimerPhase = "running" | "grace" | "expired";

export interface TimerStatus {
  /** Whole seconds left on the countdown (rounded up, never below 0). */
  readonly remaining_seconds: number;
  readonly remaining_ms: number;
  /** `running` before zero, `grace` within 2 s after, `expired` once the grace has passed. */
  readonly phase: TimerPhase;
}

/**
 * The countdown of a step at `nowMs`.
 *
 * @example
 * timerStatus(31_000, 0, "PICK", { ban_timer: 30, pick_timer: 30 });
 * // { remaining_seconds: 0, remaining_ms: 0, phase: "grace" }
 */
export function timerStatus(
  nowMs: number,
  startedAtMs: number,
  step: DraftStep | ActionType,
  settings: TimerSettings,
): TimerStatus {
  const { deadline_ms, expires_ms } = stepDeadline(startedAtMs, step, settings);
  const remaining = Math.max(0, deadline_ms - nowMs);
  const phase: TimerPhase = nowMs < deadline_ms ? "running" : nowMs <= expires_ms ? "grace" : "expired";
  return { remaining_seconds: Math.ceil(remaining / 1000), remaining_ms: remaining, phase };
}

/** Ranked champion ids, or a `recommend()` result (its items are used in order). */
export type RankedChampions = readonly number[] | { readonly items: readonly { champion_id: number }[] };

/**
 * What auto-advance records when the next step times out: a ban is skipped (`champion_id: null`,
 * store it with `is_auto: true`); a pick locks the first champion of `ranked` that is still
 * available (pass the `recommend()` result for the team on the clock). Returns null when the draft
 * is complete, or for a pick when no ranked champion is available.
 *
 * @example
 * expiryAction(state, recommend({ state, champions }));
 * // ban step:  { phase_number: 4, action_type: "BAN", team_side: "BLUE", champion_id: null }
 * // pick step: { phase_number: 7, action_type: "PICK", team_side: "RED", champion_id: 412 }
 */
export function expiryAction(state: DraftState, ranked: RankedChampions = []): DraftActionInput | null {
  const step = nextStep(state);
  if (!step) return null;
  const base = { phase_number: step.index, action_type: step.type, team_side: step.side };
  if (step.type === "BAN") return { ...base, champion_id: null };
  const ids = "items" in ranked ? ranked.items.map((item) => item.champion_id) : ranked;
  const pick = ids.find((id) => isAvailable(state, id));
  return pick === undefined ? null : { ...base, champion_id: pick };
}
