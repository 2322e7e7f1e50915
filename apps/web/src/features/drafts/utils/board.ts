import type { Champion, DraftAction } from "@draftroom/contracts";
import {
  buildFormat,
  DEFAULT_FORMAT,
  type DraftFormat,
  type DraftFormatSpec,
  type DraftState,
  type DraftStep,
  describeDraft,
  fromActions,
  type Side,
  sortActions,
  withLocked,
} from "@draftroom/draft";

/** A saved (or optimistically applied) action on the board. */
export type BoardAction = DraftAction & { pending?: boolean };

export interface BoardSlot {
  step: DraftStep;
  /** 0-based position within the team's picks or bans. */
  index: number;
  action: BoardAction | null;
}

export interface SideBoard {
  side: Side;
  picks: BoardSlot[];
  bans: BoardSlot[];
}

export interface BoardState {
  state: DraftState;
  actions: BoardAction[];
  blue: SideBoard;
  red: SideBoard;
  /** The step to play next, or null when every step of the format is done. */
  next: DraftStep | null;
  /** Number of actions taken. */
  count: number;
  complete: boolean;
  /** Display phase 1-4. */
  phase: 1 | 2 | 3 | 4;
  /** 0-100. */
  progress: number;
}

const slotsOf = (format: DraftFormat, side: Side, type: "PICK" | "BAN") =>
  format.steps.filter((step) => step.side === side && step.type === type);

/** What a board needs besides its actions: the session's format and, in a series, the locks. */
export interface BoardOptions {
  format?: DraftFormatSpec | null | undefined;
  championIds?: Iterable<number>;
  locked?: Iterable<number>;
  sideLocked?: Partial<Record<Side, Iterable<number>>>;
}

/**
 * The board as the screens draw it, from the action log. The engine replays the actions (sorted
 * by step then time) in the session's format and derives phase, progress and the next step; this
 * adds each slot's action. Series locks bind the next actions only (as on the server).
 */
export function buildBoard(actions: readonly BoardAction[], options: BoardOptions = {}): BoardState {
  const sorted = sortActions(actions);
  const format = options.format ? buildFormat(options.format) : DEFAULT_FORMAT;
  const replayed = fromActions(sorted, {
    format,
    ...(options.championIds ? { championIds: options.championIds } : {}),
  });
  const state =
    options.locked || options.sideLocked
      ? withLocked(replayed, options.locked ?? [], options.sideLocked)
      : replayed;
  const slots = {
    BLUE: { picks: slotsOf(format, "BLUE", "PICK"), bans: slotsOf(format, "BLUE", "BAN") },
    RED: { picks: slotsOf(format, "RED", "PICK"), bans: slotsOf(format, "RED", "BAN") },
  };
  const summary = describeDraft(state);
  const byStep = new Map<number, BoardAction>(sorted.map((action) => [action.phase_number, action]));
  const side = (s: Side): SideBoard => ({
    side: s,
    picks: slots[s].picks.map((step, index) => ({ step, index, action: byStep.get(step.index) ?? null })),
    bans: slots[s].bans.map((step, index) => ({ step, index, action: byStep.get(step.index) ?? null })),
  });
  return {
    state,
    actions: sorted,
    blue: side("BLUE"),
    red: side("RED"),
    next: summary.next_step,
    count: summary.current_step,
    complete: summary.status === "complete",
    phase: summary.current_phase,
    progress: Math.max(0, Math.min(100, summary.progress)),
  };
}

let optimisticId = 0;

/** A local action for instant feedback; replaced by the server's answer. */
export function optimisticAction(step: DraftStep, champion: Champion | null): BoardAction {
  optimisticId -= 1;
  return {
    id: optimisticId,
    champion: champion
      ? {
          id: champion.id,
          name: champion.name,
          champion_key: champion.champion_key,
          icon_url: champion.icon_url,
        }
      : null,
    champion_id: champion?.id ?? null,
    phase_number: step.index,
    action_type: step.type,
    team_side: step.side,
    is_auto: champion === null,
    created_at: new Date().toISOString(),
    pending: true,
  };
}
