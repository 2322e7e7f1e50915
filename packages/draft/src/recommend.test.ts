import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import { type ChampionInfo, type RecommendInput, recommend } from "./recommend.ts";
import { createDraft, type DraftActionInput, type DraftState, fromActions } from "./state.ts";
import type { ChampionStatistics, DraftStatistics, PairRecord, Position } from "./statistics.ts";
import { expiryAction } from "./timer.ts";

const POOL: ChampionInfo[] = [
  { id: 1, name: "Ahri", role: "Mage", tags: ["Mage", "Assassin"] },
  { id: 2, name: "Zed", role: "Assassin", tags: ["Assassin"] },
  { id: 3, name: "Syndra", role: "Mage", tags: ["Mage"] },
  { id: 4, name: "Jinx", role: "Marksman", tags: ["Marksman"] },
  { id: 5, name: "Thresh", role: "Support", tags: ["Support", "Fighter"] },
  { id: 6, name: "Leona", role: "Tank", tags: ["Tank", "Support"] },
  { id: 7, name: "Garen", role: "Fighter", tags: ["Fighter", "Tank"] },
  { id: 8, name: "Lee Sin", role: "Fighter", tags: ["Fighter", "Assassin"] },
  { id: 9, name: "Caitlyn", role: "Marksman", tags: ["Marksman"] },
  { id: 10, name: "Nautilus", role: "Tank", tags: ["Tank", "Support"] },
  { id: 11, name: "Viktor", role: "Mage", tags: ["Mage"] },
  { id: 12, name: "Darius", role: "Fighter", tags: ["Fighter", "Tank"] },
];

/** Plays the given champions (null = skipped ban) from step 0. */
function draft(ids: (number | null)[], locked: number[] = []): DraftState {
  const actions: DraftActionInput[] = ids.map((id, i) => ({
    phase_number: i,
    action_type: DRAFT_SEQUENCE[i]!.type,
    team_side: DRAFT_SEQUENCE[i]!.side,
    champion_id: id,
  }));
  return fromActions(actions, { locked });
}
const SKIP6 = [null, null, null, null, null, null];

function champ(id: number, games: number, wins: number, position: Position, bans = 0): ChampionStatistics {
  return { champion_id: id, picks: games, bans, games, wins, positions: { [position]: { games, wins } } };
}
function stats(
  champions: ChampionStatistics[],
  matchups: PairRecord[] = [],
  pairs: PairRecord[] = [],
  games = 1000,
): DraftStatistics {
  return { version: 1, games, decided_games: games, champions, matchups, pairs };
}
const logit = (p: number) => Math.log(p / (1 - p));
const ids = (input: RecommendInput) => recommend(input).items.map((item) => item.champion_id);

