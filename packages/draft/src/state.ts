/**
 * The draft rules engine: an immutable state built from actions, one validating transition,
 * truncation ("modify from this point") and the values every screen derives from the state.
 * Pure: no clock, no I/O. The server uses it for authoritative validation, the web for instant UI.
 */
import {
  type ActionType,
  DEFAULT_FORMAT,
  type DraftFormat,
  type DraftStep,
  PHASE_LABEL_KEYS,
  type Side,
} from "./formats.ts";

/** Rule violations `applyAction` can report; every value is also one of contracts' `ERROR_CODES`. */
export const DRAFT_ERROR_CODES = [
  "wrong_turn",
  "wrong_side",
  "wrong_type",
  "champion_used",
  "champion_locked",
  "unknown_champion",
  "draft_complete",
  "skip_not_allowed",
] as const;
export type DraftErrorCode = (typeof DRAFT_ERROR_CODES)[number];

/**
 * One action, shaped like the API's action (`POST …/actions/` body plus `created_at`).
 * `champion_id: null` is a skipped ban (timer expired); picks can never be skipped.
 */
export interface DraftActionInput {
  /** 0-based index of the step in the draft's format. */
  readonly phase_number: number;
  readonly action_type: ActionType;
  readonly team_side: Side;
  readonly champion_id: number | null;
  /** ISO timestamp; only used to order saved actions that share a `phase_number`. */
  readonly created_at?: string;
}

/** What the state knows besides its actions. */
export interface DraftOptions {
  /** The steps to follow; default `DEFAULT_FORMAT` (the official tournament order). */
  readonly format?: DraftFormat;
  /** Champions nobody may pick or ban in this draft (fearless series, disabled champions). */
  readonly locked?: Iterable<number>;
  /** Champions one side may not pick or ban (soft fearless: a team's own earlier picks). */
  readonly sideLocked?: Partial<Record<Side, Iterable<number>>>;
  /** The champion pool; when given, any other id is `unknown_champion`. */
  readonly championIds?: Iterable<number> | null;
}

/** An immutable draft: the accepted actions (action `i` has `phase_number === i`) and the context. */
export interface DraftState {
  /** The format the draft follows; `format.steps` is the order of play. */
  readonly format: DraftFormat;
  readonly actions: readonly DraftActionInput[];
  /** Every champion picked or banned so far. */
  readonly used: ReadonlySet<number>;
  readonly locked: ReadonlySet<number>;
  /** Locked for one side only (soft fearless), on top of `locked`. */
  readonly sideLocked: Readonly<Record<Side, ReadonlySet<number>>>;
  /** The champion pool, or null when any positive integer id is accepted. */
  readonly pool: ReadonlySet<number> | null;
}

export type ApplyResult = { ok: true; state: DraftState } | { ok: false; code: DraftErrorCode };

/** Thrown by `fromActions` when saved actions do not form a legal draft. */
export class DraftHistoryError extends Error {
  readonly code: DraftErrorCode;
  /** Position of the offending action in the sorted history. */
  readonly index: number;
  constructor(code: DraftErrorCode, index: number) {
    super(`Draft history is not legal at action ${index}: ${code}`);
    this.name = "DraftHistoryError";
    this.code = code;
    this.index = index;
  }
}

/**
 * An empty draft (step 0, Blue's first ban).
 *
 * @example
 * const state = createDraft({ locked: [157], championIds: pool.map((c) => c.id) });
 * nextStep(state); // { index: 0, side: "BLUE", type: "BAN", phase: 1 }
 */
export function createDraft(options: DraftOptions = {}): DraftState {
  return {
    format: options.format ?? DEFAULT_FORMAT,
    actions: [],
    used: new Set(),
    locked: new Set(options.locked ?? []),
    sideLocked: sideSets(options.sideLocked),
    pool: options.championIds ? new Set(options.championIds) : null,
  };
}

