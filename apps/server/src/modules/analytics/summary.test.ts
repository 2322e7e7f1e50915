import { describe, expect, it } from "vitest";
import { summarize, TOP_CHAMPIONS, windowStart } from "./summary.ts";

const now = new Date("2026-03-10T15:00:00.000Z");
const names = new Map([
  [1, "Ahri"],
  [2, "Braum"],
  [3, "Caitlyn"],
]);

describe("windowStart", () => {
  it("starts at UTC midnight days-1 days before today", () => {
    expect(windowStart(now, 1).toISOString()).toBe("2026-03-10T00:00:00.000Z");
    expect(windowStart(now, 30).toISOString()).toBe("2026-02-09T00:00:00.000Z");
  });
});

describe("summarize", () => {
  it("counts sessions per day inside the window only", () => {
    const result = summarize({
      days: 3,
      now,
      names,
      actions: [],
      sessions: [
        { created_at: "2026-03-10T01:00:00.000Z", completed_at: "2026-03-10T02:00:00.000Z", winner: "BLUE" },
        { created_at: "2026-03-08T23:59:59.000Z", completed_at: null, winner: null },
        { created_at: "2026-03-07T23:59:59.000Z", completed_at: "2026-03-08T10:00:00.000Z", winner: null },
        { created_at: "2026-01-01T00:00:00.000Z", completed_at: "2026-01-01T00:10:00.000Z", winner: "RED" },
      ],
    });
    expect(result.sessions_created).toBe(2);
    expect(result.sessions_completed).toBe(2);
    expect(result.results).toEqual({ blue_wins: 1, red_wins: 0, unrecorded: 1 });
    expect(result.per_day).toEqual([
      { date: "2026-03-08", created: 1, completed: 1 },
      { date: "2026-03-09", created: 0, completed: 0 },
      { date: "2026-03-10", created: 1, completed: 1 },
    ]);
  });

  it("ranks picks, bans, first picks and first bans and ignores skipped bans", () => {
    const result = summarize({
      days: 30,
      now,
      names,
      sessions: [],
      actions: [
        { session_id: "a", champion_id: 1, phase_number: 0, action_type: "BAN" },
        { session_id: "a", champion_id: null, phase_number: 1, action_type: "BAN" },
        { session_id: "b", champion_id: 2, phase_number: 0, action_type: "BAN" },
        { session_id: "b", champion_id: 2, phase_number: 2, action_type: "BAN" },
        { session_id: "a", champion_id: 3, phase_number: 6, action_type: "PICK" },
        { session_id: "a", champion_id: 1, phase_number: 7, action_type: "PICK" },
        { session_id: "a", champion_id: 3, phase_number: 16, action_type: "PICK" },
      ],
    });
    expect(result.most_banned).toEqual([
      { champion_id: 2, name: "Braum", count: 2 },
      { champion_id: 1, name: "Ahri", count: 1 },
    ]);
    expect(result.first_bans).toEqual([
      { champion_id: 1, name: "Ahri", count: 1 },
      { champion_id: 2, name: "Braum", count: 1 },
    ]);
    expect(result.most_picked[0]).toEqual({ champion_id: 3, name: "Caitlyn", count: 2 });
    expect(result.first_picks).toEqual([{ champion_id: 3, name: "Caitlyn", count: 1 }]);
    expect(result.per_day).toHaveLength(30);
  });

  it("takes each session's own first pick and first ban, whatever its format", () => {
    const result = summarize({
      days: 30,
      now,
      names,
      sessions: [],
      actions: [
        // Two bans a team switched off (16 turns): blue's first pick is the fifth turn.
        { session_id: "short", champion_id: 2, phase_number: 0, action_type: "BAN" },
        { session_id: "short", champion_id: 1, phase_number: 4, action_type: "PICK" },
        { session_id: "short", champion_id: 3, phase_number: 6, action_type: "PICK" },
        // A skipped first ban: no first ban for that session, not its second ban instead.
        { session_id: "skipped", champion_id: null, phase_number: 0, action_type: "BAN" },
        { session_id: "skipped", champion_id: 3, phase_number: 1, action_type: "BAN" },
      ],
    });
    expect(result.first_picks).toEqual([{ champion_id: 1, name: "Ahri", count: 1 }]);
    expect(result.first_bans).toEqual([{ champion_id: 2, name: "Braum", count: 1 }]);
  });

  it("keeps only the top champions", () => {
    const actions = Array.from({ length: TOP_CHAMPIONS + 5 }, (_, i) => ({
      session_id: String(i),
      champion_id: i + 1,
      phase_number: 6,
      action_type: "PICK" as const,
    }));
    expect(summarize({ days: 1, now, names, sessions: [], actions }).most_picked).toHaveLength(TOP_CHAMPIONS);
  });
});
