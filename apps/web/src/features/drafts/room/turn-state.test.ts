import { describe, expect, it } from "vitest";
import { bannerSide, clockText, clockTone, type TurnInput, turnHeadline } from "./turn-state.ts";

const base: TurnInput = {
  status: "running",
  next: { side: "BLUE", type: "PICK" },
  mySide: null,
  captain: false,
  resumesInMs: 0,
  correctionSide: null,
  organiser: false,
};

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
  it("tells the captain on the clock it is their pick, and everyone else whose it is", () => {
    expect(turnHeadline({ ...base, mySide: "BLUE", captain: true })).toEqual({
      kind: "yours",
      action: "PICK",
    });
    expect(turnHeadline({ ...base, mySide: "RED", captain: true })).toEqual({
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
  it("tells a member their team acts", () => {
    expect(turnHeadline({ ...base, mySide: "BLUE" })).toEqual({ kind: "your_team", action: "PICK" });
  });
  it("says who decides a pending correction, to each seat", () => {
    const asked = { ...base, correctionSide: "BLUE" as const };
    expect(turnHeadline({ ...asked, mySide: "RED", captain: true })).toMatchObject({ decider: "you" });
    expect(turnHeadline({ ...asked, organiser: true })).toMatchObject({ decider: "you" });
    expect(turnHeadline({ ...asked, mySide: "BLUE", captain: true })).toMatchObject({
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
    expect(turnHeadline({ ...base, status: "paused", mySide: "BLUE", captain: true }).kind).toBe("paused");
    expect(turnHeadline({ ...base, resumesInMs: 2_100, mySide: "BLUE", captain: true })).toEqual({
      kind: "resuming",
      seconds: 3,
    });
    expect(turnHeadline({ ...base, status: "lobby" }).kind).toBe("lobby");
    expect(turnHeadline({ ...base, next: null }).kind).toBe("complete");
  });
});
