import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeBranchPath,
  conditionHolds,
  type DraftPlanBranch,
  type DraftPlanCondition,
  type DraftPlanContent,
  draftPlanChampions,
  emptyDraftPlan,
  flattenBranches,
  matchPlan,
  planFirst,
  validateDraftPlan,
} from "./draft-plan.ts";
import { DRAFT_SEQUENCE, type Side } from "./formats.ts";
import { applyAction, createDraft, type DraftState, teamBoard, teamPicks } from "./state.ts";
import { POSITIONS, type Position } from "./statistics.ts";

/** Plays champions in order along the default sequence (null: a skipped ban). */
function play(ids: (number | null)[]): DraftState {
  let state = createDraft();
  ids.forEach((champion_id, i) => {
    const step = DRAFT_SEQUENCE[i]!;
    const result = applyAction(state, {
      phase_number: i,
      action_type: step.type,
      team_side: step.side,
      champion_id,
    });
    if (!result.ok) throw new Error(`step ${i}: ${result.code}`);
    state = result.state;
  });
  return state;
}

const branch = (
  id: string,
  conditions: DraftPlanCondition[],
  answer: DraftPlanBranch["answer"] = [],
  children: DraftPlanBranch[] = [],
): DraftPlanBranch => ({ id, label: id, conditions, answer, children });

// Blue plan: ban 1, 2, 3 in the first phase; first pick 10 (or 11); flex 12.
// If Red first-picks 20 → answer pick 30 then 31; nested: if Red also banned 4 → pick 32 first.
const PLAN: DraftPlanContent = {
  ...emptyDraftPlan("vs Red"),
  side: "BLUE",
  bans: [
    { phase: 1, champion_id: 1, reason: "their jungle comfort" },
    { phase: 1, champion_id: 2, reason: "" },
    { phase: 1, champion_id: 3, reason: "" },
    { phase: 2, champion_id: 5, reason: "phase 2" },
  ],
  first_picks: [
    { champion_id: 10, note: "blind safe" },
    { champion_id: 11, note: "if 10 is gone" },
  ],
  flex_picks: [{ champion_id: 12, positions: ["mid", "top"], note: "hides mid" }],
  branches: [
    branch(
      "azir",
      [{ type: "first_pick", team: "them", champion_id: 20 }],
      [
        { action: "PICK", champion_id: 30, note: "into Azir" },
        { action: "PICK", champion_id: 31, note: "second" },
      ],
      [
        branch(
          "azir-ban4",
          [{ type: "banned", team: "them", champion_id: 4 }],
          [{ action: "PICK", champion_id: 32, note: "deep" }],
        ),
      ],
    ),
    branch("tank", [{ type: "any_of", team: "them", action: "PICK", champion_ids: [21, 22, 23], count: 2 }]),
  ],
};

// Bans B1 R4 B2 R6 B3 R7, picks B10 R20 R21 B30 ...
const BANS_ON_PLAN = [1, 4, 2, 6, 3, 7];

