import { ERROR_CODES } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import {
  actionNumber,
  applyAction,
  championStatus,
  createDraft,
  currentPhase,
  DRAFT_ERROR_CODES,
  type DraftActionInput,
  DraftHistoryError,
  type DraftState,
  describeDraft,
  draftProgress,
  draftStatus,
  fromActions,
  isAvailable,
  nextStep,
  phaseLabelKey,
  sortActions,
  teamBoard,
  teamPicks,
  truncate,
  withLocked,
} from "./state.ts";

/** The legal action for step `i` with champion `id` (null = skip). */
function act(i: number, id: number | null, created_at?: string): DraftActionInput {
  const step = DRAFT_SEQUENCE[i]!;
  return {
    phase_number: i,
    action_type: step.type,
    team_side: step.side,
    champion_id: id,
    ...(created_at ? { created_at } : {}),
  };
}

function play(count: number, offset = 100): DraftState {
  return fromActions(Array.from({ length: count }, (_, i) => act(i, offset + i)));
}

function mustApply(state: DraftState, action: DraftActionInput): DraftState {
  const result = applyAction(state, action);
  if (!result.ok) throw new Error(result.code);
  return result.state;
}

describe("applyAction", () => {
  it("accepts the next step and records the champion", () => {
    const state = mustApply(createDraft(), act(0, 103));
    expect(state.actions).toHaveLength(1);
    expect(state.used.has(103)).toBe(true);
  });

  it("rejects a step other than the next one with wrong_turn", () => {
    expect(applyAction(createDraft(), act(1, 103))).toEqual({ ok: false, code: "wrong_turn" });
    expect(applyAction(play(3), act(2, 1))).toEqual({ ok: false, code: "wrong_turn" });
  });

  it("rejects the other side with wrong_side", () => {
    expect(applyAction(createDraft(), { ...act(0, 103), team_side: "RED" })).toEqual({
      ok: false,
      code: "wrong_side",
    });
  });

  it("rejects the other action type with wrong_type", () => {
    expect(applyAction(createDraft(), { ...act(0, 103), action_type: "PICK" })).toEqual({
      ok: false,
      code: "wrong_type",
    });
  });

  it("rejects a champion picked or banned before with champion_used", () => {
    const state = mustApply(createDraft(), act(0, 103));
    expect(applyAction(state, act(1, 103))).toEqual({ ok: false, code: "champion_used" });
  });

  it("rejects a locked champion with champion_locked", () => {
    const state = createDraft({ locked: [266] });
    expect(applyAction(state, act(0, 266))).toEqual({ ok: false, code: "champion_locked" });
    expect(applyAction(withLocked(createDraft(), [7]), act(0, 7))).toEqual({
      ok: false,
      code: "champion_locked",
    });
  });

  it("rejects ids outside the pool or not positive integers with unknown_champion", () => {
    const state = createDraft({ championIds: [1, 2, 3] });
    expect(applyAction(state, act(0, 4))).toEqual({ ok: false, code: "unknown_champion" });
    expect(applyAction(createDraft(), act(0, 0))).toEqual({ ok: false, code: "unknown_champion" });
    expect(applyAction(createDraft(), act(0, 1.5))).toEqual({ ok: false, code: "unknown_champion" });
    expect(applyAction(state, act(0, 2)).ok).toBe(true);
  });

  it("rejects any action once 20 steps are taken with draft_complete", () => {
    const done = play(20);
    expect(draftStatus(done)).toBe("complete");
    expect(applyAction(done, { ...act(19, 999), phase_number: 20 })).toEqual({
      ok: false,
      code: "draft_complete",
    });
  });

  it("allows a skipped ban but never a skipped pick", () => {
    const skipped = mustApply(createDraft(), act(0, null));
    expect(skipped.actions).toHaveLength(1);
    expect(skipped.used.size).toBe(0);
    expect(applyAction(play(6), act(6, null))).toEqual({ ok: false, code: "skip_not_allowed" });
  });

  it("does not mutate the previous state", () => {
    const before = createDraft();
    mustApply(before, act(0, 5));
    expect(before.actions).toHaveLength(0);
    expect(before.used.size).toBe(0);
  });
});

describe("DraftErrorCode", () => {
  it("is a subset of the API's error codes", () => {
    for (const code of DRAFT_ERROR_CODES) expect(ERROR_CODES).toContain(code);
  });
});

