import { describe, expect, it } from "vitest";
import { filtersFromParams } from "../api/scouting.ts";
import { paramsWithFilters } from "./ScoutingFilters.tsx";

describe("scouting filters in the URL", () => {
  it("reads valid days and the patch, and ignores malformed days", () => {
    expect(filtersFromParams(new URLSearchParams("from=2025-01-02&to=nope&patch=15.1"))).toEqual({
      from: "2025-01-02",
      to: "",
      patch: "15.1",
    });
  });

  it("writes the filters and removes empty ones, keeping other parameters", () => {
    const next = paramsWithFilters(new URLSearchParams("series=abc&patch=15.1"), {
      from: "2025-01-02",
      to: "",
      patch: "",
    });
    expect(next.toString()).toBe("series=abc&from=2025-01-02");
  });
});
