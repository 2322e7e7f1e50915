import type { Champion, DraftAction } from "@draftroom/contracts";
import {
  type BoardClock,
  buildBoardView,
  buildFormat,
  DEFAULT_FORMAT,
  type DraftFormatSpec,
  type DraftState,
  type DraftStep,
  describeDraft,
  fromActions,
  type Side,
  sortActions,
  withLocked,
} from "@draftroom/draft";
import type { BoardChampion, ChampionBoard } from "@/components/draft-board/types.ts";

/** A saved (or optimistically applied) action on the board. */
export type BoardAction = DraftAction & { pending?: boolean };

/** The action log replayed by the engine: what the draft page acts on (the view is derived). */
export interface BoardState {
  state: DraftState;
  /** Sorted by step. */
  actions: BoardAction[];
  /** The step to play next, or null when every step of the format is done. */
  next: DraftStep | null;
  /** Number of actions taken. */
  count: number;
  complete: boolean;
}

/** What a board needs besides its actions: the session's format and, in a series, the locks. */
export interface BoardOptions {
  format?: DraftFormatSpec | null | undefined;
  championIds?: Iterable<number> | undefined;
  locked?: Iterable<number>;
  sideLocked?: Partial<Record<Side, Iterable<number>>>;
}

/**
 * The engine's state from the action log (sorted by step then time) in the session's format, with
 * the next step. Series locks bind the next actions only (as on the server). Throws
 * `DraftHistoryError` on an illegal log.
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
  const summary = describeDraft(state);
  return {
    state,
    actions: sorted,
    next: summary.next_step,
    count: summary.current_step,
    complete: summary.status === "complete",
  };
}

/** A champion the pool no longer has still draws from what the action carried. */
function unknownChampion(actions: readonly BoardAction[], id: number): BoardChampion {
  const carried = actions.find((action) => action.champion_id === id)?.champion;
  return { id, name: carried?.name ?? "?", icon_url: carried?.icon_url ?? "" };
}

export interface BoardViewOptions {
  hover?: number | null;
  clock?: BoardClock | null;
  banks?: Readonly<Record<Side, number>> | null;
}

/** The board view model (packages/draft) of an action log, with the pool's champions. */
export function championBoard(
  board: BoardState,
  names: Readonly<Record<Side, string>>,
  championsById: ReadonlyMap<number, Champion>,
  options: BoardViewOptions = {},
): ChampionBoard {
  return buildBoardView<BoardChampion>({
    state: board.state,
    names,
    champion: (id) => championsById.get(id),
    fallback: (id) => unknownChampion(board.actions, id),
    actions: board.actions,
    hover: options.hover ?? null,
    clock: options.clock ?? null,
    banks: options.banks ?? null,
  });
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

/** How each used champion was used (the grid's PICK / BAN badge). */
export function championUsage(actions: readonly BoardAction[]): Map<number, "PICK" | "BAN"> {
  const map = new Map<number, "PICK" | "BAN">();
  for (const action of actions)
    if (action.champion_id !== null) map.set(action.champion_id, action.action_type);
  return map;
}
