import type { Champion } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { describe, expect, it } from "vitest";
import { type BoardAction, buildBoard, championBoard, optimisticAction } from "./board.ts";

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
    expect(board.complete).toBe(false);
  });

  it("its view places each action in its team's slot, skipped bans and pending ones marked", () => {
    const board = buildBoard(play(8, [1]));
    const pool = new Map([1, 7].map((id) => [id, champion(id)]));
    const view = championBoard(board, { BLUE: "B", RED: "R" }, pool, { hover: 7 });
    expect(view.blue.bans[0]?.champion?.id).toBe(1);
    expect(view.red.bans[0]).toMatchObject({ state: "skipped", champion: null, auto: true });
    expect(view.blue.picks[0]).toMatchObject({ state: "filled", pending: true, champion: { id: 7 } });
    // Champion 8 is not in the pool: drawn from what the action carried.
    expect(view.red.picks[0]?.champion).toMatchObject({ id: 8, name: "Champ 8" });
    expect(view.next).toMatchObject({ index: 8, side: "RED", type: "PICK" });
    expect(view.red.picks[1]?.state).toBe("hover");
    expect(view.phase).toBe(2);
    expect(view.progress).toBe(40);
    expect(board.state.used.has(1)).toBe(true);
  });

  it("orders actions by step whatever the input order, and completes at 20", () => {
    const board = buildBoard(play(20).reverse());
    expect(board.complete).toBe(true);
    expect(board.next).toBeNull();
    expect(board.actions.map((action) => action.phase_number)).toEqual([...Array(20).keys()]);
    const view = championBoard(board, { BLUE: "B", RED: "R" }, new Map());
    expect(view.red.picks.map((slot) => slot.champion?.id)).toEqual([8, 9, 12, 17, 20]);
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
