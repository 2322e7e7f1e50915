import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { type ChampionInfo, recommend } from "./recommend.ts";
import { type DraftActionInput, fromActions } from "./state.ts";
import { buildStatistics, type StatisticsGame } from "./statistics.ts";
import {
  ledgerSignal,
  TEAM_LEDGER_MODEL,
  type TeamLedgerGame,
  type TeamLedgerInput,
  teamLedgerIndex,
} from "./team-ledger.ts";

const game = (
  picks: number[],
  opponent: number[],
  won: boolean | null,
  bans: number[] = [],
): TeamLedgerGame => ({
  picks,
  opponent_picks: opponent,
  bans,
  won,
});

describe("teamLedgerIndex: the counts of a team's own games", () => {
  it("counts games, wins with a champion, bans and what beat the team", () => {
    const ledger: TeamLedgerInput = {
      games: [game([1, 2], [3, 4], true, [9]), game([1, 5], [3, 6], false, [9]), game([1, 1, 2], [3], null)],
    };
    const index = teamLedgerIndex(ledger);
    expect(index.games).toBe(3);
    // a champion listed twice in one game counts once; a game without a result is not decided
    expect(index.played.get(1)).toEqual([3, 1, 2]);
    expect(index.played.get(2)).toEqual([2, 1, 1]);
    expect(index.bans.get(9)).toBe(2);
    // 3 faced the team three times, beat it once (two decided)
    expect(index.against.get(3)).toEqual([3, 1, 2]);
    // the same ledger object gives the same index (a room passes it on every step)
    expect(teamLedgerIndex(ledger)).toBe(index);
  });
});

describe("ledgerSignal", () => {
  const ledger = teamLedgerIndex({
    games: [
      game([1, 2], [3, 4], true, [9]),
      game([1, 2], [3, 4], true, [9]),
      game([1, 5], [3, 4], true, [9]),
      game([2, 5], [3, 6], false),
      game([2, 5], [3, 6], false),
      game([2, 7], [3, 6], false),
    ],
  });

  it("pulls down, without a reason, a pick the team never plays; an empty ledger says nothing", () => {
    // never played: below the professional rate (a habit of 0 of 6), no result to tell
    expect(ledgerSignal(ledger, 42, "PICK", 0.1, 0.1).value).toBeLessThan(0);
    expect(ledgerSignal(ledger, 42, "PICK", 0.1, 0.1).reason).toBeNull();
    expect(ledgerSignal(teamLedgerIndex({ games: [] }), 1, "PICK", 0.1, 0.1)).toEqual({
      value: 0,
      reason: null,
    });
  });

  it("raises what the team plays and wins with, above what it plays and loses with", () => {
    const winner = ledgerSignal(ledger, 1, "PICK", 0.1, 0.1); // 3 games, 3 wins
    const loser = ledgerSignal(ledger, 5, "PICK", 0.1, 0.1); // 3 games, 1 win
    expect(winner.value).toBeGreaterThan(loser.value);
    expect(winner.reason).toEqual({ kind: "picks", times: 3, wins: 3, losses: 0, count: 6 });
    // a champion the professionals pick everywhere gains less from the same habit
    expect(ledgerSignal(ledger, 1, "PICK", 0.5, 0.5).value).toBeLessThan(winner.value);
  });

  it("for a ban, raises what beat the team and what it bans, labelled by the larger", () => {
    const threat = ledgerSignal(ledger, 6, "BAN", 0.05, 0.1); // beat the team 3 times in 3
    expect(threat.value).toBeGreaterThan(0);
    expect(threat.reason).toEqual({ kind: "threat", times: 3, count: 3 });
    const banned = ledgerSignal(ledger, 9, "BAN", 0.05, 0.1);
    expect(banned.reason).toEqual({ kind: "bans", times: 3, count: 6 });
    // 4 faced the team three times and lost each: no threat
    expect(ledgerSignal(ledger, 4, "BAN", 0.05, 0.1).value).toBeLessThan(0);
  });
});

const POOL: ChampionInfo[] = [
  { id: 1, name: "Ahri", tags: ["Mage"] },
  { id: 2, name: "Zed", tags: ["Assassin"] },
  { id: 3, name: "Syndra", tags: ["Mage"] },
  { id: 4, name: "Jinx", tags: ["Marksman"] },
  { id: 5, name: "Thresh", tags: ["Support"] },
  { id: 6, name: "Leona", tags: ["Tank", "Support"] },
];

function state(ids: (number | null)[]) {
  const actions: DraftActionInput[] = ids.map((id, i) => ({
    phase_number: i,
    action_type: DRAFT_SEQUENCE[i]!.type,
    team_side: DRAFT_SEQUENCE[i]!.side,
    champion_id: id,
  }));
  return fromActions(actions);
}

describe("recommend with the team's own games", () => {
  // professionals play 1 and 3 as often, in mid
  const statistics = buildStatistics(
    Array.from(
      { length: 10 },
      (_, g): StatisticsGame => ({
        winner: g % 2 === 0 ? "BLUE" : "RED",
        patch: "15.01",
        picks: [
          { champion_id: g % 2 === 0 ? 1 : 3, side: "BLUE", position: "mid", step: 6 },
          { champion_id: g % 2 === 0 ? 3 : 1, side: "RED", position: "mid", step: 7 },
        ],
        bans: [],
      }),
    ),
  );
  const input = {
    state: state([null, null, null, null, null, null]),
    champions: POOL,
    statistics,
    limit: 10,
  };
  const ledger: TeamLedgerInput = {
    games: Array.from({ length: 5 }, () => game([3, 4], [1, 6], true)),
  };

  it("moves the team's winning champion up, says so, and leaves other teams' advice alone", () => {
    const without = recommend({ ...input, side: "BLUE", action: "PICK" });
    const withLedger = recommend({ ...input, side: "BLUE", action: "PICK", ledger });
    const score = (result: typeof without, id: number) =>
      result.items.find((i) => i.champion_id === id)!.score;
    expect(score(withLedger, 3) - score(without, 3)).toBeGreaterThan(0);
    expect(score(withLedger, 3) - score(withLedger, 1)).toBeGreaterThan(
      score(without, 3) - score(without, 1),
    );
    const syndra = withLedger.items.find((i) => i.champion_id === 3)!;
    expect(syndra.reasons[0]).toEqual({
      key: "recommend.reason.ledger_picks",
      params: { times: 5, wins: 5, losses: 0, count: 5 },
    });
    expect(withLedger.summary).toContainEqual({ key: "recommend.summary.team_ledger", params: { count: 5 } });
    // an empty ledger changes nothing
    expect(recommend({ ...input, side: "BLUE", action: "PICK", ledger: { games: [] } })).toEqual(without);
  });

  it("tells a ban of what beat the team in its own games", () => {
    const losses: TeamLedgerInput = { games: Array.from({ length: 4 }, () => game([3, 4], [1, 6], false)) };
    const result = recommend({ ...input, side: "BLUE", action: "BAN", ledger: losses });
    const leona = result.items.find((i) => i.champion_id === 6)!;
    expect(leona.reasons).toContainEqual({
      key: "recommend.reason.ledger_threat",
      params: { times: 4, count: 4 },
    });
    const plain = recommend({ ...input, side: "BLUE", action: "BAN" });
    expect(leona.score).toBeGreaterThan(plain.items.find((i) => i.champion_id === 6)!.score);
    expect(TEAM_LEDGER_MODEL.threatWeight).toBeGreaterThan(0);
  });
});