describe("recommend: picks", () => {
  it("ranks a strong matchup against the enemy pick above an equal-tier champion without one", () => {
    // Blue has picked Zed (2); Red picks next. Ahri (1) and Syndra (3): same tier, same record.
    const state = draft([...SKIP6, 2]);
    const statistics = stats(
      [champ(1, 100, 50, "mid"), champ(2, 100, 50, "mid"), champ(3, 100, 50, "mid")],
      [[1, 2, 40, 28]],
    );
    const result = recommend({
      state,
      champions: POOL.filter((c) => c.id <= 3),
      priorities: {
        RED: [
          { champion_id: 1, tier: "A" },
          { champion_id: 3, tier: "A" },
        ],
      },
      statistics,
    });
    expect(result.side).toBe("RED");
    expect(result.action).toBe("PICK");
    const [ahri, syndra] = result.items;
    expect(ahri?.champion_id).toBe(1);
    expect(syndra?.champion_id).toBe(3);
    // hand-computed: both ratings logit(62.5/125) = 0, so the matchup is shrunk toward 50% with
    // 2 x 25 virtual games: (28 + 50 * 0.5) / (40 + 50) = 0.58889 -> delta logit(0.58889) = 0.35954
    expect(ahri!.score - syndra!.score).toBeCloseTo(logit(53 / 90), 3);
    expect(ahri!.win_rate).toBe(58.9);
    expect(ahri!.reasons).toContainEqual({
      key: "recommend.reason.counters",
      params: { champion: "Zed", champion_id: 2, win_rate: 58.9, games: 40 },
    });
    expect(ahri!.reasons).toContainEqual({ key: "recommend.reason.team_priority", params: { tier: "A" } });
  });

  it("shrinks small samples: 2 games at 100% never outrank 500 games at 56%", () => {
    const statistics = stats([champ(1, 2, 2, "mid"), champ(3, 500, 280, "mid")]);
    const result = recommend({
      state: draft(SKIP6),
      champions: POOL.filter((c) => c.id === 1 || c.id === 3),
      statistics,
    });
    expect(result.items.map((i) => i.champion_id)).toEqual([3, 1]);
    // (280 + 12.5) / 525 = 55.71 %, (2 + 12.5) / 27 = 53.70 %
    expect(result.items[0]!.win_rate).toBe(55.7);
    expect(result.items[1]!.win_rate).toBe(53.7);
    expect(result.items[0]!.reasons).toContainEqual({
      key: "recommend.reason.strong_win_rate",
      params: { position: "mid", win_rate: 55.7, games: 500 },
    });
    // a bigger pseudo-count trusts the small sample even less
    const cautious = recommend({
      state: draft(SKIP6),
      champions: POOL.filter((c) => c.id === 1),
      statistics,
      risk: 100,
    });
    expect(cautious.items[0]!.win_rate).toBe(51);
  });

  it("ranks supports up for a team missing only its support", () => {
    // Blue: Garen (7) top, Lee Sin (8) jungle, Syndra (3) mid, Jinx (4) bot, picked over steps 6-16
    const state = draft([...SKIP6, 7, 2, 1, 8, 3, 9, null, null, null, null, 10, 4]);
    const result = recommend({ state, champions: POOL, side: "BLUE", action: "PICK", limit: 20 });
    expect(result.basis.statistics).toBe(false);
    const order = result.items.map((i) => i.champion_id);
    const rank = (id: number) => order.indexOf(id);
    for (const support of [5, 6]) {
      for (const other of [11, 12]) expect(rank(support)).toBeLessThan(rank(other));
      expect(result.items[rank(support)]!.position).toBe("support");
    }
    const thresh = result.items[rank(5)]!;
    expect(thresh.reasons).toContainEqual({
      key: "recommend.reason.fills_position",
      params: { position: "support" },
    });
    // with no picks at all the same champions are not favoured by position
    const open = recommend({ state: draft(SKIP6), champions: POOL, limit: 20 });
    expect(open.items.every((i) => i.score === 0)).toBe(true);
  });

  it("uses statistics for positions: a champion the data shows at support fills support", () => {
    // Ahri played support 60 games in the data; Syndra only mid. Blue misses support.
    const state = draft([...SKIP6, 7, 2, 12, 8, 11, 9, null, null, null, null, 10, 4]);
    const statistics = stats([
      {
        champion_id: 1,
        picks: 60,
        bans: 0,
        games: 60,
        wins: 30,
        positions: { support: { games: 60, wins: 30 } },
      },
      champ(3, 60, 30, "mid"),
    ]);
    const all = recommend({ state, champions: POOL, side: "BLUE", statistics, limit: 20 });
    const result = { items: all.items.filter((i) => i.champion_id === 1 || i.champion_id === 3) };
    // Syndra's best assignment is mid with Viktor moved to support (roles prior 0.2 vs 0.6 at mid):
    // the team loses ln(0.2 / 0.6) of likelihood, weighted 0.35.
    expect(result.items.map((i) => [i.champion_id, i.position])).toEqual([
      [1, "support"],
      [3, "mid"],
    ]);
    expect(result.items[1]!.score - result.items[0]!.score).toBeCloseTo(0.35 * Math.log(0.2 / 0.6), 4);
  });

  it("favours blind-safe champions for a first pick", () => {
    // Viktor (11) is countered hard by Zed (2): 60 games, Viktor won 18.
    const statistics = stats(
      [champ(11, 100, 50, "mid"), champ(3, 100, 50, "mid"), champ(2, 100, 50, "mid")],
      [[2, 11, 60, 42]],
    );
    const champions = POOL.filter((c) => [2, 3, 11].includes(c.id));
    const result = recommend({ state: draft(SKIP6), champions, statistics });
    const viktor = result.items.find((i) => i.champion_id === 11)!;
    const syndra = result.items.find((i) => i.champion_id === 3)!;
    expect(result.items[2]!.champion_id).toBe(11);
    // delta = logit((18 + 25) / 110); exposure = delta / 3; weight 0.5 * (5 enemy picks left / 5)
    expect(viktor.score - syndra.score).toBeCloseTo((0.5 * logit(43 / 110)) / 3, 4);
    expect(syndra.reasons).toContainEqual({ key: "recommend.reason.blind_safe", params: {} });
    expect(viktor.reasons).not.toContainEqual({ key: "recommend.reason.blind_safe", params: {} });
    // once Zed is banned the counter is gone
    const zedBanned = recommend({ state: draft([2, null, null, null, null, null]), champions, statistics });
    expect(zedBanned.items.map((i) => i.score)).toEqual([0, 0]);
  });

  it("counts synergy with every ally", () => {
    const state = draft([...SKIP6, 5]); // Blue Thresh; Red to pick, so ask for Blue's next pick
    const statistics = stats(
      [champ(5, 100, 50, "support"), champ(4, 100, 50, "bot"), champ(9, 100, 50, "bot")],
      [],
      [[4, 5, 50, 35]],
    );
    const result = recommend({
      state,
      champions: POOL.filter((c) => [4, 5, 9].includes(c.id)),
      side: "BLUE",
      action: "PICK",
      statistics,
    });
    expect(result.items.map((i) => i.champion_id)).toEqual([4, 9]);
    // (35 + 25) / (50 + 50) = 60 %
    expect(result.items[0]!.reasons).toContainEqual({
      key: "recommend.reason.synergy",
      params: { champion: "Thresh", champion_id: 5, win_rate: 60, games: 50 },
    });
  });

  it("adds composition reasons: a missing frontline and a missing damage type", () => {
    // Red: Jinx (4) and Caitlyn (9)... Red picks at 7, 8 -> Jinx, Zed: no frontline, no magic damage
    const state = draft([...SKIP6, 1, 4, 2, 3, 5]);
    const result = recommend({ state, champions: POOL, limit: 20 });
    expect(result.side).toBe("RED");
    const leona = result.items.find((i) => i.champion_id === 6)!;
    expect(leona.reasons).toContainEqual({ key: "recommend.reason.adds_frontline", params: {} });
    const viktor = result.items.find((i) => i.champion_id === 11)!;
    expect(viktor.reasons).toContainEqual({ key: "recommend.reason.adds_magic_damage", params: {} });
  });
});

