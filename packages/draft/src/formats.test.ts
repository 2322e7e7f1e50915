import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildFormat,
  DEFAULT_FORMAT,
  DRAFT_SEQUENCE,
  type DraftFormat,
  FORMAT_PRESETS,
  formatSpecProblem,
  formatStepCount,
  SPEC_FORMAT,
} from "./formats.ts";
import {
  applyAction,
  createDraft,
  type DraftState,
  describeDraft,
  draftStatus,
  fromActions,
} from "./state.ts";

const sides = (format: DraftFormat) => format.steps.map((s) => s.side[0]).join("");
const types = (format: DraftFormat) => format.steps.map((s) => s.type[0]).join("");

/** Plays every step of a format with champions 1, 2, 3, … */
function playAll(format: DraftFormat): DraftState {
  return fromActions(
    format.steps.map((step, i) => ({
      phase_number: i,
      action_type: step.type,
      team_side: step.side,
      champion_id: i + 1,
    })),
    { format },
  );
}

describe("formats", () => {
  it("defaults to the official tournament order, red first in the second ban phase", () => {
    expect(sides(DEFAULT_FORMAT)).toBe("BRBRBR" + "BRRBBR" + "RBRB" + "RBBR");
    expect(DRAFT_SEQUENCE).toBe(DEFAULT_FORMAT.steps);
    expect(createDraft().format).toBe(DEFAULT_FORMAT);
  });

  it("keeps the spec's order (B R B R) as a preset", () => {
    expect(sides(SPEC_FORMAT)).toBe("BRBRBR" + "BRRBBR" + "BRBR" + "RBBR");
    expect(types(SPEC_FORMAT)).toBe("BBBBBBPPPPPPBBBBPPPP");
    expect(buildFormat(FORMAT_PRESETS.spec)).toBe(SPEC_FORMAT);
  });

  it("disables ban turns: three bans each is a 16-step draft", () => {
    const format = buildFormat({ order: "tournament", disabled_slots: [15, 4, 5, 14], first_pick: "BLUE" });
    expect(format.steps).toHaveLength(16);
    expect(format.spec.disabled_slots).toEqual([4, 5, 14, 15]);
    expect(format.steps.map((s) => s.index)).toEqual([...Array(16).keys()]);
    expect(format.steps[4]).toMatchObject({ index: 4, slot: 6, type: "PICK", side: "BLUE", phase: 2 });
    const done = playAll(format);
    expect(draftStatus(done)).toBe("complete");
    const view = describeDraft(done);
    expect(view.blue.bans).toHaveLength(3);
    expect(view.red.bans).toHaveLength(3);
    expect(view.progress).toBe(100);
    expect(
      applyAction(done, { phase_number: 16, action_type: "BAN", team_side: "BLUE", champion_id: 99 }),
    ).toEqual({
      ok: false,
      code: "draft_complete",
    });
  });

  it("refuses to disable picks or unknown slots", () => {
    expect(formatSpecProblem({ order: "tournament", disabled_slots: [6], first_pick: "BLUE" })).toBe(
      "pick_disabled",
    );
    expect(formatSpecProblem({ order: "tournament", disabled_slots: [20], first_pick: "BLUE" })).toBe(
      "slot_out_of_range",
    );
    expect(() => buildFormat({ order: "tournament", disabled_slots: [6], first_pick: "BLUE" })).toThrow();
  });

  it("first selection: red taking first pick swaps every pick turn, never a ban", () => {
    const format = buildFormat({ order: "tournament", disabled_slots: [], first_pick: "RED" });
    expect(sides(format)).toBe("BRBRBR" + "RBBRRB" + "RBRB" + "BRRB");
    expect(types(format)).toBe(types(DEFAULT_FORMAT));
  });

  it("any ban subset gives a playable format with five picks a side (property)", () => {
    const banSlots = DEFAULT_FORMAT.steps.filter((s) => s.type === "BAN").map((s) => s.slot);
    fc.assert(
      fc.property(
        fc.subarray(banSlots),
        fc.constantFrom("tournament" as const, "spec" as const),
        fc.constantFrom("BLUE" as const, "RED" as const),
        (disabled, order, firstPick) => {
          const format = buildFormat({ order, disabled_slots: disabled, first_pick: firstPick });
          expect(format.steps).toHaveLength(20 - disabled.length);
          const view = describeDraft(playAll(format));
          expect(view.status).toBe("complete");
          expect(view.blue.picks).toHaveLength(5);
          expect(view.red.picks).toHaveLength(5);
          expect(view.blue.bans.length + view.red.bans.length).toBe(10 - disabled.length);
        },
      ),
    );
  });
});

describe("formatStepCount", () => {
  it("counts a format's turns: 20 in full, fewer with bans switched off, the default without a format", () => {
    expect(formatStepCount(FORMAT_PRESETS.tournament)).toBe(20);
    expect(formatStepCount({ order: "spec", disabled_slots: [4, 5, 14, 15], first_pick: "RED" })).toBe(16);
    expect(formatStepCount(null)).toBe(20);
  });
});
