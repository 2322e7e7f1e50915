import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_FORMAT } from "./formats.ts";
import {
  draftLocks,
  FEARLESS_PRESETS,
  type FearlessPreset,
  fearlessRule,
  gameSides,
  lockedFor,
  nextGame,
  poolDepth,
  presetOf,
  type SeriesGameInput,
  type SeriesInput,
  type SeriesTeam,
  seriesScore,
  teamOnSide,
  thinPools,
} from "./series.ts";
import { applyAction, fromActions } from "./state.ts";

/** A full game: champions `base + 1 … base + 20` in step order. */
function game(
  number: number,
  blue: SeriesTeam,
  base: number,
  winner: SeriesTeam | null = null,
): SeriesGameInput {
  return {
    number,
    blue,
    winner,
    actions: DEFAULT_FORMAT.steps.map((step, i) => ({
      phase_number: i,
      action_type: step.type,
      team_side: step.side,
      champion_id: base + i + 1,
    })),
  };
}

function series(
  preset: FearlessPreset,
  games: SeriesGameInput[],
  extra: Partial<SeriesInput> = {},
): SeriesInput {
  return {
    best_of: 5,
    rule: fearlessRule(preset),
    disabled: [],
    side_choice: "alternate",
    scrim_block: false,
    games,
    ...extra,
  };
}