describe("matchPlan", () => {
  it("follows the main line: the plan's bans, then the first-pick option", () => {
    const m0 = matchPlan(PLAN, play([]), "BLUE");
    expect(m0.path).toEqual([]);
    expect(m0.next_step).toBe(0);
    expect(m0.next).toMatchObject({ action: "BAN", champion_id: 1, note: "their jungle comfort" });
    const m1 = matchPlan(PLAN, play(BANS_ON_PLAN), "BLUE");
    expect(m1.next).toMatchObject({
      action: "PICK",
      champion_id: 10,
      source: { kind: "first_pick", index: 0 },
    });
    expect(m1.off_plan).toBeNull();
  });

  it("takes the next option when the first is gone, and the next step of ours when it is their turn", () => {
    const m = matchPlan(PLAN, play([1, 10, 2, 6, 3, 7]), "BLUE");
    expect(m.next).toMatchObject({ champion_id: 11, source: { kind: "first_pick", index: 1 } });
    // Red's view of the same draft: its next step is 7 (R pick) and a plan without red bans has nothing.
    const red = matchPlan(PLAN, play([1, 10, 2, 6, 3, 7]), "RED");
    expect(red.next_step).toBe(7);
  });

  it("switches to the branch when its condition happens, nested branches first", () => {
    const state = play([...BANS_ON_PLAN, 10, 20]);
    const m = matchPlan(PLAN, state, "BLUE");
    // After Red's first pick (20) it is still Red's turn (step 8); our next step is 9.
    expect(m.path).toEqual(["azir", "azir-ban4"]);
    expect(m.next_step).toBe(9);
    expect(m.next).toMatchObject({ champion_id: 32, source: { kind: "branch", branch_id: "azir-ban4" } });
    const m2 = matchPlan(PLAN, play([...BANS_ON_PLAN, 10, 20, 21, 32]), "BLUE");
    expect(m2.off_plan).toBeNull();
    expect(m2.next).toMatchObject({ champion_id: 30, note: "into Azir" });
    expect(m2.taken).toEqual(["azir", "azir-ban4"]);
  });

  it("marks the first step where we left the plan", () => {
    const m = matchPlan(PLAN, play([1, 4, 2, 6, 40, 7, 10]), "BLUE");
    expect(m.off_plan).toEqual({ step: 4, action_type: "BAN", intended: 3, actual: 40 });
  });

  it("lists our steps the plan had nothing for", () => {
    const m = matchPlan(emptyDraftPlan("x"), play([40, 41, 42]), "BLUE");
    expect(m.no_answer_steps).toEqual([0, 2]);
    expect(m.off_plan).toBeNull();
    expect(m.next).toBeNull();
  });

  it("never intends a champion used in an earlier fearless game", () => {
    const plan = { ...PLAN, series: { fearless: true, game: 2, best_of: 3, used: [1] } };
    expect(matchPlan(plan, play([]), "BLUE").next?.champion_id).toBe(2);
  });
});

describe("planFirst", () => {
  it("puts the plan's intent first with its note, once", () => {
    const m = matchPlan(PLAN, play([...BANS_ON_PLAN, 10, 20]), "BLUE");
    const list = planFirst([{ champion_id: 5 }, { champion_id: 32 }, { champion_id: 9 }], m.next);
    expect(list.map((s) => s.champion_id)).toEqual([32, 5, 9]);
    expect(list[0]).toMatchObject({ plan: { note: "deep", source: { branch_id: "azir-ban4" } } });
    expect(planFirst([{ champion_id: 5 }], null)).toEqual([{ champion_id: 5 }]);
  });
});

