/**
 * Draft formats as data. A format is the list of steps a draft follows,
 * built from a small spec that a session stores: the base order (official tournament order or
 * the product spec's order), the base turns switched off (custom formats, e.g. three bans each),
 * and which team takes the first-pick role ("first selection", independent of side).
 * Every other part of the product (server validation, the boards, the landing demo) reads the
 * steps from here.
 */

export type Side = "BLUE" | "RED";
export type ActionType = "BAN" | "PICK";

export interface DraftStep {
  /** 0-based index in the format's steps; equals an action's `phase_number`. */
  readonly index: number;
  readonly side: Side;
  readonly type: ActionType;
  /** Display phase 1-4: Ban Phase 1, Pick Phase 1, Ban Phase 2, Pick Phase 2. */
  readonly phase: 1 | 2 | 3 | 4;
  /** Position of the turn in the full 20-turn order (stable when turns are disabled). */
  readonly slot: number;
}

/** The two base orders: the official tournament order (default) and the product spec's order. */
export const FORMAT_ORDERS = ["tournament", "spec"] as const;
export type FormatOrder = (typeof FORMAT_ORDERS)[number];

/** What a session stores: enough to rebuild its steps, nothing else. */
export interface DraftFormatSpec {
  readonly order: FormatOrder;
  /** Base slots (0-19) switched off; only bans can be disabled (a team always picks five). */
  readonly disabled_slots: readonly number[];
  /** The team that takes the first pick; "RED" swaps the side of every pick turn. */
  readonly first_pick: Side;
}

export interface DraftFormat {
  readonly spec: DraftFormatSpec;
  /** The turns in order; `steps[i].index === i`. */
  readonly steps: readonly DraftStep[];
}

const B = "BLUE" as const;
const R = "RED" as const;

type Round = { phase: 1 | 2 | 3 | 4; type: ActionType; sides: readonly Side[] };

const BASE_ORDERS: Record<FormatOrder, readonly Round[]> = {
  tournament: [
    { phase: 1, type: "BAN", sides: [B, R, B, R, B, R] },
    { phase: 2, type: "PICK", sides: [B, R, R, B, B, R] },
    { phase: 3, type: "BAN", sides: [R, B, R, B] },
    { phase: 4, type: "PICK", sides: [R, B, B, R] },
  ],
  spec: [
    { phase: 1, type: "BAN", sides: [B, R, B, R, B, R] },
    { phase: 2, type: "PICK", sides: [B, R, R, B, B, R] },
    { phase: 3, type: "BAN", sides: [B, R, B, R] },
    { phase: 4, type: "PICK", sides: [R, B, B, R] },
  ],
};

/** Number of turns in a base order. */
export const BASE_STEP_COUNT = 20;

const otherSide = (side: Side): Side => (side === B ? R : B);

/** The preset specs: the official order (default for new sessions) and the spec's order. */
export const FORMAT_PRESETS: Readonly<Record<FormatOrder, DraftFormatSpec>> = {
  tournament: Object.freeze({ order: "tournament", disabled_slots: [], first_pick: B }),
  spec: Object.freeze({ order: "spec", disabled_slots: [], first_pick: B }),
};

/** Why a spec cannot become a format. */
export type FormatSpecProblem = "unknown_order" | "slot_out_of_range" | "pick_disabled";

/**
 * Checks a spec: a known order, disabled slots inside 0-19 that are bans.
 *
 * @example
 * formatSpecProblem({ order: "tournament", disabled_slots: [6], first_pick: "BLUE" }); // "pick_disabled"
 */
export function formatSpecProblem(spec: DraftFormatSpec): FormatSpecProblem | null {
  const rounds = BASE_ORDERS[spec.order];
  if (!rounds) return "unknown_order";
  const types = rounds.flatMap((round) => round.sides.map(() => round.type));
  for (const slot of spec.disabled_slots) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= types.length) return "slot_out_of_range";
    if (types[slot] === "PICK") return "pick_disabled";
  }
  return null;
}

const formatCache = new Map<string, DraftFormat>();

/**
 * The format of a spec: its enabled turns, re-indexed from 0. Cached by value (formats are frozen).
 * Throws on a spec that `formatSpecProblem` rejects.
 *
 * @example
 * buildFormat(FORMAT_PRESETS.tournament).steps[12]; // { index: 12, side: "RED", type: "BAN", phase: 3, slot: 12 }
 * buildFormat({ order: "tournament", disabled_slots: [4, 5, 14, 15], first_pick: "BLUE" }).steps.length; // 16
 */
export function buildFormat(spec: DraftFormatSpec): DraftFormat {
  const problem = formatSpecProblem(spec);
  if (problem) throw new Error(`Invalid draft format: ${problem}`);
  const normal: DraftFormatSpec = {
    order: spec.order,
    disabled_slots: [...new Set(spec.disabled_slots)].sort((a, b) => a - b),
    first_pick: spec.first_pick === R ? R : B,
  };
  const key = JSON.stringify(normal);
  const cached = formatCache.get(key);
  if (cached) return cached;
  const disabled = new Set(normal.disabled_slots);
  const base = BASE_ORDERS[normal.order].flatMap((round) =>
    round.sides.map((side) => ({ side, type: round.type, phase: round.phase })),
  );
  const steps = base
    .map((step, slot) => ({ ...step, slot }))
    .filter((step) => !disabled.has(step.slot))
    .map((step, index) =>
      Object.freeze({
        index,
        side: step.type === "PICK" && normal.first_pick === R ? otherSide(step.side) : step.side,
        type: step.type,
        phase: step.phase,
        slot: step.slot,
      }),
    );
  const format: DraftFormat = Object.freeze({ spec: Object.freeze(normal), steps: Object.freeze(steps) });
  formatCache.set(key, format);
  return format;
}

/** The default format of new sessions: the official tournament order, blue picks first. */
export const DEFAULT_FORMAT: DraftFormat = buildFormat(FORMAT_PRESETS.tournament);
/**
 * How many turns a session's format has: 20, fewer when bans are switched off. A session stored
 * before formats existed has none and drafts the default.
 *
 * @example
 * formatStepCount({ order: "tournament", disabled_slots: [4, 5, 14, 15], first_pick: "BLUE" }); // 16
 */
export function formatStepCount(spec: DraftFormatSpec | null | undefined): number {
  return spec ? buildFormat(spec).steps.length : DEFAULT_FORMAT.steps.length;
}

/** The product spec's order (second ban phase B R B R), kept for sessions drafted with it. */
export const SPEC_FORMAT: DraftFormat = buildFormat(FORMAT_PRESETS.spec);

/**
 * The default format's 20 steps (kept for callers that predate formats).
 *
 * @example
 * DRAFT_SEQUENCE[6]; // { index: 6, side: "BLUE", type: "PICK", phase: 2, slot: 6 }
 */
export const DRAFT_SEQUENCE: readonly DraftStep[] = DEFAULT_FORMAT.steps;

/** Most steps any format has (the full order); an action's `phase_number` is below it. */
export const DRAFT_STEP_COUNT = BASE_STEP_COUNT;
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
