import type { Champion } from "@draftroom/contracts";
import { TeamPanel } from "@/components/draft-board/TeamPanel.tsx";
import type { SlotRef, SlotValue } from "@/components/draft-board/types.ts";
import type { BoardAction, BoardState, SideBoard } from "../utils/board.ts";

function filled(
  side: SideBoard,
  kind: "picks" | "bans",
  championsById: ReadonlyMap<number, Champion>,
): SlotValue[] {
  const values: SlotValue[] = [];
  for (const slot of side[kind]) {
    const action = slot.action;
    if (!action) break;
    if (action.champion_id === null) {
      values.push(null);
      continue;
    }
    const champion = championsById.get(action.champion_id);
    values.push({
      id: action.champion_id,
      name: champion?.name ?? action.champion?.name ?? "?",
      icon_url: champion?.icon_url ?? action.champion?.icon_url ?? "",
    });
  }
  return values;
}

export interface BoardSideProps {
  board: BoardState;
  side: "BLUE" | "RED";
  name: string;
  championsById: ReadonlyMap<number, Champion>;
  /** Clicking a saved champion: modify the draft from that action. */
  onModify?: (action: BoardAction) => void;
}

/** One team's slots, drawn by the shared board panel (same look as the landing demo). */
export function BoardSide({ board, side, name, championsById, onModify }: BoardSideProps) {
  const sideBoard = side === "BLUE" ? board.blue : board.red;
  const team = side === "BLUE" ? "blue" : "red";
  const next = board.next;
  const onSlotClick = onModify
    ? (slot: SlotRef) => {
        const list = slot.action === "pick" ? sideBoard.picks : sideBoard.bans;
        const action = list[slot.index]?.action;
        // Skipped bans and actions still being saved cannot be modified.
        if (!action || action.champion_id === null || action.pending) return;
        onModify(action);
      }
    : undefined;
  return (
    <TeamPanel
      team={team}
      name={name}
      picks={filled(sideBoard, "picks", championsById)}
      bans={filled(sideBoard, "bans", championsById)}
      draftPhase={
        next
          ? { team: next.side === "BLUE" ? "blue" : "red", action: next.type === "PICK" ? "pick" : "ban" }
          : null
      }
      modifiable={Boolean(onModify)}
      onSlotClick={onSlotClick}
    />
  );
}
