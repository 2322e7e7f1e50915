import { describe, expect, it } from "vitest";
import { CHAMPION_ALIASES, championSearchKey, matchesChampion } from "./champion-search.ts";

const NAMES = [
  "Miss Fortune",
  "Twisted Fate",
  "Jarvan IV",
  "Aurelion Sol",
  "Caitlyn",
  "Kog'Maw",
  "Nunu & Willump",
  "Wukong",
  "Gangplank",
  "LeBlanc",
  "Dr. Mundo",
  "Xin Zhao",
  "Kai'Sa",
  "Kha'Zix",
  "Tahm Kench",
  "Teemo",
];
const find = (query: string) => NAMES.filter((name) => matchesChampion(query, name));

describe("matchesChampion", () => {
  it.each([
    ["MF", "Miss Fortune"],
    ["tf", "Twisted Fate"],
    ["J4", "Jarvan IV"],
    ["ASol", "Aurelion Sol"],
    ["Cait", "Caitlyn"],
    ["Kog", "Kog'Maw"],
    ["Nunu", "Nunu & Willump"],
    ["Wu", "Wukong"],
    ["GP", "Gangplank"],
    ["LB", "LeBlanc"],
    ["Mundo", "Dr. Mundo"],
    ["Xin", "Xin Zhao"],
    ["kz", "Kha'Zix"],
    ["TK", "Tahm Kench"],
  ])("%s finds %s", (query, name) => {
    expect(find(query)).toContain(name);
  });

  it("ignores accents, case and punctuation", () => {
    expect(find("kaisa")).toEqual(["Kai'Sa"]);
    expect(find("KÁI SA")).toEqual(["Kai'Sa"]);
    expect(find("drmundo")).toEqual(["Dr. Mundo"]);
  });

  it("does not find what the query does not name", () => {
    expect(find("mf")).toEqual(["Miss Fortune"]);
    expect(find("zzz")).toEqual([]);
    expect(find("tf")).not.toContain("Teemo");
  });

  it("finds every champion on an empty query", () => {
    expect(find("  ")).toHaveLength(NAMES.length);
  });

  it("keys every alias as a search key, never an empty one", () => {
    for (const [alias, target] of Object.entries(CHAMPION_ALIASES)) {
      expect(championSearchKey(alias)).toBe(alias);
      expect(championSearchKey(target)).toBe(target);
      expect(target.length).toBeGreaterThan(alias.length - 1);
    }
  });
});
