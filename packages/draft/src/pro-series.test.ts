import { describe, expect, it } from "vitest";
import { estimateFearless, fearlessLocks, type ProSeriesGame, seriesEarlierGames } from "./pro-series.ts";

function game(
  id: string,
  league: string,
  date: string,
  number: number | null,
  teams: [string, string],
  picks: number[],
): ProSeriesGame {
  return { id, league, date, game_number: number, teams: { BLUE: teams[0], RED: teams[1] }, picks };
}

describe("seriesEarlierGames", () => {
  it("links a match's games by league, team pair (either side) and number, oldest first", () => {
    const games = [
      game("g3", "LCK", "2025-01-15 10:00:00", 3, ["A", "B"], [21, 22]),
      game("g1", "LCK", "2025-01-15 08:00:00", 1, ["A", "B"], [1, 2]),
      game("g2", "LCK", "2025-01-15 09:00:00", 2, ["B", "A"], [11, 12]),
      game("other", "LCK", "2025-01-15 09:10:00", 2, ["A", "C"], [5]),
    ];
    const earlier = seriesEarlierGames(games);
    expect(earlier.get("g3")?.map((g) => g.id)).toEqual(["g1", "g2"]);
    expect(earlier.get("g2")?.map((g) => g.id)).toEqual(["g1"]);
    expect(earlier.has("g1")).toBe(false);
    // game 2 of A vs C has no game 1 in the record: it starts a match of its own
    expect(earlier.has("other")).toBe(false);
  });

  it("does not join games of another league, a gap of more than a day, or a number out of order", () => {
    const earlier = seriesEarlierGames([
      game("a1", "LCK", "2025-01-15 08:00:00", 1, ["A", "B"], [1]),
      game("b2", "LPL", "2025-01-15 09:00:00", 2, ["A", "B"], [2]),
      game("c1", "LEC", "2025-01-10 08:00:00", 1, ["A", "B"], [1]),
      game("c2", "LEC", "2025-01-12 08:00:00", 2, ["A", "B"], [2]),
      game("d1", "LTA", "2025-01-15 08:00:00", 1, ["A", "B"], [1]),
      game("d3", "LTA", "2025-01-15 09:00:00", 3, ["A", "B"], [3]),
    ]);
    expect(earlier.size).toBe(0);
  });
});

describe("estimateFearless and fearlessLocks", () => {
  // League F never repeats a champion within a match; league N repeats its meta picks.
  const games = [
    game("f1", "F", "2025-01-13 08:00:00", 1, ["A", "B"], [1, 2, 3]),
    game("f2", "F", "2025-01-13 09:00:00", 2, ["A", "B"], [4, 5, 6]),
    game("f3", "F", "2025-01-13 10:00:00", 3, ["A", "B"], [7, 8, 9]),
    game("n1", "N", "2025-01-13 08:00:00", 1, ["C", "D"], [1, 2, 3]),
    game("n2", "N", "2025-01-13 09:00:00", 2, ["C", "D"], [1, 5, 6]),
    game("n3", "N", "2025-01-13 10:00:00", 3, ["C", "D"], [2, 3, 9]),
  ];
  const earlier = seriesEarlierGames(games);
  const estimate = estimateFearless(games, earlier);

  it("tells a fearless league from one that repeats, and shrinks both toward the overall share", () => {
    expect(estimate.overall).toBeCloseTo(3 / 6);
    expect(estimate.byLeague.get("f")).toBeCloseTo((2 + 2 * 0.5) / 4);
    expect(estimate.byLeague.get("n")).toBeCloseTo((0 + 2 * 0.5) / 4);
  });

  it("locks every earlier pick of a fearless match, and nothing in other leagues or first games", () => {
    const byId = new Map(games.map((g) => [g.id, g]));
    expect(fearlessLocks(byId.get("f3")!, earlier, estimate)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(fearlessLocks(byId.get("f1")!, earlier, estimate)).toEqual([]);
    expect(fearlessLocks(byId.get("n3")!, earlier, estimate)).toEqual([]);
  });

  it("gives a league it has not seen the overall share", () => {
    const later = game("x2", "X", "2025-01-14 09:00:00", 2, ["E", "G"], [30]);
    const all = [...games, game("x1", "X", "2025-01-14 08:00:00", 1, ["E", "G"], [10, 11]), later];
    const links = seriesEarlierGames(all);
    const onlyFearless = estimateFearless(
      games.filter((g) => g.league === "F"),
      links,
    );
    expect(fearlessLocks(later, links, onlyFearless)).toEqual([10, 11]);
    expect(fearlessLocks(later, links, { byLeague: new Map(), overall: 0.2 })).toEqual([]);
  });
});
