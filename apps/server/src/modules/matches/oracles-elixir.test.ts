import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  GameReader,
  MatchFileError,
  normalizeChampionName,
  type PoolChampion,
  parseOraclesElixir,
  readGames,
} from "./oracles-elixir.ts";

const fixture = readFileSync(
  new URL("../../../test/fixtures/oracles-elixir-5-games.csv", import.meta.url),
  "utf8",
);

/** A pool with every champion of the fixture except Hwei, keyed like Data Dragon (KSante). */
function poolFrom(text: string): PoolChampion[] {
  const names = new Set<string>();
  for (const line of text.split("\n").slice(1)) {
    const cells = line.split(",");
    for (const index of [17, 18, 19, 20, 21, 22]) {
      const name = cells[index];
      if (name) names.add(name);
    }
  }
  names.delete("Hwei");
  return [...names].map((name, index) => ({
    id: index + 1,
    name,
    champion_key: name.replace(/[^A-Za-z]/g, ""),
  }));
}

const pool = poolFrom(fixture);

describe("parseOraclesElixir", () => {
  it("reads whole games with sides, positions, pick order, bans and the winner", () => {
    const result = parseOraclesElixir(fixture, pool);
    expect(result.problems).toEqual([]);
    expect(result.rows).toBe(60);
    expect(result.games).toHaveLength(5);
    const game = result.games[0]!;
    expect(game.id).toBe("LOLTMNT03_179647");
    expect(game.league).toBe("LFL2");
    expect(game.blue_team).toBe("IZI Dream");
    expect(game.red_team).toBe("Team Valiant");
    expect(game.winner).toBe("RED");
    expect(game.picks).toHaveLength(10);
    const blueTop = game.picks.find((pick) => pick.side === "BLUE" && pick.position === "top");
    expect(blueTop?.champion_name).toBe("Gnar");
    expect(game.picks.find((pick) => pick.side === "BLUE" && pick.position === "jungle")?.pick_order).toBe(1);
    expect(
      game.picks.find((pick) => pick.side === "BLUE" && pick.position === "support")?.champion_name,
    ).toBe("Leona");
    expect(game.bans.filter((ban) => ban.side === "BLUE").map((ban) => ban.champion_name)).toEqual([
      "Vi",
      "Skarner",
      "Corki",
      "K'Sante",
      "Sylas",
    ]);
  });

  it("reports champion names missing from the pool and keeps the game with no id for them", () => {
    const result = parseOraclesElixir(fixture, pool);
    expect([...result.unknown_champions.keys()]).toEqual(["Hwei"]);
    const hwei = result.games[0]!.picks.find((pick) => pick.champion_name === "Hwei");
    expect(hwei?.champion_id).toBeNull();
    const ksante = result.games[0]!.bans.find((ban) => ban.champion_name === "K'Sante");
    expect(ksante?.champion_id).toBeGreaterThan(0);
  });

  it("reports malformed rows with their line numbers and leaves their games out", () => {
    const lines = fixture.split("\n");
    // line 3 (second data row): bad result; line 20: side "Purple"
    const second = lines[2]!.split(",");
    second[29] = "x";
    lines[2] = second.join(",");
    const cells = lines[19]!.split(",");
    cells[11] = "Purple";
    lines[19] = cells.join(",");
    const result = parseOraclesElixir(lines.join("\n"), pool);
    expect(result.problems.map((problem) => problem.line)).toEqual([3, 20]);
    expect(result.problems[0]!.message).toContain("result");
    expect(result.problems[1]!.message).toContain("Purple");
    expect(result.games.map((game) => game.id)).not.toContain("LOLTMNT03_179647");
    expect(result.games).toHaveLength(3);
  });

  it("reports a row with the wrong number of columns", () => {
    const lines = fixture.split("\n");
    lines[5] = "LOLTMNT03_179647,complete,short";
    const result = parseOraclesElixir(lines.join("\n"), pool);
    expect(result.problems[0]).toMatchObject({ line: 6, game_id: "LOLTMNT03_179647" });
    expect(result.games).toHaveLength(4);
  });

  it("rejects a file that is not Oracle's Elixir data", () => {
    expect(() => parseOraclesElixir("name,age\nAhri,3\n", pool)).toThrow(MatchFileError);
    expect(() => parseOraclesElixir("", pool)).toThrow(MatchFileError);
  });

  it("normalises champion names", () => {
    expect(normalizeChampionName("K'Sante")).toBe(normalizeChampionName("KSante"));
    expect(normalizeChampionName("Nunu & Willump")).toBe("nunuwillump");
  });

  it("keeps each pick's player name", () => {
    const game = parseOraclesElixir(fixture, pool).games[0]!;
    expect(game.picks.find((pick) => pick.side === "BLUE" && pick.position === "top")?.player).toBe(
      "PatkicaA",
    );
    expect(game.picks.every((pick) => pick.player !== "")).toBe(true);
  });

  it("reports a game whose rows are not together", () => {
    const lines = fixture.split("\n");
    // Move the first game's last row after the second game's rows.
    const [moved] = lines.splice(12, 1);
    lines.splice(24, 0, moved!);
    const result = parseOraclesElixir(lines.join("\n"), pool);
    expect(result.problems.some((problem) => problem.message.includes("not together"))).toBe(true);
    expect(result.games.map((game) => game.id)).not.toContain("LOLTMNT03_179647");
  });
});

describe("readGames", () => {
  it("streams the same games as the in-memory parser, in small chunks", async () => {
    const chunks: Buffer[] = [];
    const bytes = Buffer.from(fixture);
    for (let start = 0; start < bytes.length; start += 997) chunks.push(bytes.subarray(start, start + 997));
    const reader = new GameReader(pool);
    const games = [];
    for await (const batch of readGames(Readable.from(chunks), reader, 2)) games.push(...batch);
    expect(games).toEqual(parseOraclesElixir(fixture, pool).games);
    expect(reader.rows).toBe(60);
  });

  it("rejects an empty stream and a foreign header", async () => {
    const read = async (text: string) => {
      for await (const _ of readGames(Readable.from([Buffer.from(text)]), new GameReader(pool))) {
        // drain
      }
    };
    await expect(read("")).rejects.toThrow(MatchFileError);
    await expect(read("a,b\n1,2\n")).rejects.toThrow(/missing columns/);
  });
});
