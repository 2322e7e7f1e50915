import type { Champion } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { describe, expect, it } from "vitest";
import { type BoardAction, buildBoard, optimisticAction } from "./board.ts";

const champion = (id: number): Champion => ({
  id,
  name: `Champ ${id}`,
  champion_key: `C${id}`,
  role: "Mage",
  tags: ["Mage"],
  icon_url: "",
  splash_url: "",
});

function play(count: number, skip: number[] = []): BoardAction[] {
  return DRAFT_SEQUENCE.slice(0, count).map((step) =>
    optimisticAction(step, skip.includes(step.index) ? null : champion(step.index + 1)),
  );
}

describe("buildBoard", () => {
  it("starts at Blue's first ban", () => {
    const board = buildBoard([]);
    expect(board.next).toMatchObject({ index: 0, side: "BLUE", type: "BAN" });
    expect(board.count).toBe(0);
    expect(board.progress).toBe(0);
    expect(board.blue.bans).toHaveLength(5);
    expect(board.blue.picks.every((slot) => slot.action === null)).toBe(true);
  });

  it("places each action in its team's slot, skipped bans included", () => {
    const board = buildBoard(play(8, [1]));
    expect(board.blue.bans[0]?.action?.champion_id).toBe(1);
    expect(board.red.bans[0]?.action?.champion_id).toBeNull();
    expect(board.blue.picks[0]?.action?.champion_id).toBe(7);
    expect(board.red.picks[0]?.action?.champion_id).toBe(8);
    expect(board.next).toMatchObject({ index: 8, side: "RED", type: "PICK" });
    expect(board.phase).toBe(2);
    expect(board.progress).toBe(40);
    expect(board.state.used.has(1)).toBe(true);
  });

  it("orders actions by step whatever the input order, and completes at 20", () => {
    const board = buildBoard(play(20).reverse());
    expect(board.complete).toBe(true);
    expect(board.next).toBeNull();
    expect(board.actions.map((action) => action.phase_number)).toEqual([...Array(20).keys()]);
    expect(board.red.picks.map((slot) => slot.action?.champion_id)).toEqual([8, 9, 12, 17, 20]);
  });
});

describe("optimisticAction", () => {
  it("is a pending local action with a negative id", () => {
    const action = optimisticAction(DRAFT_SEQUENCE[0]!, champion(5));
    expect(action.id).toBeLessThan(0);
    expect(action).toMatchObject({ pending: true, champion_id: 5, is_auto: false, team_side: "BLUE" });
    expect(optimisticAction(DRAFT_SEQUENCE[1]!, null)).toMatchObject({ champion_id: null, is_auto: true });
  });
});
