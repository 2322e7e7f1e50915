import type { Champion, RoomSnapshot } from "@draftroom/contracts";
import { DRAFT_SEQUENCE, type DraftActionInput, fromActions, type RoomPermissions } from "@draftroom/draft";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BoardAction } from "../utils/board.ts";
import { type RoomSend, useRoomBoard, useRoomPlay } from "./useRoomPlay.ts";

const champion = (id: number): Champion =>
  ({ id, name: `Champion ${id}`, champion_key: `C${id}` }) as Champion;
const championsById = new Map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => [id, champion(id)]));
/** The server's log up to (not including) `step`: champion id = step + 1. */
const actions = (step: number): BoardAction[] =>
  DRAFT_SEQUENCE.slice(0, step).map((s, index) => ({
    id: index + 1,
    phase_number: s.index,
    action_type: s.type,
    team_side: s.side,
    champion_id: s.index + 1,
    champion: null,
  })) as BoardAction[];
const captain: RoomPermissions = {
  lock: true,
  suggest: false,
  askCorrection: null,
  decideCorrection: false,
  ready: false,
  start: false,
  pause: false,
  resume: false,
};

/** The room's board and this seat's play, as the room page composes them. */
function usePlay({ log, send }: { log: BoardAction[]; send: (command: RoomSend) => Promise<void> }) {
  const draft = fromActions(log as DraftActionInput[]);
  const { board, pendingLock, setPendingLock } = useRoomBoard(
    { actions: log } as unknown as RoomSnapshot,
    draft,
  );
  return useRoomPlay({ board, perms: captain, pendingLock, setPendingLock, championsById, send });
}

describe("useRoomPlay on two steps in a row", () => {
  // Red's first two picks are steps 7 and 8.
  const first = DRAFT_SEQUENCE[7]!;
  const second = DRAFT_SEQUENCE[8]!;

  it("keeps the pick grid while the first lock is in flight, and its choice is locked once confirmed", () => {
    expect([first.side, first.type, second.side, second.type]).toEqual(["RED", "PICK", "RED", "PICK"]);
    const send = vi.fn((_command: RoomSend) => Promise.resolve());
    const { result, rerender } = renderHook(usePlay, { initialProps: { log: actions(7), send } });
    expect(result.current.myTurn).toBe(true);

    act(() => result.current.lockChampion(champion(9)));
    expect(send).toHaveBeenLastCalledWith({ type: "lock", step: 7, champion_id: 9 });
    // the lock is in flight: the grid of the next step stays, and its lock waits
    expect(result.current.myTurn).toBe(false);
    expect(result.current.nextInRow).toBe(true);
    act(() => result.current.selectChampion(champion(10)));
    expect(result.current.selectedId).toBe(10);
    act(() => result.current.lock());
    // no hover for a step the server has not reached, no second lock
    expect(send).toHaveBeenCalledTimes(1);

    // the server confirms the first lock: the choice stands, and the other seats see it now
    const confirmed = [...actions(7), { ...actions(8)[7]!, champion_id: 9 }];
    rerender({ log: confirmed, send });
    expect(result.current.myTurn).toBe(true);
    expect(result.current.nextInRow).toBe(false);
    expect(result.current.selectedId).toBe(10);
    expect(send).toHaveBeenLastCalledWith({ type: "hover", step: 8, champion_id: 10 });
    act(() => result.current.lock());
    expect(send).toHaveBeenLastCalledWith({ type: "lock", step: 8, champion_id: 10 });
  });

  it("hands the grid over when the step after the lock is the other team's", () => {
    const send = vi.fn((_command: RoomSend) => Promise.resolve());
    // blue's first pick (step 6) is followed by red's
    const { result } = renderHook(usePlay, { initialProps: { log: actions(6), send } });
    act(() => result.current.lockChampion(champion(9)));
    expect(result.current.myTurn).toBe(false);
    expect(result.current.nextInRow).toBe(false);
  });
});
