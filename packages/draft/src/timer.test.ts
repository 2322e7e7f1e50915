import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { createDraft, type DraftActionInput, fromActions } from "./state.ts";
import { expiryAction, stepDeadline, stepSeconds, timerStatus } from "./timer.ts";

const settings = { ban_timer: 20, pick_timer: 45 };

function act(i: number, id: number | null): DraftActionInput {
  const step = DRAFT_SEQUENCE[i]!;
  return { phase_number: i, action_type: step.type, team_side: step.side, champion_id: id };
}

describe("timer", () => {
  it("uses the ban or pick seconds of the settings, clamped to 10-300", () => {
    expect(stepSeconds("BAN", settings)).toBe(20);
    expect(stepSeconds(DRAFT_SEQUENCE[6]!, settings)).toBe(45);
    expect(stepSeconds("BAN", { ban_timer: 5, pick_timer: 999 })).toBe(10);
    expect(stepSeconds("PICK", { ban_timer: 5, pick_timer: 999 })).toBe(300);
    expect(stepSeconds("PICK", { ban_timer: 5, pick_timer: Number.NaN })).toBe(30);
  });

  it("puts the deadline at start + seconds and the expiry 2 s later", () => {
    expect(stepDeadline(1_000, "BAN", settings)).toEqual({ deadline_ms: 21_000, expires_ms: 23_000 });
  });

  it("runs, then is in grace for 2 s, then expires", () => {
    expect(timerStatus(0, 0, "BAN", settings)).toEqual({
      remaining_seconds: 20,
      remaining_ms: 20_000,
      phase: "running",
    });
    expect(timerStatus(19_001, 0, "BAN", settings).remaining_seconds).toBe(1);
    expect(timerStatus(20_000, 0, "BAN", settings).phase).toBe("grace");
    expect(timerStatus(22_000, 0, "BAN", settings).phase).toBe("grace");
    expect(timerStatus(22_001, 0, "BAN", settings)).toEqual({
      remaining_seconds: 0,
      remaining_ms: 0,
      phase: "expired",
    });
  });
});

describe("expiryAction", () => {
  it("skips a ban", () => {
    expect(expiryAction(createDraft(), [1, 2])).toEqual({
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
      champion_id: null,
    });
  });

  it("locks the first available ranked champion on a pick", () => {
    const state = fromActions(Array.from({ length: 6 }, (_, i) => act(i, 10 + i)));
    expect(expiryAction(state, [10, 11, 42, 43])).toEqual({
      phase_number: 6,
      action_type: "PICK",
      team_side: "BLUE",
      champion_id: 42,
    });
    expect(expiryAction(state, { items: [{ champion_id: 12 }, { champion_id: 77 }] })?.champion_id).toBe(77);
  });

  it("returns null for a pick with nothing available, and when complete", () => {
    const state = fromActions(Array.from({ length: 6 }, (_, i) => act(i, 10 + i)));
    expect(expiryAction(state, [10])).toBeNull();
    const done = fromActions(Array.from({ length: 20 }, (_, i) => act(i, 10 + i)));
    expect(expiryAction(done, [1])).toBeNull();
  });
});