function sideSets(bySide: DraftOptions["sideLocked"]): Record<Side, ReadonlySet<number>> {
  return { BLUE: new Set(bySide?.BLUE ?? []), RED: new Set(bySide?.RED ?? []) };
}

/**
 * Orders saved actions as the draft replays them: by `phase_number`, then `created_at`.
 *
 * @example
 * sortActions([{ phase_number: 1, … }, { phase_number: 0, … }]).map((a) => a.phase_number); // [0, 1]
 */
export function sortActions<T extends DraftActionInput>(actions: readonly T[]): T[] {
  return [...actions].sort(
    (a, b) =>
      a.phase_number - b.phase_number || (a.created_at ?? "").localeCompare(b.created_at ?? "", "en") || 0,
  );
}

/**
 * Validates one action against the state and returns the next state, or the rule it breaks.
 * Checks in order: `draft_complete`, `wrong_turn` (not the next step), `wrong_side`, `wrong_type`,
 * `skip_not_allowed` (null champion on a pick), `unknown_champion`, `champion_used`, `champion_locked`.
 *
 * @example
 * const result = applyAction(createDraft(), {
 *   phase_number: 0, action_type: "BAN", team_side: "BLUE", champion_id: 103,
 * });
 * if (result.ok) result.state.used.has(103); // true
 * else result.code; // e.g. "wrong_turn"
 */
export function applyAction(state: DraftState, action: DraftActionInput): ApplyResult {
  const index = state.actions.length;
  const step = state.format.steps[index];
  if (!step) return { ok: false, code: "draft_complete" };
  if (action.phase_number !== index) return { ok: false, code: "wrong_turn" };
  if (action.team_side !== step.side) return { ok: false, code: "wrong_side" };
  if (action.action_type !== step.type) return { ok: false, code: "wrong_type" };
  const id = action.champion_id;
  if (id === null) {
    if (step.type === "PICK") return { ok: false, code: "skip_not_allowed" };
    return { ok: true, state: { ...state, actions: [...state.actions, action] } };
  }
  if (!Number.isInteger(id) || id <= 0 || (state.pool !== null && !state.pool.has(id))) {
    return { ok: false, code: "unknown_champion" };
  }
  if (state.used.has(id)) return { ok: false, code: "champion_used" };
  if (state.locked.has(id) || state.sideLocked[step.side].has(id))
    return { ok: false, code: "champion_locked" };
  const used = new Set(state.used);
  used.add(id);
  return { ok: true, state: { ...state, actions: [...state.actions, action], used } };
}

/**
 * Builds the state from saved actions (any order: they are sorted by `phase_number`, then
 * `created_at`). Throws `DraftHistoryError` (with the rule's `code`) if they are not a legal draft.
 *
 * @example
 * const state = fromActions(savedActions, { locked: seriesLocked });
 * describeDraft(state).current_phase; // 1-4
 */
export function fromActions(actions: readonly DraftActionInput[], options: DraftOptions = {}): DraftState {
  let state = createDraft(options);
  const sorted = sortActions(actions);
  for (let i = 0; i < sorted.length; i++) {
    const result = applyAction(state, sorted[i]!);
    if (!result.ok) throw new DraftHistoryError(result.code, i);
    state = result.state;
  }
  return state;
}

/**
 * "Modify from this point": keeps the actions before `step` (0-based `phase_number`), so the
 * draft resumes at that step. A step at or past the current one returns the state unchanged.
 *
 * @example
 * truncate(state, 6).actions.length; // 6 (the six phase-1 bans remain)
 */
export function truncate(state: DraftState, step: number): DraftState {
  const keep = Math.max(0, Math.min(Math.floor(step), state.actions.length));
  if (keep === state.actions.length) return state;
  const actions = state.actions.slice(0, keep);
  const used = new Set<number>();
  for (const action of actions) if (action.champion_id !== null) used.add(action.champion_id);
  return { ...state, actions, used };
}