describe("fromActions", () => {
  it("sorts by phase_number then created_at", () => {
    const actions = [act(2, 12), act(0, 10), act(1, 11)];
    expect(fromActions(actions).actions.map((a) => a.champion_id)).toEqual([10, 11, 12]);
    const tied = sortActions([
      { ...act(0, 1), created_at: "2026-01-01T00:00:02.000Z" },
      { ...act(0, 2), created_at: "2026-01-01T00:00:01.000Z" },
    ]);
    expect(tied.map((a) => a.champion_id)).toEqual([2, 1]);
  });

  it("throws DraftHistoryError with the rule and position of an illegal history", () => {
    const run = () => fromActions([act(0, 1), act(1, 1)]);
    expect(run).toThrow(DraftHistoryError);
    expect(run).toThrow(expect.objectContaining({ code: "champion_used", index: 1 }));
    expect(() => fromActions([act(0, 1), act(0, 2)])).toThrow(/wrong_turn/);
  });

  it("applies the options (locked and pool)", () => {
    expect(() => fromActions([act(0, 9)], { locked: [9] })).toThrow(/champion_locked/);
    expect(() => fromActions([act(0, 9)], { championIds: [1] })).toThrow(/unknown_champion/);
  });
});

describe("truncate", () => {
  it("keeps the actions before the step and frees later champions", () => {
    const state = play(10);
    const cut = truncate(state, 6);
    expect(cut.actions).toHaveLength(6);
    expect(cut.used.has(106)).toBe(false);
    expect(cut.used.has(105)).toBe(true);
    expect(nextStep(cut)?.index).toBe(6);
    expect(truncate(state, 0).actions).toHaveLength(0);
  });

  it("returns the same state for a step at or past the current one", () => {
    const state = play(4);
    expect(truncate(state, 4)).toBe(state);
    expect(truncate(state, 30)).toBe(state);
  });
});

describe("derived values", () => {
  it("follows the official order by default: B R B R B R | B R R B B R | R B R B | R B B R", () => {
    const sides = DRAFT_SEQUENCE.map((s) => s.side[0]).join("");
    expect(sides).toBe("BRBRBR" + "BRRBBR" + "RBRB" + "RBBR");
    expect(DRAFT_SEQUENCE.map((s) => s.type[0]).join("")).toBe("BBBBBBPPPPPPBBBBPPPP");
  });

  it("gives phase 1-4 with its label key, and 4 when complete", () => {
    const phases = [0, 6, 12, 16, 20].map((n) => currentPhase(play(n)));
    expect(phases).toEqual([1, 2, 3, 4, 4]);
    expect(phaseLabelKey(1)).toBe("draft.phase.ban1");
    expect(phaseLabelKey(2)).toBe("draft.phase.pick1");
    expect(phaseLabelKey(3)).toBe("draft.phase.ban2");
    expect(phaseLabelKey(4)).toBe("draft.phase.pick2");
    expect(phaseLabelKey(7)).toBe("draft.phase.other");
  });

  it("reports status, progress and action numbers", () => {
    expect(draftStatus(play(19))).toBe("in_progress");
    expect(draftProgress(createDraft())).toBe(0);
    expect(draftProgress(play(6))).toBe(30);
    expect(draftProgress(play(20))).toBe(100);
    expect(actionNumber(0)).toBe(1);
    expect(actionNumber(19)).toBe(20);
  });

  it("lists each team's picks and bans with skipped-ban placeholders", () => {
    let state = createDraft();
    state = mustApply(state, act(0, null));
    state = mustApply(state, act(1, 20));
    for (let i = 2; i < 9; i++) state = mustApply(state, act(i, 30 + i));
    const blue = teamBoard(state, "BLUE");
    expect(blue.bans.map((b) => [b.step, b.champion_id, b.skipped])).toEqual([
      [0, null, true],
      [2, 32, false],
      [4, 34, false],
    ]);
    expect(blue.picks.map((p) => p.champion_id)).toEqual([36]);
    expect(teamBoard(state, "RED").picks.map((p) => p.champion_id)).toEqual([37, 38]);
    expect(teamPicks(state, "RED")).toEqual([37, 38]);
  });

  it("summarises everything in describeDraft", () => {
    const view = describeDraft(play(7));
    expect(view.current_step).toBe(7);
    expect(view.next_step).toEqual({ index: 7, slot: 7, side: "RED", type: "PICK", phase: 2 });
    expect(view.next_action_number).toBe(8);
    expect(view.current_phase).toBe(2);
    expect(view.phase_label_key).toBe("draft.phase.pick1");
    expect(view.status).toBe("in_progress");
    expect(view.progress).toBe(35);
    expect(view.blue.bans).toHaveLength(3);
    expect(view.red.picks).toHaveLength(0);
    const done = describeDraft(play(20));
    expect(done.next_step).toBeNull();
    expect(done.next_action_number).toBeNull();
    expect(done.blue.picks).toHaveLength(5);
    expect(done.red.bans).toHaveLength(5);
  });

  it("gives each champion's status", () => {
    const state = withLocked(play(7), [500]);
    expect(championStatus(state, 100)).toBe("banned");
    expect(championStatus(state, 106)).toBe("picked");
    expect(championStatus(state, 500)).toBe("locked");
    expect(championStatus(state, 501)).toBe("available");
    expect(isAvailable(state, 501)).toBe(true);
    expect(isAvailable(state, 100)).toBe(false);
    expect(isAvailable(state, 500)).toBe(false);
  });
});
