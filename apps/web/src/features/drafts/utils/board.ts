import type { Champion, DraftAction } from "@draftroom/contracts";
import {
  DRAFT_SEQUENCE,
  type DraftState,
  type DraftStep,
  describeDraft,
  fromActions,
  type Side,
  sortActions,
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
  /** The step to play next, or null when all 20 are done. */
  next: DraftStep | null;
  /** Number of actions taken (0-20). */
  count: number;
  complete: boolean;
  /** Display phase 1-4. */
  phase: 1 | 2 | 3 | 4;
  /** 0-100. */
  progress: number;
}

const slotsOf = (side: Side, type: "PICK" | "BAN") =>
  DRAFT_SEQUENCE.filter((step) => step.side === side && step.type === type);
const SLOTS: Record<Side, { picks: DraftStep[]; bans: DraftStep[] }> = {
  BLUE: { picks: slotsOf("BLUE", "PICK"), bans: slotsOf("BLUE", "BAN") },
  RED: { picks: slotsOf("RED", "PICK"), bans: slotsOf("RED", "BAN") },
};

/**
 * The board as the screens draw it, from the action log. The engine replays the actions (sorted
 * by step then time) and derives phase, progress and the next step; this adds each slot's action.
 */
export function buildBoard(actions: readonly BoardAction[], championIds?: Iterable<number>): BoardState {
  const sorted = sortActions(actions);
  const state = fromActions(sorted, championIds ? { championIds } : {});
  const summary = describeDraft(state);
  const byStep = new Map<number, BoardAction>(sorted.map((action) => [action.phase_number, action]));
  const side = (s: Side): SideBoard => ({
    side: s,
    picks: SLOTS[s].picks.map((step, index) => ({ step, index, action: byStep.get(step.index) ?? null })),
    bans: SLOTS[s].bans.map((step, index) => ({ step, index, action: byStep.get(step.index) ?? null })),
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