/**
 * Returns the same draft with a different locked set (e.g. a fearless series adds a game's
 * champions), optionally per side. Champions already used stay in the history.
 *
 * @example
 * withLocked(state, [266, 103]).locked.has(266); // true
 * withLocked(state, [], { RED: [81] }).sideLocked.RED.has(81); // true
 */
export function withLocked(
  state: DraftState,
  locked: Iterable<number>,
  sideLocked?: DraftOptions["sideLocked"],
): DraftState {
  return {
    ...state,
    locked: new Set(locked),
    sideLocked: sideLocked === undefined ? state.sideLocked : sideSets(sideLocked),
  };
}

/**
 * True when a champion is locked for a side (for everyone, or for that side alone).
 *
 * @example
 * isLockedFor(withLocked(state, [], { RED: [81] }), 81, "BLUE"); // false
 */
export function isLockedFor(state: DraftState, championId: number, side: Side): boolean {
  return state.locked.has(championId) || state.sideLocked[side].has(championId);
}

// ---- derived values -------------------------------------------------------------------------

/**
 * The step to play next, or null when the draft is complete.
 *
 * @example
 * nextStep(createDraft()); // { index: 0, side: "BLUE", type: "BAN", phase: 1 }
 */
export function nextStep(state: DraftState): DraftStep | null {
  return state.format.steps[state.actions.length] ?? null;
}

/**
 * Number of actions taken (0 to the step count); while in progress it is the next step's index.
 *
 * @example
 * currentStep(createDraft()); // 0
 */
export function currentStep(state: DraftState): number {
  return state.actions.length;
}

/**
 * Display phase 1-4 (1 Ban Phase 1, 2 Pick Phase 1, 3 Ban Phase 2, 4 Pick Phase 2) of the next
 * step; a complete draft stays in phase 4.
 *
 * @example
 * currentPhase(createDraft()); // 1
 */
export function currentPhase(state: DraftState): 1 | 2 | 3 | 4 {
  const steps = state.format.steps;
  return (nextStep(state) ?? steps[steps.length - 1] ?? { phase: 4 as const }).phase;
}

/**
 * The i18n key of a display phase (`draft.phase.ban1` …); anything outside 1-4 gets
 * `draft.phase.other` (English "Phase {{n}}").
 *
 * @example
 * phaseLabelKey(2); // "draft.phase.pick1"
 */
export function phaseLabelKey(phase: number): string {
  return PHASE_LABEL_KEYS[phase as 1 | 2 | 3 | 4] ?? "draft.phase.other";
}

export type DraftStatus = "in_progress" | "complete";

/**
 * `complete` once every step of the format is taken.
 *
 * @example
 * draftStatus(createDraft()); // "in_progress"
 */
export function draftStatus(state: DraftState): DraftStatus {
  return state.actions.length >= state.format.steps.length ? "complete" : "in_progress";
}

/**
 * Share of the format's steps taken, as a whole percentage 0-100.
 *
 * @example
 * draftProgress(fromActions(firstSixBans)); // 30
 */
export function draftProgress(state: DraftState): number {
  return Math.round((state.actions.length / state.format.steps.length) * 100);
}

/**
 * The 1-based number shown as "Action #n" for a step (`phase_number` + 1).
 *
 * @example
 * actionNumber(0); // 1
 */
export function actionNumber(phaseNumber: number): number {
  return phaseNumber + 1;
}

/** A filled slot of a team's picks or bans. A skipped ban has `champion_id: null, skipped: true`. */
export interface TeamSlot {
  /** The step (`phase_number`) that filled the slot. */
  readonly step: number;
  readonly champion_id: number | null;
  readonly skipped: boolean;
  readonly created_at?: string;
}

export interface TeamBoard {
  readonly side: Side;
  /** Up to 5, in draft order. */
  readonly picks: readonly TeamSlot[];
  /** Up to 5, in draft order, skipped bans included as placeholders. */
  readonly bans: readonly TeamSlot[];
}

