import { describe, expect, it } from "vitest";
import { buildScoutingReport, recordOf, remainingDepth, type ScoutingGame, sharedPicks } from "./report.ts";

// Champions by id: names only matter for ordering ties and for the output.
const names = new Map([
  [1, "Aatrox"],
  [2, "Braum"],
  [3, "Corki"],
  [4, "Diana"],
  [5, "Ezreal"],
  [6, "Fiora"],
  [7, "Gnar"],
  [8, "Hecarim"],
]);

type Pick = ScoutingGame["picks"][number];
const pick = (champion_id: number, position: Pick["position"], player: string, order: number): Pick => ({
  champion_id,
  position,
  player,
  order,
  phase: order <= 3 ? 1 : 2,
});

/**
 * Three games of one team, hand-counted below:
 * g1 BLUE won:  picks Aatrox(top, Ada, 1st) Hecarim(jungle, Bo, 2nd); bans own Corki(p1) Diana(p2), theirs Gnar(p1)
 * g2 RED  lost: picks Aatrox(top, Ada, 1st) Fiora(jungle, Bo, 4th);   bans own Corki(p1), theirs Gnar(p1) Ezreal(p2)
 * g3 BLUE unrecorded: picks Gnar(top, Cy, 1st) Hecarim(jungle, Bo, 5th); bans theirs Aatrox(p1)
 */
const games: ScoutingGame[] = [
  {
    source: "match",
    date: "2025-01-10 10:00:00",
    patch: "15.1",
    side: "BLUE",
    opponent: "Rivals",
    winner: "BLUE",
    picks: [pick(1, "top", "Ada", 1), pick(8, "jungle", "Bo", 2)],
    bans: [
      { side: "BLUE", champion_id: 3, phase: 1 },
      { side: "BLUE", champion_id: 4, phase: 2 },
      { side: "RED", champion_id: 7, phase: 1 },
    ],
  },
  {
    source: "match",
    date: "2025-01-12 10:00:00",
    patch: "15.1",
    side: "RED",
    opponent: "Others",
    winner: "BLUE",
    picks: [pick(1, "top", "Ada", 1), pick(6, "jungle", "Bo", 4)],
    bans: [
      { side: "RED", champion_id: 3, phase: 1 },
      { side: "BLUE", champion_id: 7, phase: 1 },
      { side: "BLUE", champion_id: 5, phase: 2 },
    ],
  },
  {
    source: "draft",
    date: "2025-02-01T18:00:00.000Z",
    patch: null,
    side: "BLUE",
    opponent: "Rivals",
    winner: null,
    picks: [pick(7, "top", "Cy", 1), pick(8, "jungle", "Bo", 5)],
    bans: [{ side: "RED", champion_id: 1, phase: 1 }],
  },
];

describe("recordOf", () => {
  it("counts wins over the games with a result only", () => {
    expect(recordOf(games)).toEqual({ games: 3, wins: 1, decided: 2, win_rate: 0.5 });
    expect(recordOf([])).toEqual({ games: 0, wins: 0, decided: 0, win_rate: null });
  });
});

