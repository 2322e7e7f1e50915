import { describe, expect, it } from "vitest";
import { prioritiesFromPools } from "./pool-priorities.ts";

describe("prioritiesFromPools", () => {
  it("takes each champion's best tier over the players, with their positions, and leaves learning out", () => {
    const derived = prioritiesFromPools([
      {
        player: "Zeus",
        position: "top",
        champions: [
          { champion_id: 30, tier: "B" },
          { champion_id: 10, tier: "learning" },
          { champion_id: 20, tier: "A" },
        ],
      },
      {
        player: "Faker",
        position: "mid",
        champions: [
          { champion_id: 30, tier: "S" },
          { champion_id: 40, tier: "A" },
        ],
      },
    ]);
    expect(derived).toEqual([
      { champion_id: 30, tier: "S", positions: ["top", "mid"], fromPools: true },
      { champion_id: 20, tier: "A", positions: ["top"], fromPools: true },
      { champion_id: 40, tier: "A", positions: ["mid"], fromPools: true },
    ]);
  });

  it("is empty without pools", () => {
    expect(prioritiesFromPools([])).toEqual([]);
  });
});