/**
 * One team's picks and bans in draft order; skipped bans appear as placeholders.
 *
 * @example
 * teamBoard(state, "RED").bans; // [{ step: 1, champion_id: null, skipped: true }, …]
 */
export function teamBoard(state: DraftState, side: Side): TeamBoard {
  const picks: TeamSlot[] = [];
  const bans: TeamSlot[] = [];
  state.actions.forEach((action, step) => {
    if (action.team_side !== side) return;
    const slot: TeamSlot = {
      step,
      champion_id: action.champion_id,
      skipped: action.champion_id === null,
      ...(action.created_at === undefined ? {} : { created_at: action.created_at }),
    };
    (action.action_type === "PICK" ? picks : bans).push(slot);
  });
  return { side, picks, bans };
}

/**
 * Champion ids a team has picked, in draft order.
 *
 * @example
 * teamPicks(state, "BLUE"); // [266, 103]
 */
export function teamPicks(state: DraftState, side: Side): number[] {
  const ids: number[] = [];
  for (const action of state.actions) {
    if (action.team_side === side && action.action_type === "PICK" && action.champion_id !== null) {
      ids.push(action.champion_id);
    }
  }
  return ids;
}

export type ChampionDraftStatus = "available" | "picked" | "banned" | "locked";

/**
 * A champion's status in this draft (the `champions-status` endpoint's values), for a side (by
 * default the side about to act; a side lock only counts for its side).
 *
 * @example
 * championStatus(state, 103); // "picked"
 */
export function championStatus(state: DraftState, championId: number, side?: Side): ChampionDraftStatus {
  if (state.used.has(championId)) {
    for (const action of state.actions) {
      if (action.champion_id === championId) return action.action_type === "PICK" ? "picked" : "banned";
    }
  }
  const acting = side ?? nextStep(state)?.side;
  const locked =
    state.locked.has(championId) || (acting !== undefined && state.sideLocked[acting].has(championId));
  return locked ? "locked" : "available";
}

/**
 * True when the champion may still be picked or banned (in the pool, not used, not locked for
 * the side: by default the side about to act).
 *
 * @example
 * isAvailable(state, 103); // false once Ahri is banned
 */
export function isAvailable(state: DraftState, championId: number, side?: Side): boolean {
  const acting = side ?? nextStep(state)?.side;
  return (
    !state.used.has(championId) &&
    !state.locked.has(championId) &&
    (acting === undefined || !state.sideLocked[acting].has(championId)) &&
    (state.pool === null || state.pool.has(championId))
  );
}

/** Everything a board, a session row or a status line derives from the state. */
export interface DraftSummary {
  /** Actions taken, 0 to the format's step count. */
  readonly current_step: number;
  readonly current_phase: 1 | 2 | 3 | 4;
  readonly phase_label_key: string;
  readonly status: DraftStatus;
  /** Next step, or null when complete. */
  readonly next_step: DraftStep | null;
  /** "Action #n" of the next step, or null when complete. */
  readonly next_action_number: number | null;
  readonly progress: number;
  readonly blue: TeamBoard;
  readonly red: TeamBoard;
}

/**
 * All derived values at once.
 *
 * @example
 * const view = describeDraft(fromActions(actions));
 * view.status; // "in_progress"
 * view.next_step; // { index: 7, side: "RED", type: "PICK", phase: 2 }
 * view.blue.picks.length; // 1
 */
export function describeDraft(state: DraftState): DraftSummary {
  const next = nextStep(state);
  const phase = currentPhase(state);
  return {
    current_step: state.actions.length,
    current_phase: phase,
    phase_label_key: phaseLabelKey(phase),
    status: draftStatus(state),
    next_step: next,
    next_action_number: next ? actionNumber(next.index) : null,
    progress: draftProgress(state),
    blue: teamBoard(state, "BLUE"),
    red: teamBoard(state, "RED"),
  };
}