describe("recommend: bans", () => {
  it("does not ban our own priorities, and a pick denies the enemy's", () => {
    const priorities = {
      BLUE: [{ champion_id: 3, tier: "S" as const }],
      RED: [{ champion_id: 11, tier: "A" as const }],
    };
    const champions = POOL.filter((c) => c.id === 3 || c.id === 11 || c.id === 1);
    const ban = recommend({ state: createDraft(), champions, priorities });
    // Blue bans: Viktor (Red's A-tier, +0.2) first, Ahri (0), Syndra last (Blue's own S-tier, -0.3)
    expect(ban.items.map((i) => [i.champion_id, i.score])).toEqual([
      [11, 0.2],
      [1, 0],
      [3, -0.3],
    ]);
    const pick = recommend({ state: draft(SKIP6), champions, priorities });
    // Blue picks: Syndra (own S, +0.3), Viktor (denies Red's A, 0.5 x 0.2), Ahri
    expect(pick.items.map((i) => [i.champion_id, i.score])).toEqual([
      [3, 0.3],
      [11, 0.1],
      [1, 0],
    ]);
    expect(pick.items[1]!.reasons).toContainEqual({
      key: "recommend.reason.enemy_priority",
      params: { tier: "A" },
    });
  });

  it("denies the enemy's priorities first without statistics", () => {
    const result = recommend({
      state: createDraft(),
      champions: POOL,
      priorities: {
        RED: [
          { champion_id: 9, tier: "S" },
          { champion_id: 3, tier: "B" },
        ],
      },
    });
    expect(result.action).toBe("BAN");
    expect(
      ids({
        state: createDraft(),
        champions: POOL,
        priorities: {
          RED: [
            { champion_id: 9, tier: "S" },
            { champion_id: 3, tier: "B" },
          ],
        },
      }).slice(0, 2),
    ).toEqual([9, 3]);
    expect(result.items[0]!.reasons[0]).toEqual({
      key: "recommend.reason.enemy_priority",
      params: { tier: "S" },
    });
    expect(result.summary).toEqual([
      { key: "recommend.summary.no_statistics", params: {} },
      { key: "recommend.summary.enemy_priorities", params: { count: 2 } },
      { key: "recommend.summary.composition_roles", params: {} },
    ]);
  });

  it("bans the biggest threat to our picks", () => {
    // Blue picked Syndra (3) at step 6; phase-2 bans (step 12), advising Blue.
    const state = draft([...SKIP6, 3, 7, 12, 4, 5, 8]);
    const statistics = stats(
      [champ(3, 100, 50, "mid"), champ(2, 100, 50, "mid"), champ(1, 100, 50, "mid")],
      [[2, 3, 50, 35]],
    );
    const result = recommend({ state, side: "BLUE", champions: POOL.filter((c) => c.id <= 3), statistics });
    expect(result).toMatchObject({ side: "BLUE", action: "BAN" });
    expect(result.items[0]!.champion_id).toBe(2);
    expect(result.items[0]!.position).toBe("mid");
    expect(result.items[0]!.reasons).toContainEqual({
      key: "recommend.reason.threatens_pick",
      params: { champion: "Syndra", champion_id: 3, win_rate: 60, games: 50 },
    });
  });
});

