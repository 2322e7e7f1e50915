import { effectiveCapabilities, type RosterPlayer, type Workspace } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { bulkEdit, canEditPool, matchesSearch, recordsOf, sortedPool } from "./pools.ts";

const ZEUS = "6f1d3c2a-8b4e-4f6a-9c1d-2e3f4a5b6c7d";
const ONER = "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b";

const player = (user_id: number | null): RosterPlayer => ({
  id: ZEUS,
  name: "Zeus",
  position: "top",
  secondary_position: null,
  status: "active",
  user_id,
  pool: [],
});
/** A workspace as the server answers it to this role (its capabilities decide, not the role). */
const as = (role: Workspace["role"], readOnly = false) =>
  ({
    role,
    read_only: readOnly,
    capabilities: effectiveCapabilities(role, { readOnly, suspended: false }),
  }) as Workspace;

describe("pools page helpers", () => {
  it("lets coaches and owners edit any pool, a player only their own, a viewer none", () => {
    expect(canEditPool(as("coach"), player(null), 5)).toBe(true);
    expect(canEditPool(as("owner"), player(7), 5)).toBe(true);
    expect(canEditPool(as("analyst"), player(7), 5)).toBe(false);
    expect(canEditPool(as("player"), player(5), 5)).toBe(true);
    expect(canEditPool(as("player"), player(7), 5)).toBe(false);
    expect(canEditPool(as("viewer"), player(5), 5)).toBe(false);
  });

  it("lets nobody edit a pool while the workspace is read-only", () => {
    expect(canEditPool(as("coach", true), player(null), 5)).toBe(false);
    expect(canEditPool(as("owner", true), player(7), 5)).toBe(false);
    expect(canEditPool(as("player", true), player(5), 5)).toBe(false);
  });

  it("sorts by tier then name, searches without accents, and bulk edits the selection", () => {
    const names = new Map([
      [1, "Zed"],
      [2, "Ahri"],
      [3, "Kai'Sa"],
    ]);
    const entries = [
      { champion_id: 1, tier: "A" as const, notes: "" },
      { champion_id: 2, tier: "learning" as const, notes: "" },
      { champion_id: 3, tier: "A" as const, notes: "" },
    ];
    expect(sortedPool(entries, names).map((entry) => entry.champion_id)).toEqual([3, 1, 2]);
    expect(matchesSearch({ name: "Nunu & Willump" }, "núnu")).toBe(true);
    expect(matchesSearch({ name: "Ahri" }, "zed")).toBe(false);
    // As the draft board's search: punctuation ignored, the scene's short names.
    expect(matchesSearch({ name: "Kai'Sa" }, "kaisa")).toBe(true);
    expect(matchesSearch({ name: "Miss Fortune" }, "mf")).toBe(true);
    expect(bulkEdit(entries, new Set([1, 2]), { tier: "S" }).map((entry) => entry.tier)).toEqual([
      "S",
      "S",
      "A",
    ]);
    expect(bulkEdit(entries, new Set([1, 2]), { remove: true }).map((entry) => entry.champion_id)).toEqual([
      3,
    ]);
    expect(
      recordsOf(
        [
          { player_id: ZEUS, champion_id: 9, games: 3, wins: 2 },
          { player_id: ONER, champion_id: 9, games: 1, wins: 0 },
        ],
        ZEUS,
      ).get(9),
    ).toEqual({ player_id: ZEUS, champion_id: 9, games: 3, wins: 2 });
  });
});