/** Champions a team used in a game, by action type. */
function usedBy(g: SeriesGameInput, team: SeriesTeam | null, types: ("PICK" | "BAN")[]): number[] {
  return g.actions
    .filter((a) => types.includes(a.action_type) && (team === null || teamOnSide(g, a.team_side) === team))
    .map((a) => a.champion_id)
    .filter((id): id is number => id !== null);
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe("fearless presets over a Bo5", () => {
  // Four games played (sides alternate), game 5 about to start; champions differ between games.
  const games = [
    game(1, "A", 0, "A"),
    game(2, "B", 100, "B"),
    game(3, "A", 200, "A"),
    game(4, "B", 300, "B"),
  ];

  it("standard locks nothing but the disabled champions", () => {
    const s = series("standard", games, { disabled: [999] });
    for (let n = 1; n <= 5; n++) {
      expect(sorted(lockedFor(s, n, "A").keys())).toEqual([999]);
      expect(sorted(lockedFor(s, n, "B").keys())).toEqual([999]);
    }
  });

  it("hard locks every earlier pick for both teams", () => {
    const s = series("hard", games);
    for (let n = 1; n <= 5; n++) {
      const expected = sorted(games.filter((g) => g.number < n).flatMap((g) => usedBy(g, null, ["PICK"])));
      expect(sorted(lockedFor(s, n, "A").keys())).toEqual(expected);
      expect(sorted(lockedFor(s, n, "B").keys())).toEqual(expected);
    }
    expect(lockedFor(s, 5, "A").size).toBe(40);
  });

  it("soft locks each team's own earlier picks only", () => {
    const s = series("soft", games);
    for (const team of ["A", "B"] as const) {
      const expected = sorted(games.flatMap((g) => usedBy(g, team, ["PICK"])));
      expect(sorted(lockedFor(s, 5, team).keys())).toEqual(expected);
    }
    // Game 1, blue (A) picked 7: locked for A, free for B.
    expect(lockedFor(s, 2, "A").get(7)).toEqual({ kind: "picked", team: "A", game: 1 });
    expect(lockedFor(s, 2, "B").has(7)).toBe(false);
  });

  it("ironman locks earlier picks and bans for both teams", () => {
    const s = series("ironman", games);
    expect(lockedFor(s, 5, "A").size).toBe(80);
    expect(lockedFor(s, 3, "B").get(101)).toEqual({ kind: "banned", team: "B", game: 2 });
  });

  it("the last-game reset plays game 5 with the full pool (disabled champions stay out)", () => {
    for (const preset of FEARLESS_PRESETS) {
      const s = series(preset, games, { rule: fearlessRule(preset, true), disabled: [999] });
      expect(sorted(lockedFor(s, 5, "A").keys())).toEqual([999]);
      expect(sorted(lockedFor(s, 4, "A").keys())).toEqual(
        sorted(lockedFor(series(preset, games, { disabled: [999] }), 4, "A").keys()),
      );
    }
  });

  it("names presets back from rules", () => {
    for (const preset of FEARLESS_PRESETS) expect(presetOf(fearlessRule(preset, true))).toBe(preset);
    expect(presetOf({ from: "picks+bans", scope: "own", reset_last_game: false })).toBeNull();
  });
});

describe("lockedFor (property)", () => {
  const arbGames = fc
    .array(
      fc.record({
        blue: fc.constantFrom("A" as const, "B" as const),
        picks: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 20, maxLength: 20 }),
        skips: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
      }),
      { maxLength: 6 },
    )
    .map((raw) =>
      raw.map(
        (g, i): SeriesGameInput => ({
          number: i + 1,
          blue: g.blue,
          winner: null,
          actions: DEFAULT_FORMAT.steps.map((step, s) => ({
            phase_number: s,
            action_type: step.type,
            team_side: step.side,
            champion_id: step.type === "BAN" && g.skips[s] ? null : g.picks[s]!,
          })),
        }),
      ),
    );

  it("matches each rule's definition, for every game and team, with and without the reset", () => {
    fc.assert(
      fc.property(
        arbGames,
        fc.constantFrom(...FEARLESS_PRESETS),
        fc.boolean(),
        fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { maxLength: 4 }),
        fc.constantFrom(3 as const, 5 as const, 7 as const),
        (games, preset, reset, disabled, bestOf) => {
          const rule = fearlessRule(preset, reset);
          const s = series(preset, games, { rule, disabled, best_of: bestOf });
          for (let n = 1; n <= bestOf; n++) {
            for (const team of ["A", "B"] as const) {
              const locked = lockedFor(s, n, team);
              const expected = new Set(disabled);
              if (!(reset && n >= bestOf)) {
                for (const g of games.filter((x) => x.number < n)) {
                  const types: ("PICK" | "BAN")[] = rule.from === "picks+bans" ? ["PICK", "BAN"] : ["PICK"];
                  if (rule.from === "none") continue;
                  for (const id of usedBy(g, rule.scope === "own" ? team : null, types)) expected.add(id);
                }
              }
              expect(sorted(locked.keys())).toEqual(sorted(expected));
              for (const id of disabled) expect(locked.get(id)).toEqual({ kind: "disabled" });
              // The reason names the first game that locked it, and that game did use it.
              for (const [id, reason] of locked) {
                if (reason.kind === "disabled") continue;
                const g = games.find((x) => x.number === reason.game)!;
                expect(g.actions.some((a) => a.champion_id === id)).toBe(true);
                for (const earlier of games.filter((x) => x.number < reason.game)) {
                  const types: ("PICK" | "BAN")[] = rule.from === "picks+bans" ? ["PICK", "BAN"] : ["PICK"];
                  expect(usedBy(earlier, rule.scope === "own" ? team : null, types)).not.toContain(id);
                }
              }
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // 150 random series replayed game by game: seconds on a loaded CI machine, not a speed claim.
  }, 30_000);

  it("the engine refuses exactly the locked champions for the side that may not take them", () => {
    fc.assert(
      fc.property(arbGames, fc.constantFrom(...FEARLESS_PRESETS), (games, preset) => {
        const s = series(preset, games, { best_of: 7 });
        const number = games.length + 1;
        const blue: SeriesTeam = number % 2 === 1 ? "A" : "B";
        const locks = draftLocks(s, { number, blue });
        const state = fromActions([], { ...locks });
        const lockedForBlue = lockedFor(s, number, blue);
        for (let id = 1; id <= 60; id++) {
          const result = applyAction(state, {
            phase_number: 0,
            action_type: "BAN",
            team_side: "BLUE",
            champion_id: id,
          });
          expect(result.ok ? null : result.code).toBe(lockedForBlue.has(id) ? "champion_locked" : null);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("score, next game and sides", () => {
  it("ends at the majority, or plays on as a scrim block", () => {
    const twoNil = [game(1, "A", 0, "A"), game(2, "B", 100, "A")];
    expect(seriesScore({ best_of: 3, games: twoNil })).toEqual({ A: 2, B: 0, winner: "A" });
    expect(nextGame({ best_of: 3, scrim_block: false, games: twoNil })).toEqual({ status: "complete" });
    expect(nextGame({ best_of: 3, scrim_block: true, games: twoNil })).toEqual({
      status: "ready",
      number: 3,
    });
    const three = [...twoNil, game(3, "A", 200, "B")];
    expect(nextGame({ best_of: 3, scrim_block: true, games: three })).toEqual({ status: "complete" });
    expect(seriesScore({ best_of: 3, games: three })).toEqual({ A: 2, B: 1, winner: "A" });
    expect(nextGame({ best_of: 3, scrim_block: false, games: [game(1, "A", 0)] })).toEqual({
      status: "waiting",
      number: 1,
    });
    expect(nextGame({ best_of: 5, scrim_block: false, games: [] })).toEqual({ status: "ready", number: 1 });
  });

  it("alternation swaps sides; the loser chooses; the organiser sets", () => {
    const played = [game(1, "A", 0, "A")];
    expect(gameSides({ side_choice: "alternate", games: played }, 2, "A")).toEqual({
      ok: true,
      blue: "B",
      chooser: null,
    });
    expect(gameSides({ side_choice: "loser", games: played }, 2)).toEqual({
      ok: false,
      code: "side_required",
    });
    expect(gameSides({ side_choice: "loser", games: played }, 2, "B")).toEqual({
      ok: true,
      blue: "B",
      chooser: { by: "team", team: "B" },
    });
    expect(gameSides({ side_choice: "organiser", games: played }, 2, "A")).toEqual({
      ok: true,
      blue: "A",
      chooser: { by: "organiser" },
    });
    expect(gameSides({ side_choice: "loser", games: [] }, 1, "B")).toMatchObject({ ok: true, blue: "B" });
    expect(gameSides({ side_choice: "alternate", games: [] }, 1)).toMatchObject({ ok: true, blue: "A" });
  });
});

describe("pool depth", () => {
  const priorities = [
    { champion_id: 1, tier: "S" as const, positions: ["jungle"] },
    { champion_id: 2, tier: "S" as const, positions: ["jungle"] },
    { champion_id: 3, tier: "S" as const, positions: ["jungle", "top"] },
    { champion_id: 4, tier: "B" as const, positions: ["mid"] },
  ];

  it("counts what is left per position and tier, and flags thin comfort pools", () => {
    const depth = poolDepth(priorities, new Set([1]));
    expect(depth).toEqual([
      { position: "top", tier: "S", total: 1, left: 1 },
      { position: "jungle", tier: "S", total: 3, left: 2 },
      { position: "mid", tier: "B", total: 1, left: 1 },
    ]);
    expect(thinPools(depth)).toEqual([
      { position: "top", tier: "S", total: 1, left: 1 },
      { position: "jungle", tier: "S", total: 3, left: 2 },
    ]);
    expect(thinPools(poolDepth(priorities, new Set()), 1)).toEqual([
      { position: "top", tier: "S", total: 1, left: 1 },
    ]);
  });
});