describe("validateDraftPlan", () => {
  it("accepts a sound plan", () => {
    expect(validateDraftPlan(PLAN)).toEqual([]);
  });

  it("finds branches that can never match", () => {
    const plan: DraftPlanContent = {
      ...PLAN,
      series: { fearless: true, game: 2, best_of: 3, used: [50] },
      branches: [
        branch("both", [
          { type: "picked", team: "us", champion_id: 20 },
          { type: "picked", team: "them", champion_id: 20 },
        ]),
        branch("picked-banned", [
          { type: "picked", team: "them", champion_id: 21 },
          { type: "banned", team: "either", champion_id: 21 },
        ]),
        branch("fearless", [{ type: "picked", team: "them", champion_id: 50 }]),
        branch("our-ban", [{ type: "first_pick", team: "them", champion_id: 1 }]),
        branch("count", [{ type: "any_of", team: "them", action: "PICK", champion_ids: [21, 22], count: 3 }]),
        branch(
          "two-firsts",
          [],
          [],
          [branch("child", [{ type: "first_pick", team: "them", champion_id: 22 }])],
        ),
        branch("shadowed", [{ type: "banned", team: "them", champion_id: 8 }]),
      ],
    };
    const issues = validateDraftPlan(plan);
    const reasons = Object.fromEntries(
      issues.filter((i) => i.code === "branch_never_matches").map((i) => [i.branch_id, i.reason]),
    );
    // "two-firsts" has no condition, so it always matches and shadows every later sibling.
    expect(reasons).toEqual({
      both: "contradiction",
      "picked-banned": "contradiction",
      fearless: "fearless",
      "our-ban": "our_ban",
      count: "count_too_high",
      shadowed: "shadowed",
    });
    const nested: DraftPlanContent = {
      ...PLAN,
      branches: [
        branch(
          "a",
          [{ type: "first_pick", team: "them", champion_id: 20 }],
          [],
          [branch("b", [{ type: "first_pick", team: "them", champion_id: 22 }])],
        ),
      ],
    };
    expect(validateDraftPlan(nested)).toEqual([
      {
        code: "branch_never_matches",
        path: "branches.0.children.0",
        branch_id: "b",
        reason: "contradiction",
      },
    ]);
  });

  it("finds plan picks the plan bans first, fearless champions and duplicate bans", () => {
    const plan: DraftPlanContent = {
      ...PLAN,
      series: { fearless: true, game: 3, best_of: 5, used: [12] },
      bans: [...PLAN.bans, { phase: 2, champion_id: 1, reason: "again" }],
      first_picks: [{ champion_id: 2, note: "" }],
      branches: [
        branch(
          "x",
          [{ type: "picked", team: "them", champion_id: 20 }],
          [
            { action: "BAN", champion_id: 33, note: "" },
            { action: "PICK", champion_id: 33, note: "" },
          ],
        ),
      ],
    };
    expect(validateDraftPlan(plan)).toEqual([
      { code: "duplicate_champion", path: "bans.4", champion_id: 1 },
      { code: "pick_banned_by_plan", path: "first_picks.0", champion_id: 2 },
      { code: "fearless_used", path: "flex_picks.0", champion_id: 12 },
      { code: "pick_banned_by_plan", path: "branches.0.answer.1", champion_id: 33 },
    ]);
  });
});

describe("plan helpers", () => {
  it("lists every champion and every branch with its path", () => {
    expect([...draftPlanChampions(PLAN)].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 10, 11, 12, 20, 21, 22, 23, 30, 31, 32,
    ]);
    expect(flattenBranches(PLAN.branches).map((b) => [b.branch.id, b.path, b.depth])).toEqual([
      ["azir", "branches.0", 0],
      ["azir-ban4", "branches.0.children.0", 1],
      ["tank", "branches.1", 0],
    ]);
  });
});

// ---- property: a condition on every prefix of a random legal draft agrees with a direct check --

const POOL = 24;
const POSITION_OF = new Map<number, Position[]>(
  Array.from({ length: POOL }, (_, i) => [i + 1, [POSITIONS[i % 5]!, POSITIONS[(i + 2) % 5]!]]),
);

/** A random legal draft: at each step a random still-available champion (bans sometimes skipped). */
const legalDraft = fc.array(fc.nat({ max: 1000 }), { minLength: 20, maxLength: 20 }).chain((draws) =>
  fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }).map((skips) => {
    let state = createDraft({ championIds: Array.from({ length: POOL }, (_, i) => i + 1) });
    for (let i = 0; i < 20; i++) {
      const step = DRAFT_SEQUENCE[i]!;
      const open = Array.from({ length: POOL }, (_, k) => k + 1).filter((id) => !state.used.has(id));
      const skip = step.type === "BAN" && skips[i] && draws[i]! % 5 === 0;
      const champion_id = skip ? null : open[draws[i]! % open.length]!;
      const result = applyAction(state, {
        phase_number: i,
        action_type: step.type,
        team_side: step.side,
        champion_id,
      });
      if (!result.ok) throw new Error(result.code);
      state = result.state;
    }
    return state;
  }),
);

