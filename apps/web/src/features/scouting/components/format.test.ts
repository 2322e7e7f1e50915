import { describe, expect, it } from "vitest";
import { MIN_RATE_SAMPLE, percentOf } from "./format.ts";

describe("percentOf", () => {
  it("states a rate only from MIN_RATE_SAMPLE decided games", () => {
    expect(percentOf({ wins: 1, decided: MIN_RATE_SAMPLE - 1 })).toBeNull();
    expect(percentOf({ wins: 3, decided: 5 })).toBe(60);
    expect(percentOf({ wins: 2, decided: 3 * MIN_RATE_SAMPLE })).toBe(13);
  });
});
