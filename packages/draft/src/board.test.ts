import { describe, expect, it } from "vitest";
import { boardSlots, boardTeam, buildBoardView } from "./board.ts";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { createDraft, type DraftActionInput, fromActions } from "./state.ts";

const act = (i: number, id: number | null): DraftActionInput => {
  const step = DRAFT_SEQUENCE[i]!;
  return { phase_number: i, action_type: step.type, team_side: step.side, champion_id: id };
};
const champions = new Map([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => [id, { id, name: `C${id}` }]));
const names = { BLUE: "T1", RED: "Gen.G" } as const;
const view = (actions: DraftActionInput[], extra: Partial<Parameters<typeof buildBoardView>[0]> = {}) =>
  buildBoardView({ state: fromActions(actions), names, champion: (id) => champions.get(id), ...extra });

describe("buildBoardView", () => {
  it("an empty draft: ten empty slots per team, Blue's first ban on the clock", () => {
    const board = view([]);
    expect(board.blue.picks).toHaveLength(5);
    expect(board.red.bans).toHaveLength(5);
    expect(board.blue.bans[0]).toMatchObject({ step: 0, side: "BLUE", type: "BAN", index: 0, state: "next" });
    expect(board.red.bans[0]?.state).toBe("empty");
    expect(board.next).toMatchObject({ index: 0, side: "BLUE", type: "BAN" });
    expect(board.blue.active).toBe(true);
    expect(board.red.active).toBe(false);
    expect(board).toMatchObject({ count: 0, phase: 1, phaseLabelKey: "draft.phase.ban1", complete: false });
    expect(board.progress).toBe(0);
    expect(board.blue.name).toBe("T1");
  });

  it("fills slots in sequence order per team, skipped bans and automatic picks marked", () => {
    const actions = [act(0, 1), act(1, null), act(2, 2), act(3, 3), act(4, 4), act(5, 5), act(6, 6)];
    const board = view(actions, { actions: [{ phase_number: 6, is_auto: true }] });
    expect(board.red.bans[0]).toMatchObject({ state: "skipped", champion: null, auto: true });
    expect(board.blue.bans.map((slot) => slot.champion?.name)).toEqual([
      "C1",
      "C2",
      "C4",
      undefined,
      undefined,
    ]);
    expect(board.blue.picks[0]).toMatchObject({ step: 6, state: "filled", auto: true, champion: { id: 6 } });
    expect(board.red.picks[0]).toMatchObject({ step: 7, state: "next" });
    expect(board.blue.pickCount).toBe(1);
    expect(board.red.banCount).toBe(3);
    expect(board.phase).toBe(2);
  });

  it("shows the hover in the slot on the clock, never elsewhere", () => {
    const board = view([act(0, 1)], { hover: 3 });
    expect(board.red.bans[0]).toMatchObject({ state: "hover", champion: { id: 3 } });
    expect(board.hover?.name).toBe("C3");
    expect(board.blue.bans[1]?.state).toBe("empty");
  });

  it("a complete draft has no step, no hover and no clock", () => {
    const ids = Array.from({ length: 20 }, (_, i) => i + 1);
    const all = new Map(ids.map((id) => [id, { id, name: `C${id}` }]));
    const board = buildBoardView({
      state: fromActions(ids.map((id, i) => act(i, id))),
      names,
      champion: (id) => all.get(id),
      hover: 3,
      clock: { remainingMs: 1000, totalMs: 30_000, phase: "running" },
    });
    expect(board).toMatchObject({
      complete: true,
      next: null,
      hover: null,
      clock: null,
      progress: 100,
      phase: 4,
    });
    expect(board.blue.active || board.red.active).toBe(false);
    expect(boardSlots(board).map((slot) => slot.step)).toEqual(ids.map((id) => id - 1));
  });

  it("unknown champions use the fallback; pending steps and banks pass through", () => {
    const board = buildBoardView({
      state: createDraft(),
      names,
      champion: () => undefined,
      fallback: (id) => ({ id, name: "?" }),
      hover: 99,
      banks: { BLUE: 45_000, RED: -5 },
    });
    expect(board.hover).toEqual({ id: 99, name: "?" });
    expect(boardTeam(board, "BLUE").bankMs).toBe(45_000);
    expect(boardTeam(board, "RED").bankMs).toBe(0);
    const pending = view([act(0, 1)], { actions: [{ phase_number: 0, pending: true }] });
    expect(pending.blue.bans[0]?.pending).toBe(true);
  });
});