const team = fc.constantFrom("us" as const, "them" as const);
const champion = fc.integer({ min: 1, max: POOL });
const condition: fc.Arbitrary<DraftPlanCondition> = fc.oneof(
  fc.record({ type: fc.constant("picked" as const), team, champion_id: champion }),
  fc.record({
    type: fc.constant("banned" as const),
    team: fc.constantFrom("us" as const, "them" as const, "either" as const),
    champion_id: champion,
  }),
  fc.record({ type: fc.constant("position" as const), team, position: fc.constantFrom(...POSITIONS) }),
  fc.record({
    type: fc.constant("any_of" as const),
    team,
    action: fc.constantFrom("PICK" as const, "BAN" as const),
    champion_ids: fc.uniqueArray(champion, { minLength: 1, maxLength: 5 }),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ type: fc.constant("first_pick" as const), team, champion_id: champion }),
);

/** The same condition read off the prefix's own state (`teamBoard`, `teamPicks`), not the plan code. */
function direct(c: DraftPlanCondition, state: DraftState, ourSide: Side): boolean {
  const them: Side = ourSide === "BLUE" ? "RED" : "BLUE";
  const sideOf = (t: "us" | "them") => (t === "us" ? ourSide : them);
  const bans = (side: Side) =>
    teamBoard(state, side)
      .bans.map((b) => b.champion_id)
      .filter((id): id is number => id !== null);
  switch (c.type) {
    case "picked":
      return teamPicks(state, sideOf(c.team)).includes(c.champion_id);
    case "banned":
      return c.team === "either"
        ? [...bans("BLUE"), ...bans("RED")].includes(c.champion_id)
        : bans(sideOf(c.team)).includes(c.champion_id);
    case "position":
      return teamPicks(state, sideOf(c.team)).some((id) => POSITION_OF.get(id)![0] === c.position);
    case "any_of": {
      const taken = c.action === "PICK" ? teamPicks(state, sideOf(c.team)) : bans(sideOf(c.team));
      return taken.filter((id) => c.champion_ids.includes(id)).length >= c.count;
    }
    case "first_pick":
      return teamPicks(state, sideOf(c.team))[0] === c.champion_id;
  }
}

describe("branch conditions (property)", () => {
  it("agree with a direct check on every prefix of random legal drafts", () => {
    fc.assert(
      fc.property(
        legalDraft,
        fc.array(condition, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Side>("BLUE", "RED"),
        (state, conditions, ourSide) => {
          let wasTrue = false;
          for (let k = 0; k <= state.actions.length; k++) {
            const prefix = play(state.actions.slice(0, k).map((a) => a.champion_id));
            const all = conditions.every((c) => direct(c, prefix, ourSide));
            const viaPlan = conditions.every((c) =>
              conditionHolds(c, state.actions, ourSide, { positions: POSITION_OF }, k),
            );
            expect(viaPlan).toBe(all);
            // Monotone: once a condition holds, later actions never undo it.
            if (wasTrue) expect(viaPlan).toBe(true);
            wasTrue = viaPlan;
            // The active path on the prefix only ever holds branches whose conditions hold.
            const plan = { branches: [branch("p", conditions)] };
            expect(activeBranchPath(plan, prefix.actions, ourSide, { positions: POSITION_OF }).length).toBe(
              all ? 1 : 0,
            );
          }
        },
      ),
      { numRuns: 300, seed: 24 },
    );
  });

  it("matchPlan never intends a champion that is unavailable", () => {
    fc.assert(
      fc.property(legalDraft, fc.integer({ min: 0, max: 20 }), (state, k) => {
        const prefix = play(state.actions.slice(0, k).map((a) => a.champion_id));
        const plan: DraftPlanContent = {
          ...PLAN,
          bans: Array.from({ length: 8 }, (_, i) => ({
            phase: (i < 5 ? 1 : 2) as 1 | 2,
            champion_id: i + 1,
            reason: "",
          })),
          first_picks: [9, 10, 11].map((champion_id) => ({ champion_id, note: "" })),
          flex_picks: [12, 13, 14, 15, 16].map((champion_id) => ({
            champion_id,
            positions: ["mid" as const],
            note: "",
          })),
        };
        const m = matchPlan(plan, prefix, "BLUE");
        if (m.next) expect(prefix.used.has(m.next.champion_id)).toBe(false);
        if (m.off_plan) expect(m.off_plan.step).toBeLessThan(k);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
