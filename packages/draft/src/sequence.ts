/**
 * The tournament draft: 20 steps, written once as data. Every other part of the product
 * (server validation, the live board, the landing demo) reads this table.
 */

export type Side = "BLUE" | "RED";
export type ActionType = "BAN" | "PICK";

export interface DraftStep {
  /** 0-based index in the sequence; equals an action's `phase_number`. */
  readonly index: number;
  readonly side: Side;
  readonly type: ActionType;
  /** Display phase 1-4: Ban Phase 1, Pick Phase 1, Ban Phase 2, Pick Phase 2. */
  readonly phase: 1 | 2 | 3 | 4;
}

const B = "BLUE" as const;
const R = "RED" as const;

const ROUNDS: ReadonlyArray<{ phase: 1 | 2 | 3 | 4; type: ActionType; sides: readonly Side[] }> = [
  { phase: 1, type: "BAN", sides: [B, R, B, R, B, R] },
  { phase: 2, type: "PICK", sides: [B, R, R, B, B, R] },
  { phase: 3, type: "BAN", sides: [B, R, B, R] },
  { phase: 4, type: "PICK", sides: [R, B, B, R] },
];

/**
 * The 20 steps in order.
 *
 * @example
 * DRAFT_SEQUENCE[6]; // { index: 6, side: "BLUE", type: "PICK", phase: 2 }
 */
export const DRAFT_SEQUENCE: readonly DraftStep[] = ROUNDS.flatMap((round) =>
  round.sides.map((side) => ({ side, type: round.type, phase: round.phase })),
).map((step, index) => Object.freeze({ ...step, index }));

export const DRAFT_STEP_COUNT = DRAFT_SEQUENCE.length;
export const PICKS_PER_TEAM = 5;
export const BANS_PER_TEAM = 5;
export const SIDES: readonly Side[] = [B, R];
export const ACTION_TYPES: readonly ActionType[] = ["BAN", "PICK"];

/** Timer limits of a session's settings, in seconds. */
export const TIMER_MIN_SECONDS = 10;
export const TIMER_MAX_SECONDS = 300;
export const TIMER_DEFAULT_SECONDS = 30;
/** Seconds past zero before a step counts as timed out. */
export const TIMER_GRACE_SECONDS = 2;

/** i18n keys of the four display phases. */
export const PHASE_LABEL_KEYS = {
  1: "draft.phase.ban1",
  2: "draft.phase.pick1",
  3: "draft.phase.ban2",
  4: "draft.phase.pick2",
} as const;
