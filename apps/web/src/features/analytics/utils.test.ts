import type { Analytics } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { blueWinRate, formatDay, hasAnyData, percent } from "./utils.ts";

const empty: Analytics = {
  days: 7,
  sessions_created: 0,
  sessions_completed: 0,
  most_picked: [],
  most_banned: [],
  first_picks: [],
  first_bans: [],
  results: { blue_wins: 0, red_wins: 0, unrecorded: 0 },
  per_day: [{ date: "2026-03-08", created: 0, completed: 0 }],
};

describe("analytics helpers", () => {
  it("computes percentages without dividing by zero", () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBeNull();
    expect(blueWinRate({ blue_wins: 3, red_wins: 1, unrecorded: 5 })).toBe(75);
    expect(blueWinRate({ blue_wins: 0, red_wins: 0, unrecorded: 2 })).toBeNull();
  });

  it("tells an empty period from one with drafts", () => {
    expect(hasAnyData(empty)).toBe(false);
    expect(hasAnyData({ ...empty, sessions_created: 1 })).toBe(true);
  });

  it("formats UTC days per locale", () => {
    expect(formatDay("2026-03-08", "en")).toBe("Mar 8");
    expect(formatDay("2026-03-08", "es")).toBe("8 mar");
  });
});
