import { describe, expect, it } from "vitest";
import { draftingFigures, teamLedgerFromRows } from "./feeds-compute.ts";
import { ledgerRowOf as row } from "./ledger-row.test-data.ts";

describe("the scrim ledger as the team's own games (decision 058)", () => {
  it("takes complete scrim drafts only, seen from our side, a result only when played", () => {
    const ledger = teamLedgerFromRows([
      row({ game_id: "won" }),
      row({ game_id: "remake", status: "remake", winner: null }),
      // A room still being drafted: linked to its game, two picks in.
      row({ game_id: "live", status: "scheduled", winner: null, our_picks: [1, 2], their_picks: [6] }),
      row({ game_id: "official", kind: "official" }),
    ]);
    expect(ledger).toEqual({
      games: [
        { picks: [1, 2, 3, 4, 5], opponent_picks: [6, 7, 8, 9, 10], bans: [11, 12], won: true },
        { picks: [1, 2, 3, 4, 5], opponent_picks: [6, 7, 8, 9, 10], bans: [11, 12], won: null },
      ],
    });
    expect(teamLedgerFromRows([row({ kind: "official" })])).toBeNull();
  });

  it("counts how we draft from complete drafts, and our record from every played game", () => {
    const figures = draftingFigures(
      [
        row({ game_id: "a" }),
        row({ game_id: "b", winner: "them" }),
        row({ game_id: "live", status: "scheduled", winner: null, our_picks: [20], their_picks: [] }),
      ],
      "w",
      null,
      new Map([[1, "Aatrox"]]),
    );
    expect(figures.games).toEqual({ total: 3, counted: 2, with_draft: 2 });
    expect(figures.picks.map((p) => p.champion_id)).not.toContain(20);
    expect(figures.picks[0]).toMatchObject({ champion_id: 1, name: "Aatrox", games: 2, n: 2, wins: 1 });
    expect(figures.picks[1]).toMatchObject({ champion_id: 2, name: "#2" });
  });
});
