import { describe, expect, it } from "vitest";
import { bannerSide, clockText, clockTone, MAY_NOTHING, type TurnInput, turnHeadline } from "./turn-state.ts";

const base: TurnInput = {
  status: "running",
  next: { side: "BLUE", type: "PICK" },
  mySide: null,
  may: MAY_NOTHING,
  resumesInMs: 0,
  correctionSide: null,
};
/** What `can()` says of the captain on the clock, a member of its team, a seat that may decide. */
const locks = { ...MAY_NOTHING, lock: true };
const suggests = { ...MAY_NOTHING, suggest: true };
const decides = { ...MAY_NOTHING, decideCorrection: true };

describe("clockTone", () => {
  it("is calm, then amber at 20 s, then red at 10 s", () => {
    expect(clockTone(30_000, false)).toBe("calm");
    expect(clockTone(20_400, false)).toBe("calm");
    expect(clockTone(20_000, false)).toBe("amber");
    expect(clockTone(10_500, false)).toBe("amber");
    expect(clockTone(10_000, false)).toBe("red");
    expect(clockTone(0, false)).toBe("red");
  });
  it("is calm when paused or untimed", () => {
    expect(clockTone(3_000, true)).toBe("calm");
    expect(clockTone(null, false)).toBe("calm");
  });
});

describe("clockText", () => {
  it("always reads m:ss, rounding up", () => {
    expect(clockText(12_000)).toBe("0:12");
    expect(clockText(11_001)).toBe("0:12");
    expect(clockText(95_000)).toBe("1:35");
    expect(clockText(-5)).toBe("0:00");
  });
});

describe("turnHeadline", () => {
  it("tells the seat that may lock it is their pick, and everyone else whose it is", () => {
    expect(turnHeadline({ ...base, mySide: "BLUE", may: locks })).toEqual({
      kind: "yours",
      action: "PICK",
    });
    // A solo room's organiser plays both sides: `can()` lets it lock, so it is "yours" too.
    expect(turnHeadline({ ...base, may: locks })).toEqual({ kind: "yours", action: "PICK" });
    expect(turnHeadline({ ...base, mySide: "RED" })).toEqual({
      kind: "theirs",
      side: "BLUE",
      action: "PICK",
    });
    expect(turnHeadline({ ...base, next: { side: "RED", type: "BAN" } })).toEqual({
      kind: "theirs",
      side: "RED",
      action: "BAN",
    });
  });
  it("tells a member who may suggest that their team acts", () => {
    expect(turnHeadline({ ...base, mySide: "BLUE", may: suggests })).toEqual({
      kind: "your_team",
      action: "PICK",
    });
  });
  it("says who decides a pending correction, to each seat", () => {
    const asked = { ...base, correctionSide: "BLUE" as const };
    expect(turnHeadline({ ...asked, mySide: "RED", may: decides })).toMatchObject({ decider: "you" });
    expect(turnHeadline({ ...asked, may: decides })).toMatchObject({ decider: "you" });
    expect(turnHeadline({ ...asked, mySide: "BLUE" })).toMatchObject({
      decider: "other_team",
    });
    expect(turnHeadline(asked)).toMatchObject({
      kind: "correction",
      asker: "BLUE",
      decider: "organiser_or_other",
    });
    expect(bannerSide(turnHeadline(asked), { side: "RED" })).toBe("BLUE");
  });
  it("is paused, resuming, in the lobby or complete before anything else", () => {
    expect(turnHeadline({ ...base, status: "paused", mySide: "BLUE", may: locks }).kind).toBe("paused");
    expect(turnHeadline({ ...base, resumesInMs: 2_100, mySide: "BLUE", may: locks })).toEqual({
      kind: "resuming",
      seconds: 3,
    });
    expect(turnHeadline({ ...base, status: "lobby" }).kind).toBe("lobby");
    expect(turnHeadline({ ...base, next: null }).kind).toBe("complete");
  });
});
