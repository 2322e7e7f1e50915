import { describe, expect, it } from "vitest";
import { parseConfig } from "../../config.ts";
import { championIconUrl, championImageOrigin, parseChampionImageSource } from "./image-source.ts";

describe("champion image source", () => {
  it("reads every accepted shape of CHAMPION_IMAGE_BASE_URL", () => {
    expect(parseChampionImageSource(undefined)).toEqual({ kind: "cdn" });
    expect(parseChampionImageSource(" ")).toEqual({ kind: "cdn" });
    expect(parseChampionImageSource("NONE")).toEqual({ kind: "none" });
    expect(parseChampionImageSource("/champion-images/")).toEqual({
      kind: "local",
      path: "/champion-images",
    });
    expect(parseChampionImageSource("https://img.example.com/lol/")).toEqual({
      kind: "url",
      base: "https://img.example.com/lol",
    });
    for (const bad of ["ftp://x.example", "/api", "/api/images", "/../etc", "images", "/a b"])
      expect(parseChampionImageSource(bad), bad).toBeNull();
  });

  it("builds icon URLs and the origin the CSP allows", () => {
    expect(championIconUrl({ kind: "cdn" }, "Ahri", "16.6.1")).toBe(
      "https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/Ahri.png",
    );
    expect(championIconUrl({ kind: "local", path: "/champion-images" }, "Ahri", "16.6.1")).toBe(
      "/champion-images/Ahri.png",
    );
    expect(championIconUrl({ kind: "none" }, "Ahri", "16.6.1")).toBe("");
    expect(championImageOrigin({ kind: "url", base: "https://img.example.com/lol" })).toBe(
      "https://img.example.com",
    );
    expect(championImageOrigin({ kind: "local", path: "/champion-images" })).toBeNull();
  });

  it("refuses a bad value at start-up, naming the variable", () => {
    const result = parseConfig({ CHAMPION_IMAGE_BASE_URL: "ftp://nope" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join("\n")).toContain("CHAMPION_IMAGE_BASE_URL");
    const ok = parseConfig({ CHAMPION_IMAGE_BASE_URL: "/champion-images", CHAMPION_IMAGE_DIR: "/srv/icons" });
    expect(ok.ok && ok.config.championImages).toEqual({
      source: { kind: "local", path: "/champion-images" },
      dir: "/srv/icons",
    });
  });
});
