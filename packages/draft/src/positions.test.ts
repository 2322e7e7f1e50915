import { describe, expect, it } from "vitest";
import { championPositionMap, championPositions } from "./positions.ts";
import type { DraftStatistics } from "./statistics.ts";

const stats = (positions: Record<string, number>) =>
  ({
    champions: [
      {
        champion_id: 1,
        picks: 0,
        bans: 0,
        games: 0,
        wins: 0,
        positions: Object.fromEntries(Object.entries(positions).map(([p, games]) => [p, { games, wins: 0 }])),
      },
    ],
  }) as unknown as DraftStatistics;

describe("championPositions", () => {
  it("guesses from the tags without statistics", () => {
    expect(championPositions({ id: 1, tags: ["Marksman"] })).toEqual(["bot"]);
    expect(championPositions({ id: 1, tags: ["Support"] })).toEqual(["support"]);
    expect(championPositions({ id: 1, tags: ["Mage", "Assassin"] })).toContain("mid");
    expect(championPositions({ id: 1, role: "Fighter" })).toEqual(["top", "jungle"]);
  });

  it("follows the games the statistics saw, shrunk toward the tags", () => {
    // A mage played jungle in 12 games: jungle comes first.
    expect(championPositions({ id: 1, tags: ["Mage"] }, stats({ jungle: 12 }))[0]).toBe("jungle");
    // One odd game does not move a marksman out of bot first.
    expect(championPositions({ id: 1, tags: ["Marksman"] }, stats({ support: 1 }))[0]).toBe("bot");
  });

  it("maps a pool at once", () => {
    const map = championPositionMap(
      [
        { id: 1, tags: ["Mage"] },
        { id: 2, tags: ["Tank"] },
      ],
      stats({ jungle: 12 }),
    );
    expect(map.get(1)?.[0]).toBe("jungle");
    expect(map.get(2)).toEqual(expect.arrayContaining(["top", "support"]));
  });
});
