import { describe, expect, it } from "vitest";
import type { Side } from "./formats.ts";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { fromActions } from "./state.ts";
import { buildStatistics, draftToStatisticsGame, type Position, type StatisticsGame } from "./statistics.ts";

describe("buildStatistics", () => {
  it("counts picks, bans, wins per position, matchups and pairs", () => {
    const games: StatisticsGame[] = [
      {
        winner: "BLUE",
        picks: [
          { side: "BLUE", champion_id: 1, position: "mid" },
          { side: "BLUE", champion_id: 2, position: "bot" },
          { side: "RED", champion_id: 3, position: "mid" },
        ],
        bans: [{ champion_id: 9 }, { champion_id: null }],
      },
      {
        winner: "RED",
        picks: [
          { side: "BLUE", champion_id: 3, position: "top" },
          { side: "RED", champion_id: 1, position: "mid" },
          { side: "RED", champion_id: 2, position: "bot" },
          { side: "RED", champion_id: 2, position: "support" }, // repeated: ignored
          { side: "RED", champion_id: null, position: "jungle" }, // unknown: ignored
        ],
        bans: [{ champion_id: 9 }, { champion_id: 3 }], // 3 was picked: not also a ban
      },
      {
        winner: null,
        picks: [{ side: "BLUE", champion_id: 4, position: "top" }],
        bans: [{ champion_id: 1 }],
      },
    ];
    const stats = buildStatistics(games);
    expect(stats.games).toBe(3);
    expect(stats.decided_games).toBe(2);
    expect(stats.champions.map(({ weighted: _weighted, ...row }) => row)).toEqual([
      { champion_id: 1, picks: 2, bans: 1, games: 2, wins: 2, positions: { mid: { games: 2, wins: 2 } } },
      { champion_id: 2, picks: 2, bans: 0, games: 2, wins: 2, positions: { bot: { games: 2, wins: 2 } } },
      {
        champion_id: 3,
        picks: 2,
        bans: 0,
        games: 2,
        wins: 0,
        positions: { top: { games: 1, wins: 0 }, mid: { games: 1, wins: 0 } },
      },
      { champion_id: 4, picks: 1, bans: 0, games: 0, wins: 0, positions: {} },
      { champion_id: 9, picks: 0, bans: 2, games: 0, wins: 0, positions: {} },
    ]);
    // 1 and 2 beat 3 twice, from either side; wins are counted for the lower id
    expect(stats.matchups).toEqual([
      [1, 3, 2, 2],
      [2, 3, 2, 2],
    ]);
    expect(stats.pairs).toEqual([[1, 2, 2, 2]]);
  });

  it("is JSON-serialisable and the same for the same games", () => {
    const games: StatisticsGame[] = [
      {
        winner: "RED",
        picks: [
          { side: "RED", champion_id: 5 },
          { side: "BLUE", champion_id: 6 },
        ],
        bans: [],
      },
    ];
    const stats = buildStatistics(games);
    expect(JSON.parse(JSON.stringify(stats))).toEqual(stats);
    expect(buildStatistics(games)).toEqual(stats);
    expect(stats.champions[0]!.positions).toEqual({});
    expect(stats.matchups).toEqual([[5, 6, 1, 1]]);
  });

  // Two real games from shared/data/oracles-elixir-2025-sample.csv (selected columns), read with a
  // hand-written split, so the structure is checked against the match-data format.
  const EXCERPT = `gameid,side,position,champion,ban1,ban2,ban3,ban4,ban5,result
LOLTMNT03_179647,Blue,top,Gnar,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Blue,jng,Maokai,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Blue,mid,Hwei,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Blue,bot,Jinx,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Blue,sup,Leona,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Red,top,Renekton,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT03_179647,Red,jng,Ivern,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT03_179647,Red,mid,Orianna,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT03_179647,Red,bot,Varus,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT03_179647,Red,sup,Braum,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT03_179647,Blue,team,,Vi,Skarner,Corki,K'Sante,Sylas,0
LOLTMNT03_179647,Red,team,,Yone,Viktor,Aurora,Nocturne,Jarvan IV,1
LOLTMNT06_96134,Blue,top,K'Sante,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Blue,jng,Ivern,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Blue,mid,Azir,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Blue,bot,Varus,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Blue,sup,Rell,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Red,top,Renekton,Fiora,Nocturne,Ashe,Leona,Yone,0
LOLTMNT06_96134,Red,jng,Sejuani,Fiora,Nocturne,Ashe,Leona,Yone,0
LOLTMNT06_96134,Red,mid,Orianna,Fiora,Nocturne,Ashe,Leona,Yone,0
LOLTMNT06_96134,Red,bot,Corki,Fiora,Nocturne,Ashe,Leona,Yone,0
LOLTMNT06_96134,Red,sup,Nautilus,Fiora,Nocturne,Ashe,Leona,Yone,0
LOLTMNT06_96134,Blue,team,,Kalista,Aurora,Skarner,Akali,Ziggs,1
LOLTMNT06_96134,Red,team,,Fiora,Nocturne,Ashe,Leona,Yone,0`;

  function parseExcerpt(text: string) {
    const [header, ...lines] = text.trim().split("\n");
    const columns = header!.split(",");
    const names = new Map<string, number>();
    const idOf = (name: string) => {
      if (!names.has(name)) names.set(name, names.size + 1);
      return names.get(name)!;
    };
    const positions: Record<string, Position> = {
      top: "top",
      jng: "jungle",
      mid: "mid",
      bot: "bot",
      sup: "support",
    };
    const games = new Map<string, StatisticsGame & { picks: unknown[]; bans: unknown[] }>();
    for (const line of lines) {
      const row = Object.fromEntries(line.split(",").map((value, i) => [columns[i]!, value]));
      const side: Side = row.side === "Blue" ? "BLUE" : "RED";
      let game = games.get(row.gameid!);
      if (!game) {
        game = { winner: null, picks: [], bans: [] };
        games.set(row.gameid!, game);
      }
      if (row.position === "team") {
        if (row.result === "1") (game as { winner: Side | null }).winner = side;
        for (const k of [1, 2, 3, 4, 5]) game.bans.push({ champion_id: idOf(row[`ban${k}`]!) });
      } else {
        game.picks.push({ side, champion_id: idOf(row.champion!), position: positions[row.position!]! });
      }
    }
    return { games: [...games.values()], idOf };
  }

  it("builds the expected figures from two Oracle's Elixir games", () => {
    const { games, idOf } = parseExcerpt(EXCERPT);
    const stats = buildStatistics(games);
    const row = (name: string) => stats.champions.find((c) => c.champion_id === idOf(name));
    expect(stats.games).toBe(2);
    expect(stats.champions.reduce((sum, c) => sum + c.picks, 0)).toBe(20);
    expect(stats.champions.reduce((sum, c) => sum + c.bans, 0)).toBe(20);
    // Varus: Red bot win, then Blue bot win
    expect(row("Varus")).toMatchObject({
      picks: 2,
      games: 2,
      wins: 2,
      positions: { bot: { games: 2, wins: 2 } },
    });
    expect(row("Renekton")).toMatchObject({ picks: 2, wins: 1, positions: { top: { games: 2, wins: 1 } } });
    expect(row("Leona")).toMatchObject({ picks: 1, bans: 1, wins: 0 });
    expect(row("K'Sante")).toMatchObject({ picks: 1, bans: 1, wins: 1 });
    expect(row("Yone")).toMatchObject({ picks: 0, bans: 2 });
    // Renekton and Orianna: together twice, one win
    const [a, b] = [idOf("Renekton"), idOf("Orianna")].sort((x, y) => x - y);
    expect(stats.pairs.find((p) => p[0] === a && p[1] === b)).toEqual([a, b, 2, 1]);
    // Varus vs Renekton: opposite sides once (game 2), Varus won
    const varus = idOf("Varus");
    const renekton = idOf("Renekton");
    const m = stats.matchups.find(
      (p) => p[0] === Math.min(varus, renekton) && p[1] === Math.max(varus, renekton),
    );
    expect(m).toEqual([Math.min(varus, renekton), Math.max(varus, renekton), 1, varus < renekton ? 1 : 0]);
    // 25 opposite-side pairs and 20 same-side pairs per game, minus repeats across the two games
    expect(stats.matchups.reduce((sum, r) => sum + r[2], 0)).toBe(50);
    expect(stats.pairs.reduce((sum, r) => sum + r[2], 0)).toBe(40);
  });

  it("turns a finished draft into a game (skipped bans left out, positions unknown)", () => {
    const state = fromActions(
      DRAFT_SEQUENCE.map((step, i) => ({
        phase_number: i,
        action_type: step.type,
        team_side: step.side,
        champion_id: i === 1 ? null : i + 1,
      })),
    );
    const game = draftToStatisticsGame(state, "RED");
    expect(game.bans).toHaveLength(9);
    expect(game.picks.filter((p) => p.side === "BLUE").map((p) => p.champion_id)).toEqual([
      7, 10, 11, 18, 19,
    ]);
    const stats = buildStatistics([game]);
    expect(stats.matchups).toHaveLength(25);
    expect(stats.pairs).toHaveLength(20);
    expect(stats.champions.find((c) => c.champion_id === 8)).toEqual({
      champion_id: 8,
      picks: 1,
      bans: 0,
      games: 1,
      wins: 1,
      positions: {},
      weighted: { picks: 1, bans: 0, phases: [0, 1, 0, 0] },
    });
  });

  it("weighs newer patches more, filters by patch, and keeps each team's picks, bans and first picks", () => {
    const game = (patch: string, blue: string, first: number): StatisticsGame => ({
      winner: "BLUE",
      patch,
      teams: { BLUE: blue, RED: "Gen.G" },
      picks: [
        { side: "BLUE", champion_id: first, position: "jungle", step: 6 },
        { side: "RED", champion_id: 20, position: "mid", step: 7 },
        { side: "BLUE", champion_id: 30, position: "mid", step: 9 },
      ],
      bans: [{ champion_id: 40, side: "RED", step: 1 }],
    });
    const stats = buildStatistics(
      [game("15.1", "T1", 10), game("15.10", "t1 ", 10), game("15.9", "T1", 11), game("15.10", "DRX", 12)],
      { recencyHalfLife: 1 },
    );
    // newest 15.10 weighs 1, 15.9 weighs 0.5, 15.1 weighs 0.25 (one half-life per patch)
    expect(stats.patches).toEqual([
      { patch: "15.10", games: 2, weight: 1 },
      { patch: "15.9", games: 1, weight: 0.5 },
      { patch: "15.1", games: 1, weight: 0.25 },
    ]);
    expect(stats.weighted_games).toBe(2.75);
    expect(stats.champions.find((c) => c.champion_id === 10)?.weighted).toEqual({
      picks: 1.25,
      bans: 0,
      phases: [0, 1.25, 0, 0],
    });
    expect(stats.champions.find((c) => c.champion_id === 40)?.weighted?.phases).toEqual([2.75, 0, 0, 0]);
    // the team's first pick is its earliest pick step; names match whatever their case and spaces
    const t1 = stats.teams?.find((t) => t.key === "t1");
    expect(t1).toMatchObject({
      name: "T1",
      games: 3,
      first_picks: [
        [10, 2],
        [11, 1],
      ],
    });
    expect(stats.teams?.find((t) => t.key === "geng")?.bans).toEqual([[40, 4]]);
    // the jungle is the team's first pick, the mid its second, in every game
    expect(stats.pick_positions?.[0]).toEqual([0, 2.75, 2.75, 0, 0]);
    const filtered = buildStatistics([game("15.1", "T1", 10), game("15.9", "T1", 11)], { patches: ["15.9"] });
    expect(filtered.games).toBe(1);
    expect(filtered.champions.map((c) => c.champion_id)).toEqual([11, 20, 30, 40]);
  });
});
