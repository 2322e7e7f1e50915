import { describe, expect, it } from "vitest";
import { foldText, matchesQuery } from "./search-text.ts";

describe("foldText", () => {
  it("lower-cases and strips accents", () => {
    expect(foldText("Élite Almería")).toBe("elite almeria");
    expect(foldText("KAÏ'SA")).toBe("kai'sa");
  });
});

describe("matchesQuery", () => {
  const haystacks = ["Scrim vs G2", "LEC", "Fnatic", "G2 Esports"];
  it("matches any haystack, case- and accent-insensitively", () => {
    expect(matchesQuery("fnátic", haystacks)).toBe(true);
    expect(matchesQuery("esports", haystacks)).toBe(true);
    expect(matchesQuery("lck", haystacks)).toBe(false);
  });
  it("needs every word somewhere", () => {
    expect(matchesQuery("scrim fnatic", haystacks)).toBe(true);
    expect(matchesQuery("scrim karmine", haystacks)).toBe(false);
  });
  it("an empty query matches everything, missing haystacks are skipped", () => {
    expect(matchesQuery("  ", [])).toBe(true);
    expect(matchesQuery("lec", [null, undefined, "LEC"])).toBe(true);
  });
});
