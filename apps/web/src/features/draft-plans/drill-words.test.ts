import { describe, expect, it } from "vitest";
import { answeredOf, stepWords } from "./drill-words.ts";

describe("a draft step in a coach's words", () => {
  it("names each step from our side: whose, ban or pick, and which one", () => {
    expect(stepWords(0, "BLUE")).toEqual({ whose: "our", action: "BAN", ordinal: 1 });
    expect(stepWords(1, "BLUE")).toEqual({ whose: "their", action: "BAN", ordinal: 1 });
    expect(stepWords(7, "BLUE")).toEqual({ whose: "their", action: "PICK", ordinal: 1 });
    expect(stepWords(8, "BLUE")).toEqual({ whose: "their", action: "PICK", ordinal: 2 });
    expect(stepWords(13, "BLUE")).toEqual({ whose: "our", action: "BAN", ordinal: 4 });
    // The same step, seen from red.
    expect(stepWords(13, "RED")).toEqual({ whose: "their", action: "BAN", ordinal: 4 });
    expect(stepWords(19, "RED")).toEqual({ whose: "our", action: "PICK", ordinal: 5 });
  });

  it("has no words for a step outside the draft", () => {
    expect(stepWords(20, "BLUE")).toBeNull();
    expect(stepWords(-1, "BLUE")).toBeNull();
  });

  it("turns a coverage share back into the count it is a share of", () => {
    expect(answeredOf(0.05, 40)).toBe(2);
    expect(answeredOf(1, 7)).toBe(7);
    expect(answeredOf(0, 12)).toBe(0);
  });
});
