import type { ScrimLedgerRow } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { ledgerRowOf } from "../ledger-row.test-data.ts";
import { computeAnalytics, withoutGamesToCome } from "./compute.ts";

let games = 0;
/** A won game starting at `startsAt`, each with its own scrim and game ids. */
const game = (startsAt: string, over: Partial<ScrimLedgerRow> = {}): ScrimLedgerRow => {
  games += 1;
  return ledgerRowOf({ scrim_id: `s${games}`, game_id: `g${games}`, starts_at: startsAt, ...over });
};

const trendOf = (rows: ScrimLedgerRow[]) => computeAnalytics(rows, { kind: "scrim" }, []).trend;

describe("the win rate by week", () => {
  it("runs from the first to the last week with a counted game, an empty week between as no rate", () => {
    const trend = trendOf([
      // The week of Monday 16 November: only a game still to play, before the first result.
      game("2026-11-18T18:00:00.000Z", { status: "scheduled", winner: null }),
      // 23 November: a win and a loss.
      game("2026-11-24T18:00:00.000Z"),
      game("2026-11-26T18:00:00.000Z", { winner: "them" }),
      // 30 November: only a remake, which no win rate counts.
      game("2026-12-01T18:00:00.000Z", { status: "remake", winner: null }),
      // 7 December: a win.
      game("2026-12-08T18:00:00.000Z"),
      // 14 December: next week's planned scrim.
      game("2026-12-15T18:00:00.000Z", { status: "scheduled", winner: null }),
    ]);
    expect(trend.map((point) => [point.week, point.n, point.win_rate])).toEqual([
      ["2026-11-23", 2, 0.5],
      ["2026-11-30", 0, null],
      ["2026-12-07", 1, 1],
    ]);
  });

  it("has no week before any game counts", () => {
    expect(trendOf([game("2026-12-15T18:00:00.000Z", { status: "scheduled", winner: null })])).toEqual([]);
    expect(trendOf([])).toEqual([]);
  });

  it("steps whole weeks across a change of year", () => {
    const trend = trendOf([game("2026-12-24T18:00:00.000Z"), game("2027-01-12T18:00:00.000Z")]);
    expect(trend.map((point) => point.week)).toEqual([
      "2026-12-21",
      "2026-12-28",
      "2027-01-04",
      "2027-01-11",
    ]);
  });
});

describe("the games analytics rest on", () => {
  it("leave out a game still to come, and keep one that was due or already has a result", () => {
    const now = Date.parse("2026-12-04T12:00:00.000Z");
    const rows = [
      game("2026-12-11T18:00:00.000Z", { game_id: "next-week", status: "scheduled", winner: null }),
      game("2026-12-02T18:00:00.000Z", { game_id: "results-due", status: "scheduled", winner: null }),
      game("2026-12-05T18:00:00.000Z", { game_id: "played-early" }),
      game("2026-12-05T18:00:00.000Z", { game_id: "called-off", status: "not_played", winner: null }),
    ];
    expect(withoutGamesToCome(rows, now).map((row) => row.game_id)).toEqual([
      "results-due",
      "played-early",
      "called-off",
    ]);
  });
});
