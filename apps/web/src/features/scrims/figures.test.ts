import { describe, expect, it } from "vitest";
import { percent, periodStart, recordText, weekTick } from "./figures.ts";

describe("scrim figures", () => {
  it("shows a record only when games were counted", () => {
    expect(recordText({ wins: 7, losses: 2, win_rate: 7 / 9 })).toBe("7-2 (78%)");
    expect(recordText({ wins: 0, losses: 0, win_rate: null })).toBe("–");
    expect(percent({ win_rate: null })).toBe(0);
  });
  it("starts a period that many days back", () => {
    expect(periodStart("30", Date.parse("2026-11-29T12:00:00Z"))).toBe("2026-10-30");
    expect(periodStart("all", Date.now())).toBeUndefined();
  });
  it("names a week by its Monday in the page's language, the same day in every zone", () => {
    expect(weekTick("2026-11-30", "en")).toBe("Nov 30");
    expect(weekTick("2026-11-30", "es")).toBe("30 nov");
    expect(weekTick("not a day", "en")).toBe("not a day");
  });
});