describe("buildScoutingReport", () => {
  const { summary, details } = buildScoutingReport(games, names);

  it("summarises the record per side, the sources and the date range", () => {
    expect(summary.sides.BLUE).toEqual({ games: 2, wins: 1, decided: 1, win_rate: 1 });
    expect(summary.sides.RED).toEqual({ games: 1, wins: 0, decided: 1, win_rate: 0 });
    expect(summary.sources).toEqual({ matches: 2, drafts: 1 });
    expect(summary.first_date).toBe("2025-01-10");
    expect(summary.last_date).toBe("2025-02-01");
  });

  it("ranks picks overall, by side and by phase, with wins of the games they were in", () => {
    expect(details.picks.map((c) => [c.name, c.count, c.wins, c.decided])).toEqual([
      ["Aatrox", 2, 1, 2],
      ["Hecarim", 2, 1, 1],
      ["Fiora", 1, 0, 1],
      ["Gnar", 1, 0, 0],
    ]);
    expect(details.picks_by_side.RED.map((c) => c.name)).toEqual(["Aatrox", "Fiora"]);
    expect(details.picks_by_side.BLUE.map((c) => [c.name, c.count])).toEqual([
      ["Hecarim", 2],
      ["Aatrox", 1],
      ["Gnar", 1],
    ]);
    expect(details.picks_by_phase.first.map((c) => [c.name, c.count])).toEqual([
      ["Aatrox", 2],
      ["Gnar", 1],
      ["Hecarim", 1],
    ]);
    expect(details.picks_by_phase.second.map((c) => [c.name, c.count])).toEqual([
      ["Fiora", 1],
      ["Hecarim", 1],
    ]);
  });

  it("separates the team's own bans from the bans it receives", () => {
    expect(details.bans.map((c) => [c.name, c.count])).toEqual([
      ["Corki", 2],
      ["Diana", 1],
    ]);
    expect(details.bans_by_side.BLUE.map((c) => c.name)).toEqual(["Corki", "Diana"]);
    expect(details.bans_by_side.RED.map((c) => c.name)).toEqual(["Corki"]);
    expect(details.bans_by_phase.second.map((c) => c.name)).toEqual(["Diana"]);
    expect(details.bans_received.map((c) => [c.name, c.count])).toEqual([
      ["Gnar", 2],
      ["Aatrox", 1],
      ["Ezreal", 1],
    ]);
  });

  it("lists first picks per side, positions, players and comfort picks", () => {
    expect(details.first_picks.BLUE.map((c) => c.name)).toEqual(["Aatrox", "Gnar"]);
    expect(details.first_picks.RED.map((c) => c.name)).toEqual(["Aatrox"]);
    expect(details.positions.map((p) => [p.position, p.games, p.champions.map((c) => c.name)])).toEqual([
      ["top", 3, ["Aatrox", "Gnar"]],
      ["jungle", 3, ["Hecarim", "Fiora"]],
    ]);
    expect(details.players.map((p) => [p.player, p.position, p.games, p.wins])).toEqual([
      ["Ada", "top", 2, 1],
      ["Cy", "top", 1, 0],
      ["Bo", "jungle", 3, 1],
    ]);
    // Nobody reached COMFORT_MIN_GAMES (3) games on one champion in one position.
    expect(details.comfort).toEqual([]);
    const more = buildScoutingReport([...games, { ...games[0]!, date: "2025-03-01 10:00:00" }], names);
    // Both reach 3 games; Hecarim first on its better win rate (2 of 2 against 2 of 3).
    expect(more.details.comfort.map((c) => [c.name, c.position, c.count, c.wins, c.decided])).toEqual([
      ["Hecarim", "jungle", 3, 2, 2],
      ["Aatrox", "top", 3, 2, 3],
    ]);
  });

  it("lists the most recent games first with the team's result", () => {
    expect(details.recent.map((g) => [g.date.slice(0, 10), g.side, g.opponent, g.won])).toEqual([
      ["2025-02-01", "BLUE", "Rivals", null],
      ["2025-01-12", "RED", "Others", false],
      ["2025-01-10", "BLUE", "Rivals", true],
    ]);
  });

  it("answers an empty report for a team without games", () => {
    const empty = buildScoutingReport([], names);
    expect(empty.summary.record).toEqual({ games: 0, wins: 0, decided: 0, win_rate: null });
    expect(empty.summary.first_date).toBeNull();
    expect(empty.details.picks).toEqual([]);
    expect(empty.details.positions).toEqual([]);
  });
});

describe("remainingDepth", () => {
  it("counts the pool per position and what the series locks leave of it", () => {
    // Locked: Aatrox (used in an earlier game) and Fiora.
    expect(remainingDepth(games, new Set([1, 6]), names)).toEqual([
      { position: "top", total: 2, left: 1, available: [{ champion_id: 7, name: "Gnar", count: 1 }] },
      { position: "jungle", total: 2, left: 1, available: [{ champion_id: 8, name: "Hecarim", count: 2 }] },
    ]);
  });
});

describe("sharedPicks", () => {
  it("keeps champions both teams pick, with each team's count", () => {
    const other: ScoutingGame[] = [
      { ...games[0]!, picks: [pick(8, "jungle", "Zed", 1), pick(2, "support", "Q", 2)] },
    ];
    expect(sharedPicks(games, other, names)).toEqual([{ champion_id: 8, name: "Hecarim", a: 2, b: 1 }]);
  });
});
