import { afterAll, describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { buildTeamProfile, rankOpponent } from "./opponent.ts";
import {
  currentTakeaways,
  isSurprise,
  PRACTICE_REVIEW,
  type PracticeReview,
  reviewPractice,
} from "./practice-review.ts";
import { RANKER_MODEL } from "./ranker.ts";
import { type ChampionInfo, recommend } from "./recommend.ts";
import { type DraftActionInput, fromActions, truncate } from "./state.ts";
import { buildStatistics, type Position, type StatisticsGame } from "./statistics.ts";

// These tests pin the hand-weighted ranking (RANKER_MODEL.weights null): what they check is built on
// `recommend`'s order over toy statistics, not the learned weights (decision 043; ranker.test.ts).
// (set at load: some suites compute their fixtures while being collected, before any hook)
const shippedRanker = RANKER_MODEL.weights;
RANKER_MODEL.weights = null;
afterAll(() => {
  RANKER_MODEL.weights = shippedRanker;
});

const TAGS = [["Mage"], ["Assassin"], ["Marksman"], ["Support"], ["Fighter"], ["Tank"]];
const POOL: ChampionInfo[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Champ ${String(i + 1).padStart(2, "0")}`,
  role: TAGS[i % TAGS.length]![0],
  tags: TAGS[i % TAGS.length],
}));
const POSITIONS_BY_PICK: Position[] = ["top", "jungle", "mid", "bot", "support"];

/** A full game in the default order: champions for steps 0-19; T1 plays red. */
function history(ids: number[], winner: "BLUE" | "RED"): StatisticsGame {
  const picks = { BLUE: 0, RED: 0 };
  return {
    winner,
    teams: { BLUE: "Gen.G", RED: "T1" },
    picks: DRAFT_SEQUENCE.filter((s) => s.type === "PICK").map((s) => ({
      side: s.side,
      champion_id: ids[s.index]!,
      step: s.index,
      position: POSITIONS_BY_PICK[picks[s.side]++],
    })),
    bans: DRAFT_SEQUENCE.filter((s) => s.type === "BAN").map((s) => ({
      side: s.side,
      champion_id: ids[s.index]!,
      step: s.index,
    })),
  };
}
const STEPS20 = Array.from({ length: 20 }, (_, i) => i + 1);
const GAMES = Array.from({ length: 40 }, (_, g) => history(STEPS20, g % 3 === 0 ? "RED" : "BLUE"));
const STATISTICS = buildStatistics(GAMES);

function play(ids: number[]) {
  const actions: DraftActionInput[] = ids.map((id, i) => ({
    phase_number: i,
    action_type: DRAFT_SEQUENCE[i]!.type,
    team_side: DRAFT_SEQUENCE[i]!.side,
    champion_id: id,
  }));
  return fromActions(actions);
}

describe("reviewPractice", () => {
  const profile = buildTeamProfile(GAMES, "T1");
  // The user (blue) follows the history except at step 0 (bans 25, never seen); red follows it too,
  // except at step 1 where it bans 26 (never seen: a surprise).
  const ids = [25, 26, ...STEPS20.slice(2)];
  const state = play(ids);
  const review = reviewPractice({
    state,
    userSide: "BLUE",
    opponentName: "T1",
    profile,
    champions: POOL,
    statistics: STATISTICS,
  });

  it("ranks each of the user's choices as the model did at that moment, with the best alternative", () => {
    expect(review.user_moves).toHaveLength(10);
    for (const move of review.user_moves) {
      const ranking = recommend({
        state: truncate(state, move.step),
        champions: POOL,
        side: "BLUE",
        action: move.action,
        statistics: STATISTICS,
        teams: { RED: "T1" },
        limit: POOL.length,
      });
      expect(move.rank).toBe(ranking.items.findIndex((i) => i.champion_id === move.champion_id) + 1);
      if (move.rank === 1) expect(move.best).toBeNull();
      else expect(move.best?.champion_id).toBe(ranking.items[0]!.champion_id);
    }
    // step 0: the model's first choice was T1's habitual first pick (8, red's step 7 in all 40 games), not 25
    const first = review.user_moves[0]!;
    expect(first.champion_id).toBe(25);
    expect(first.rank).toBeGreaterThan(PRACTICE_REVIEW.goodRank);
    expect(first.best?.champion_id).toBe(8);
    expect(first.best?.reasons.length).toBeGreaterThan(0);
  });

  it("marks the opponent's choices likely or not from its team-weighted ranking", () => {
    expect(review.opponent_moves).toHaveLength(10);
    const surprise = review.opponent_moves.find((m) => m.step === 1)!;
    expect(surprise.champion_id).toBe(26);
    expect(surprise.likely).toBe(false);
    expect(surprise.history_games).toBe(0);
    for (const move of review.opponent_moves) {
      const ranking = rankOpponent({
        state: truncate(state, move.step),
        champions: POOL,
        statistics: STATISTICS,
        profile,
        side: "RED",
        action: move.action,
      });
      expect(move.rank).toBe(ranking.items.findIndex((i) => i.champion_id === move.champion_id) + 1);
      expect(move.likely).toBe(move.rank! <= PRACTICE_REVIEW.likelyRank && move.history_games > 0);
    }
    // T1 picked 8 (step 7) in all 40 of its games
    expect(review.opponent_moves.find((m) => m.step === 7)).toMatchObject({
      champion_id: 8,
      likely: true,
      history_games: 40,
    });
  });

  it("gives the win estimate from the user's side and three take-aways from the data", () => {
    expect(review.win).not.toBeNull();
    expect(review.win!.low).toBeLessThanOrEqual(review.win!.user);
    expect(review.win!.high).toBeGreaterThanOrEqual(review.win!.user);
    expect(review.win!.games).toBe(40);
    const asRed = reviewPractice({
      state,
      userSide: "RED",
      opponentName: "T1",
      profile: null,
      champions: POOL,
      statistics: STATISTICS,
    });
    expect(asRed.win!.user).toBeCloseTo(1 - review.win!.user, 3);
    expect(review.takeaways).toHaveLength(3);
    const top = review.user_moves.filter((m) => m.rank! <= 3).length;
    expect(review.takeaways[0]).toEqual({
      key: "practice.takeaway.agreement",
      params: { top, count: 10, rank: 3 },
    });
    expect(review.takeaways[1]).toMatchObject({
      key: "practice.takeaway.gap",
      params: { step: 1, chosen: "Champ 25", champion: "Champ 08" },
    });
    // Red's only new choice was a ban (26): nothing to prepare an answer to; its picks were all known.
    expect(review.takeaways[2]).toEqual({
      key: "practice.takeaway.predictable_picks",
      params: { team: "T1", count: 5 },
    });
    expect(asRed.takeaways[2]).toEqual({ key: "practice.takeaway.no_history", params: { team: "T1" } });
  });
});

describe("reviewPractice: statements about the opponent are true", () => {
  // T1 (red) picked 27 instead of 8 at step 7 in exactly one of its 41 games.
  const once = history(
    STEPS20.map((id, step) => (step === 7 ? 27 : id)),
    "RED",
  );
  const games = [...GAMES, once];
  const profile = buildTeamProfile(games, "T1");
  const statistics = buildStatistics(games);
  // Red picks 27 (once in its history) at step 7 and 28 (never) at step 16; blue follows history.
  const ids = STEPS20.map((id, step) => (step === 7 ? 27 : step === 16 ? 28 : id));
  const review = reviewPractice({
    state: play(ids),
    userSide: "BLUE",
    opponentName: "T1",
    profile,
    champions: POOL,
    statistics,
  });
  const move = (step: number) => review.opponent_moves.find((m) => m.step === step)!;

  it("never calls a choice likely that the team made in none of its games", () => {
    expect(move(16)).toMatchObject({ champion_id: 28, history_games: 0, likely: false });
    for (const m of review.opponent_moves) if (m.likely) expect(m.history_games).toBeGreaterThan(0);
  });

  it("does not call a champion the team picked once a surprise", () => {
    expect(move(7)).toMatchObject({ champion_id: 27, history_games: 1 });
    expect(isSurprise(move(7))).toBe(false);
    expect(isSurprise(move(16))).toBe(true);
    expect(review.opponent_moves.filter(isSurprise).map((m) => m.champion_id)).toEqual([28]);
  });

  it("asks to prepare an answer only to a new pick, never to a ban", () => {
    expect(review.takeaways[2]).toEqual({
      key: "practice.takeaway.surprise_pick",
      params: { team: "T1", champion: "Champ 28", champion_id: 28, count: 1, games: 41 },
    });
    // The same draft with a new ban (29 at step 1) and no new pick: no "answer" to prepare.
    const banOnly = reviewPractice({
      state: play(STEPS20.map((id, step) => (step === 1 ? 29 : step === 7 ? 27 : id))),
      userSide: "BLUE",
      opponentName: "T1",
      profile,
      champions: POOL,
      statistics,
    });
    expect(banOnly.opponent_moves.find((m) => m.step === 1)).toMatchObject({
      champion_id: 29,
      history_games: 0,
    });
    expect(banOnly.takeaways[2]).toEqual({
      key: "practice.takeaway.predictable_picks",
      params: { team: "T1", count: 5 },
    });
  });
});

describe("currentTakeaways: reviews saved before the opponent take-away spoke of picks only", () => {
  const saved: PracticeReview = {
    version: 1,
    user_side: "BLUE",
    opponent: { name: "T1", games: 6 },
    win: null,
    user_moves: [],
    opponent_moves: [
      { step: 1, action: "BAN", champion_id: 11, rank: 40, likely: false, history_games: 0 },
      { step: 7, action: "PICK", champion_id: 22, rank: 3, likely: true, history_games: 4 },
    ],
    takeaways: [
      { key: "practice.takeaway.agreement", params: { top: 1, count: 2, rank: 5 } },
      { key: "practice.takeaway.all_strong", params: { count: 2, rank: 5 } },
      // The old wording asked for an answer to a champion the team only banned.
      { key: "practice.takeaway.surprise", params: { team: "T1", champion: "Ban only", count: 1 } },
    ],
  };
  const name = (id: number) => `#${id}`;

  it("re-derives the old opponent take-away from the saved moves and keeps the others", () => {
    const takeaways = currentTakeaways(saved, name);
    expect(takeaways.slice(0, 2)).toEqual(saved.takeaways.slice(0, 2));
    expect(takeaways[2]).toEqual({
      key: "practice.takeaway.predictable_picks",
      params: { team: "T1", count: 1 },
    });
  });

  it("names a new pick as the surprise, with the history's game count", () => {
    const newPick = {
      step: 9,
      action: "PICK" as const,
      champion_id: 33,
      rank: 12,
      likely: false,
      history_games: 0,
    };
    const takeaways = currentTakeaways(
      { ...saved, opponent_moves: [...saved.opponent_moves, newPick] },
      name,
    );
    expect(takeaways[2]).toEqual({
      key: "practice.takeaway.surprise_pick",
      params: { team: "T1", champion: "#33", champion_id: 33, count: 1, games: 6 },
    });
  });
});