describe("recommend: general guarantees", () => {
  it("never recommends a used or locked champion", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          POOL.map((c) => c.id),
          { minLength: 0, maxLength: 10 },
        ),
        fc.shuffledSubarray(
          POOL.map((c) => c.id),
          { maxLength: 3 },
        ),
        fc.shuffledSubarray(
          POOL.map((c) => c.id),
          { maxLength: 2 },
        ),
        fc.boolean(),
        (used, locked, extra, withStats) => {
          const clean = used.filter((id) => !locked.includes(id));
          const state = draft(clean, locked);
          const statistics = withStats
            ? stats(
                POOL.map((c) => champ(c.id, 40 + c.id, 20 + c.id, "mid")),
                [[1, 2, 10, 7]],
                [[4, 5, 12, 8]],
              )
            : null;
          const result = recommend({ state, champions: POOL, locked: extra, statistics, limit: 20 });
          for (const item of result.items) {
            expect(state.used.has(item.champion_id)).toBe(false);
            expect(locked).not.toContain(item.champion_id);
            expect(extra).not.toContain(item.champion_id);
            expect(item.reasons.length).toBeGreaterThan(0);
            if (item.win_rate !== null) expect(item.win_rate).toBeLessThan(100);
          }
          const available =
            POOL.length -
            clean.length -
            new Set([...locked, ...extra].filter((id) => !clean.includes(id))).size;
          expect(result.items.length).toBe(Math.max(0, available));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("stays finite and ordered with arbitrary (even inconsistent) statistics", () => {
    const ids = POOL.map((c) => c.id);
    const record = fc.tuple(fc.integer({ min: -5, max: 500 }), fc.integer({ min: -5, max: 600 }));
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...ids), record, fc.constantFrom<Position>("top", "mid", "support")),
          {
            maxLength: 12,
          },
        ),
        fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids), record), { maxLength: 30 }),
        fc.integer({ min: 0, max: 19 }),
        fc.option(fc.double({ min: 0, max: 500, noNaN: true })),
        (rows, pairs, step, risk) => {
          const statistics = stats(
            rows.map(([id, [games, wins], position]) => champ(id, games, wins, position)),
            pairs.map(([a, b, [games, wins]]): PairRecord => [a, b, games, wins]),
            pairs.map(([a, b, [games, wins]]): PairRecord => [b, a, games, wins]),
          );
          const picks = [7, 8, 9, 10, 11, 12, 4, 5, 1, 2];
          let next = 0;
          const state = draft(
            DRAFT_SEQUENCE.slice(0, step).map((s) => (s.type === "PICK" ? picks[next++]! : null)),
          );
          const result = recommend({
            state,
            champions: POOL,
            statistics,
            limit: 20,
            ...(risk === null ? {} : { risk }),
          });
          for (let i = 0; i < result.items.length; i++) {
            const item = result.items[i]!;
            expect(Number.isFinite(item.score)).toBe(true);
            if (i > 0) expect(result.items[i - 1]!.score).toBeGreaterThanOrEqual(item.score);
            if (item.win_rate !== null) {
              expect(item.win_rate).toBeGreaterThan(0);
              expect(item.win_rate).toBeLessThan(100);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("is deterministic, whatever the order of the pool", () => {
    const state = draft([...SKIP6, 1, 2]);
    const statistics = stats(POOL.map((c) => champ(c.id, 30, 15, "mid")));
    const a = recommend({ state, champions: POOL, statistics });
    const b = recommend({ state, champions: [...POOL].reverse(), statistics });
    expect(b).toEqual(a);
    expect(a.items.map((i) => i.rank)).toEqual(a.items.map((_, i) => i + 1));
  });

  it("says when the ranking used statistics, and how many games", () => {
    const statistics = stats([champ(1, 30, 15, "mid")], [], [], 77);
    const result = recommend({ state: draft(SKIP6), champions: POOL, statistics });
    expect(result.summary[0]).toEqual({
      key: "recommend.summary.statistics",
      params: { games: 77, risk: 25 },
    });
    expect(result.basis).toMatchObject({ statistics: true, games: 77, positions: "statistics" });
    const none = recommend({ state: draft(SKIP6), champions: POOL });
    expect(none.summary[0]!.key).toBe("recommend.summary.no_statistics");
    expect(none.items.every((i) => i.win_rate === null)).toBe(true);
  });

  it("feeds the timer: an expired pick locks the top recommendation", () => {
    const state = draft(SKIP6);
    const result = recommend({
      state,
      champions: POOL,
      priorities: { BLUE: [{ champion_id: 11, tier: "S" }] },
    });
    expect(expiryAction(state, result)?.champion_id).toBe(11);
  });
});

describe("recommend: reason keys", () => {
  // The params each key's wording uses (CONTEXT.md); the web's locale files rely on them.
  const PARAMS: Record<string, string[]> = {
    "recommend.reason.team_priority": ["tier"],
    "recommend.reason.enemy_priority": ["tier"],
    "recommend.reason.strong_win_rate": ["games", "position", "win_rate"],
    "recommend.reason.strong_win_rate_overall": ["games", "win_rate"],
    "recommend.reason.counters": ["champion", "champion_id", "games", "win_rate"],
    "recommend.reason.countered_by": ["champion", "champion_id", "games", "win_rate"],
    "recommend.reason.threatens_pick": ["champion", "champion_id", "games", "win_rate"],
    "recommend.reason.synergy": ["champion", "champion_id", "games", "win_rate"],
    "recommend.reason.enemy_synergy": ["champion", "champion_id", "games", "win_rate"],
    "recommend.reason.contested": ["games", "presence"],
    "recommend.reason.fills_position": ["position"],
    "recommend.reason.enemy_open_position": ["position"],
    "recommend.reason.plays_position": ["position"],
    "recommend.summary.statistics": ["games", "risk"],
    "recommend.summary.team_priorities": ["count"],
    "recommend.summary.enemy_priorities": ["count"],
    "recommend.summary.blind": ["enemy_picks_left"],
  };

  it("emits only listed keys, each with its documented params", async () => {
    const { RECOMMEND_REASON_KEYS } = await import("./recommend.ts");
    const seen = new Set<string>();
    const statistics = stats(
      POOL.map((c) => champ(c.id, 200 + 10 * c.id, 100 + 9 * c.id, c.id % 2 ? "mid" : "top", 300)),
      POOL.flatMap((a) =>
        POOL.filter((b) => b.id > a.id).map((b): PairRecord => [a.id, b.id, 30, (a.id * b.id) % 31]),
      ),
      POOL.flatMap((a) =>
        POOL.filter((b) => b.id > a.id).map((b): PairRecord => [a.id, b.id, 30, (a.id + b.id) % 2 ? 5 : 28]),
      ),
      400,
    );
    const order = [7, 8, 9, 10, 11, 12, 4, 5, 1, 2];
    for (let step = 0; step <= 19; step++) {
      let next = 0;
      const ids = DRAFT_SEQUENCE.slice(0, step).map((s) => (s.type === "PICK" ? order[next++]! : null));
      const state = draft(ids);
      for (const statisticsOrNone of [statistics, null]) {
        const result = recommend({
          state,
          champions: [
            ...POOL,
            ...Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, name: `X${i}`, tags: ["Tank"] })),
          ],
          statistics: statisticsOrNone,
          priorities: { BLUE: [{ champion_id: 3, tier: "S" }], RED: [{ champion_id: 6, tier: "B" }] },
          limit: 40,
        });
        for (const reason of [...result.summary, ...result.items.flatMap((i) => i.reasons)]) {
          expect(RECOMMEND_REASON_KEYS).toContain(reason.key);
          expect(Object.keys(reason.params).sort()).toEqual(PARAMS[reason.key] ?? []);
          seen.add(reason.key);
        }
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });
});
