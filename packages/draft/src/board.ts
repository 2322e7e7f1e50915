/**
 * The board view model: one description of a draft board that every screen draws from (the live
 * room, the owner's session page, the public view, the landing demo and image export). It uses the
 * engine's vocabulary only (`Side` BLUE/RED, `ActionType` BAN/PICK) and derives everything from the
 * draft state; the caller adds team names, the champions to show, the hover and the clock.
 */
import type { ActionType, DraftFormat, DraftStep, Side } from "./formats.ts";
import { type DraftActionInput, type DraftState, describeDraft } from "./state.ts";

/**
 * What a slot shows: `empty` (later), `next` (on the clock, nothing hovered), `hover` (on the
 * clock with a champion being considered), `filled` (locked), `skipped` (a ban nobody made).
 */
export type BoardSlotState = "empty" | "next" | "hover" | "filled" | "skipped";

/** What the board needs to draw a champion; a server `Champion` fits as is. */
export interface BoardChampionLike {
  readonly id: number;
  readonly name: string;
}

export interface BoardSlot<C extends BoardChampionLike = BoardChampionLike> {
  /** Step of the draft sequence (an action's `phase_number`). */
  readonly step: number;
  readonly side: Side;
  readonly type: ActionType;
  /** 0-based position within the team's picks or bans (shown as `index + 1`). */
  readonly index: number;
  readonly state: BoardSlotState;
  /** The locked champion (`filled`), the hovered one (`hover`), else null. */
  readonly champion: C | null;
  /** Chosen by the clock, not by a captain (a skipped ban, an automatic pick). */
  readonly auto: boolean;
  /** Shown before the server confirmed it (optimistic). */
  readonly pending: boolean;
}

export interface BoardTeam<C extends BoardChampionLike = BoardChampionLike> {
  readonly side: Side;
  readonly name: string;
  /** This team is on the clock. */
  readonly active: boolean;
  /** Always 5, in draft order. */
  readonly picks: readonly BoardSlot<C>[];
  /** Always 5, in draft order. */
  readonly bans: readonly BoardSlot<C>[];
  /** Picks and bans taken so far. */
  readonly pickCount: number;
  readonly banCount: number;
  /** Reserve time left in ms, when the draft has a bank (live rooms). */
  readonly bankMs: number | null;
}

/** The clock as a screen shows it; computed by the caller (server deadline or local timer). */
export interface BoardClock {
  /** Ms left of the turn (0 once over). */
  readonly remainingMs: number;
  /** Ms the turn allows. */
  readonly totalMs: number;
  /** `running`, `grace` (0 shown, 2 s before expiry), `expired`, or held (`paused`). */
  readonly phase: "running" | "grace" | "expired" | "paused";
  /** The turn runs on its team's reserve bank. */
  readonly onBank?: boolean;
}

export interface BoardView<C extends BoardChampionLike = BoardChampionLike> {
  readonly blue: BoardTeam<C>;
  readonly red: BoardTeam<C>;
  /** Actions taken (0-20); the next step's index while in progress. */
  readonly count: number;
  /** The step on the clock, or null when complete. */
  readonly next: DraftStep | null;
  /** Display phase 1-4 (4 when complete). */
  readonly phase: 1 | 2 | 3 | 4;
  /** i18n key of the phase (`draft.phase.ban1` …). */
  readonly phaseLabelKey: string;
  readonly complete: boolean;
  /** 0-100. */
  readonly progress: number;
  /** The champion being considered on the clock, if any. */
  readonly hover: C | null;
  readonly clock: BoardClock | null;
}

/** Extra facts about saved actions a board shows (the API's `is_auto`, optimistic `pending`). */
export interface BoardActionMeta {
  readonly phase_number: number;
  readonly is_auto?: boolean;
  readonly pending?: boolean;
}

export interface BoardViewInput<C extends BoardChampionLike> {
  readonly state: DraftState;
  readonly names: Readonly<Record<Side, string>>;
  /** Resolves a champion id to what the board draws; an unknown id draws as `fallback(id)`. */
  readonly champion: (id: number) => C | undefined;
  /** Called for ids `champion` does not know (e.g. a champion removed from the pool). */
  readonly fallback?: (id: number) => C;
  /** `is_auto` / `pending` per step. */
  readonly actions?: readonly BoardActionMeta[];
  /** Champion id hovered by the team on the clock. */
  readonly hover?: number | null;
  readonly clock?: BoardClock | null;
  /** Reserve bank per side in ms, for drafts that have one. */
  readonly banks?: Readonly<Record<Side, number>> | null;
}

