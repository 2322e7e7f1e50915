import { describe, expect, it } from "vitest";
import { importCycles } from "../../../scripts/import-cycles.mjs";

/**
 * No import cycles in the server or the draft package (decision records 018 and 025): any cycle
 * fails, there is no list of known ones. A module that needs something from a module above it
 * gets it registered at start (drafts/series-link.ts, rooms/runtime.ts), not imported.
 */
describe("import cycles", () => {
  it("apps/server/src and packages/draft/src have none", () => {
    const found = importCycles(["apps/server/src", "packages/draft/src"]).map((cycle) => cycle.cycle);
    expect(found).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    // Its own script and test import nothing in a circle; a tiny fixture does.
    const found = importCycles(["scripts/fixtures/import-cycle"]);
    expect(found.map((cycle) => cycle.files)).toEqual([
      ["scripts/fixtures/import-cycle/a.ts", "scripts/fixtures/import-cycle/b.ts"],
    ]);
  });
});
