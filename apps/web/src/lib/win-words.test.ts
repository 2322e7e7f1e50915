import { describe, expect, it } from "vitest";
import { winConfidence } from "./win-words.ts";

describe("a win estimate's confidence in one plain word", () => {
  it("calls a wide range a guess, a middling one rough, a narrow one fair", () => {
    expect(winConfidence({ low: 0.17, high: 0.78, games: 40 })).toBe("guess");
    expect(winConfidence({ low: 0.35, high: 0.62, games: 120 })).toBe("rough");
    expect(winConfidence({ low: 0.48, high: 0.6, games: 300 })).toBe("fair");
  });

  it("calls anything from a handful of games a guess, however narrow", () => {
    expect(winConfidence({ low: 0.5, high: 0.55, games: 4 })).toBe("guess");
  });
});