/** A team's turns of one type in the draft's format (a custom format may have fewer bans). */
const slotsOf = (format: DraftFormat, side: Side, type: ActionType): readonly DraftStep[] =>
  format.steps.filter((step) => step.side === side && step.type === type);

/**
 * Describes the board of a draft: both teams' bans and five picks (in the draft's format) with each slot's state,
 * the step on the clock, phase, progress, hover and clock.
 *
 * @example
 * const view = buildBoardView({
 *   state: fromActions(actions),
 *   names: { BLUE: "T1", RED: "Gen.G" },
 *   champion: (id) => championsById.get(id),
 *   actions, // is_auto per step
 *   hover: 103,
 * });
 * view.blue.bans[0]; // { step: 0, side: "BLUE", type: "BAN", index: 0, state: "filled", champion: {…}, … }
 * view.next; // { index: 6, side: "BLUE", type: "PICK", phase: 2 }
 * view.blue.picks[0].state; // "hover" (Ahri on the clock)
 */
export function buildBoardView<C extends BoardChampionLike>(input: BoardViewInput<C>): BoardView<C> {
  const summary = describeDraft(input.state);
  const next = summary.next_step;
  const meta = new Map((input.actions ?? []).map((action) => [action.phase_number, action]));
  const resolve = (id: number | null): C | null => {
    if (id === null) return null;
    return input.champion(id) ?? input.fallback?.(id) ?? null;
  };
  const hover = next && input.hover != null ? resolve(input.hover) : null;

  const slot = (step: DraftStep, index: number): BoardSlot<C> => {
    const action: DraftActionInput | undefined = input.state.actions[step.index];
    const info = meta.get(step.index);
    const base = { step: step.index, side: step.side, type: step.type, index };
    if (action) {
      const skipped = action.champion_id === null;
      return {
        ...base,
        state: skipped ? "skipped" : "filled",
        champion: resolve(action.champion_id),
        auto: skipped || info?.is_auto === true,
        pending: info?.pending === true,
      };
    }
    const onClock = next?.index === step.index;
    return {
      ...base,
      state: onClock ? (hover ? "hover" : "next") : "empty",
      champion: onClock ? hover : null,
      auto: false,
      pending: false,
    };
  };

  const team = (side: Side): BoardTeam<C> => {
    const picks = slotsOf(input.state.format, side, "PICK").map(slot);
    const bans = slotsOf(input.state.format, side, "BAN").map(slot);
    const taken = (list: readonly BoardSlot<C>[]) =>
      list.filter((s) => s.state === "filled" || s.state === "skipped").length;
    return {
      side,
      name: input.names[side],
      active: next?.side === side,
      picks,
      bans,
      pickCount: taken(picks),
      banCount: taken(bans),
      bankMs: input.banks ? Math.max(0, input.banks[side]) : null,
    };
  };

  return {
    blue: team("BLUE"),
    red: team("RED"),
    count: summary.current_step,
    next,
    phase: summary.current_phase,
    phaseLabelKey: summary.phase_label_key,
    complete: summary.status === "complete",
    progress: Math.max(0, Math.min(100, summary.progress)),
    hover,
    clock: next ? (input.clock ?? null) : null,
  };
}

/**
 * Both teams' slots in sequence order (step 0 … 19): a timeline, a log or an image row.
 *
 * @example
 * boardSlots(view)[6]; // Blue's first pick
 */
export function boardSlots<C extends BoardChampionLike>(view: BoardView<C>): BoardSlot<C>[] {
  const all = [...view.blue.bans, ...view.blue.picks, ...view.red.bans, ...view.red.picks];
  return all.sort((a, b) => a.step - b.step);
}

/**
 * A team of the view by side.
 *
 * @example
 * boardTeam(view, "RED").name; // "Gen.G"
 */
export function boardTeam<C extends BoardChampionLike>(view: BoardView<C>, side: Side): BoardTeam<C> {
  return side === "BLUE" ? view.blue : view.red;
}
