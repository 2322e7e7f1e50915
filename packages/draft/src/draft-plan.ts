/**
 * Draft plans: a coaching staff's prep sheet for one match (target bans by phase, first-pick
 * options, flex picks, notes per position, a win condition) plus a small tree of contingency
 * branches ("if they first-pick Azir, we go …"). This file holds the plan's shape, the branch
 * conditions, following a plan along a draft (`matchPlan`) and the plan's validation. The model
 * parts (likelihood, coverage, drill, fearless budget) are in draft-plan-model.ts.
 *
 * Pure: the draft sequence and availability come from state.ts and formats.ts only.
 * Not to be confused with subscription plans (contracts' plans.ts).
 */
import type { ActionType, Side } from "./formats.ts";
import { type DraftActionInput, type DraftState, isLockedFor } from "./state.ts";
import { POSITIONS, type Position } from "./statistics.ts";

/** Version of the plan's JSON format (export/import); bump on an incompatible change. */
export const DRAFT_PLAN_FORMAT_VERSION = 1;

/** Who a condition or an action is about, relative to the plan's team. */
export const DRAFT_PLAN_TEAMS = ["us", "them"] as const;
export type DraftPlanTeam = (typeof DRAFT_PLAN_TEAMS)[number];
export const DRAFT_PLAN_SIDES = ["BLUE", "RED", "BOTH"] as const;
export type DraftPlanSide = (typeof DRAFT_PLAN_SIDES)[number];

/**
 * One simple part of a branch condition; a branch holds when all its parts hold.
 * - `picked`: the team picked the champion;
 * - `banned`: the team (or `either`) banned it;
 * - `position`: the team has a champion whose main position is `position` ("they have a top");
 * - `any_of`: the team picked (or banned) at least `count` of the champions;
 * - `first_pick`: the team's first pick of the draft was the champion.
 */
export type DraftPlanCondition =
  | { readonly type: "picked"; readonly team: DraftPlanTeam; readonly champion_id: number }
  | { readonly type: "banned"; readonly team: DraftPlanTeam | "either"; readonly champion_id: number }
  | { readonly type: "position"; readonly team: DraftPlanTeam; readonly position: Position }
  | {
      readonly type: "any_of";
      readonly team: DraftPlanTeam;
      readonly action: ActionType;
      readonly champion_ids: readonly number[];
      readonly count: number;
    }
  | { readonly type: "first_pick"; readonly team: DraftPlanTeam; readonly champion_id: number };
export type DraftPlanConditionType = DraftPlanCondition["type"];
export const DRAFT_PLAN_CONDITION_TYPES = ["picked", "banned", "position", "any_of", "first_pick"] as const;

/** One intended action of ours, with the note the roster reads. */
export interface DraftPlanAction {
  readonly action: ActionType;
  readonly champion_id: number;
  readonly note: string;
  /** The position a pick is meant for, when the staff says so. */
  readonly position?: Position | null;
}

/** "If <conditions>, we go <answer>"; children refine it further (a plan is a small tree). */
export interface DraftPlanBranch {
  /** Stable within the plan (the editor makes it); used by live messages and reviews. */
  readonly id: string;
  readonly label: string;
  readonly conditions: readonly DraftPlanCondition[];
  readonly answer: readonly DraftPlanAction[];
  readonly children: readonly DraftPlanBranch[];
}

export interface DraftPlanBan {
  /** 1: the first ban phase; 2: the second. */
  readonly phase: 1 | 2;
  readonly champion_id: number;
  readonly reason: string;
}

export interface DraftPlanFlexPick {
  readonly champion_id: number;
  /** The positions the pick hides (at least two for a real flex). */
  readonly positions: readonly Position[];
  readonly note: string;
}

/** The series a plan is written for; in a fearless series `used` are greyed and refused. */
export interface DraftPlanSeries {
  readonly fearless: boolean;
  /** 1-based game of the series and its length (best of 1, 3, 5). */
  readonly game: number;
  readonly best_of: number;
  /** Champions already used in earlier games (fearless: nobody may take them). */
  readonly used: readonly number[];
  /** Who holds the first selection of this game and what it takes (side or first pick). */
  readonly first_selection?: {
    readonly by: DraftPlanTeam;
    readonly choice: "side" | "first_pick";
  } | null;
}

/** A plan's content (its JSON body); ownership, versions and timestamps live on the server. */
export interface DraftPlanContent {
  readonly name: string;
  readonly opponent_team: string | null;
  readonly side: DraftPlanSide;
  readonly series: DraftPlanSeries | null;
  readonly bans: readonly DraftPlanBan[];
  /** First-pick options in order of preference. */
  readonly first_picks: readonly { readonly champion_id: number; readonly note: string }[];
  readonly flex_picks: readonly DraftPlanFlexPick[];
  readonly branches: readonly DraftPlanBranch[];
  readonly position_notes: Partial<Readonly<Record<Position, string>>>;
  readonly win_condition: string;
}

/** What the plan needs to know besides the draft: champion → positions (main position first). */
export interface DraftPlanContext {
  readonly positions?: ReadonlyMap<number, readonly Position[]> | null;
}

/**
 * An empty plan (no bans, picks or branches).
 *
 * @example
 * emptyDraftPlan("vs T1").side; // "BOTH"
 */
export function emptyDraftPlan(name: string): DraftPlanContent {
  return {
    name,
    opponent_team: null,
    side: "BOTH",
    series: null,
    bans: [],
    first_picks: [],
    flex_picks: [],
    branches: [],
    position_notes: {},
    win_condition: "",
  };
}

const other = (side: Side): Side => (side === "BLUE" ? "RED" : "BLUE");
const sideOf = (team: DraftPlanTeam, ourSide: Side): Side => (team === "us" ? ourSide : other(ourSide));

/**
 * Whether one condition part holds after the first `length` actions (default: all of them).
 * Every part is monotone: once it holds, later actions never undo it.
 *
 * @example
 * conditionHolds({ type: "picked", team: "them", champion_id: 268 }, state.actions, "BLUE"); // true if Red picked Azir
 */
export function conditionHolds(
  condition: DraftPlanCondition,
  actions: readonly DraftActionInput[],
  ourSide: Side,
  context: DraftPlanContext = {},
  length = actions.length,
): boolean {
  const n = Math.min(length, actions.length);
  switch (condition.type) {
    case "picked":
    case "banned": {
      const type: ActionType = condition.type === "picked" ? "PICK" : "BAN";
      const side = condition.team === "either" ? null : sideOf(condition.team, ourSide);
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (
          a.action_type === type &&
          a.champion_id === condition.champion_id &&
          (!side || a.team_side === side)
        )
          return true;
      }
      return false;
    }
    case "position": {
      const side = sideOf(condition.team, ourSide);
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (a.action_type !== "PICK" || a.team_side !== side || a.champion_id === null) continue;
        if (context.positions?.get(a.champion_id)?.[0] === condition.position) return true;
      }
      return false;
    }
    case "any_of": {
      const side = sideOf(condition.team, ourSide);
      const wanted = new Set(condition.champion_ids);
      let count = 0;
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (a.action_type === condition.action && a.team_side === side && a.champion_id !== null) {
          if (wanted.has(a.champion_id)) count += 1;
        }
      }
      return count >= Math.max(1, condition.count);
    }
    case "first_pick": {
      const side = sideOf(condition.team, ourSide);
      for (let i = 0; i < n; i++) {
        const a = actions[i]!;
        if (a.action_type === "PICK" && a.team_side === side) return a.champion_id === condition.champion_id;
      }
      return false;
    }
  }
}

/** Whether every part of a branch's condition holds (an empty condition always holds). */
export function branchHolds(
  branch: Pick<DraftPlanBranch, "conditions">,
  actions: readonly DraftActionInput[],
  ourSide: Side,
  context: DraftPlanContext = {},
  length = actions.length,
): boolean {
  return branch.conditions.every((c) => conditionHolds(c, actions, ourSide, context, length));
}

/**
 * The active branch path after `length` actions: at each level the first branch (in the plan's
 * order) whose condition holds, then the same among its children.
 *
 * @example
 * activeBranchPath(plan, state.actions, "BLUE").map((b) => b.id); // ["azir", "azir-kalista"]
 */
export function activeBranchPath(
  plan: Pick<DraftPlanContent, "branches">,
  actions: readonly DraftActionInput[],
  ourSide: Side,
  context: DraftPlanContext = {},
  length = actions.length,
): DraftPlanBranch[] {
  const path: DraftPlanBranch[] = [];
  let level = plan.branches;
  for (;;) {
    const found = level.find((b) => branchHolds(b, actions, ourSide, context, length));
    if (!found) return path;
    path.push(found);
    level = found.children;
  }
}

/** Where an intended action comes from in the plan. */
export type DraftPlanSource =
  | { readonly kind: "branch"; readonly branch_id: string; readonly index: number }
  | { readonly kind: "ban"; readonly index: number }
  | { readonly kind: "first_pick"; readonly index: number }
  | { readonly kind: "flex"; readonly index: number };

export interface DraftPlanIntent {
  readonly action: ActionType;
  readonly champion_id: number;
  readonly note: string;
  readonly position: Position | null;
  readonly source: DraftPlanSource;
}

/** Champions taken in the first `length` actions. */
function usedBefore(actions: readonly DraftActionInput[], length: number): Set<number> {
  const used = new Set<number>();
  for (let i = 0; i < length; i++) {
    const id = actions[i]!.champion_id;
    if (id !== null) used.add(id);
  }
  return used;
}

/**
 * What the plan wants for one of our steps (type and display phase) after `length` actions: the
 * deepest active branch's answer first, then its ancestors', then the plan's bans of that phase
 * (BAN) or its first-pick options (before our first pick) and flex picks (PICK); the first of
 * those still available to us. Null when the plan has nothing left for the step.
 */
function intentAt(
  plan: DraftPlanContent,
  state: DraftState,
  ourSide: Side,
  length: number,
  step: { type: ActionType; phase: number },
  path: readonly DraftPlanBranch[],
): DraftPlanIntent | null {
  const actions = state.actions;
  const used = usedBefore(actions, length);
  const fearless = plan.series?.fearless ? new Set(plan.series.used) : null;
  const free = (id: number) => !used.has(id) && !isLockedFor(state, id, ourSide) && !fearless?.has(id);
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const branch = path[depth]!;
    for (let i = 0; i < branch.answer.length; i++) {
      const a = branch.answer[i]!;
      if (a.action === step.type && free(a.champion_id)) {
        return {
          action: a.action,
          champion_id: a.champion_id,
          note: a.note,
          position: a.position ?? null,
          source: { kind: "branch", branch_id: branch.id, index: i },
        };
      }
    }
  }
  if (step.type === "BAN") {
    const phase = step.phase <= 2 ? 1 : 2;
    for (let i = 0; i < plan.bans.length; i++) {
      const b = plan.bans[i]!;
      if (b.phase === phase && free(b.champion_id)) {
        return {
          action: "BAN",
          champion_id: b.champion_id,
          note: b.reason,
          position: null,
          source: { kind: "ban", index: i },
        };
      }
    }
    return null;
  }
  let ourPicks = 0;
  for (let i = 0; i < length; i++) {
    const a = actions[i]!;
    if (a.action_type === "PICK" && a.team_side === ourSide) ourPicks += 1;
  }
  if (ourPicks === 0) {
    for (let i = 0; i < plan.first_picks.length; i++) {
      const p = plan.first_picks[i]!;
      if (free(p.champion_id)) {
        return {
          action: "PICK",
          champion_id: p.champion_id,
          note: p.note,
          position: null,
          source: { kind: "first_pick", index: i },
        };
      }
    }
  }
  for (let i = 0; i < plan.flex_picks.length; i++) {
    const p = plan.flex_picks[i]!;
    if (free(p.champion_id)) {
      return {
        action: "PICK",
        champion_id: p.champion_id,
        note: p.note,
        position: p.positions[0] ?? null,
        source: { kind: "flex", index: i },
      };
    }
  }
  return null;
}

/**
 * The plan's intent for the draft's next step (ours), given the active branch path (from
 * `activeBranchPath`); null when the next step is not ours or the plan has nothing for it.
 *
 * @example
 * intentFor(plan, state, "BLUE", activeBranchPath(plan, state.actions, "BLUE"))?.champion_id; // 145
 */
export function intentFor(
  plan: DraftPlanContent,
  state: DraftState,
  ourSide: Side,
  path: readonly DraftPlanBranch[],
): DraftPlanIntent | null {
  const step = state.format.steps[state.actions.length];
  if (!step || step.side !== ourSide) return null;
  return intentAt(plan, state, ourSide, state.actions.length, step, path);
}

export interface DraftPlanMatch {
  /** Ids of the active branches, outermost first (empty: the plan's main line). */
  readonly path: readonly string[];
  /** Our next step (index into the format's steps), or null when we have no step left. */
  readonly next_step: number | null;
  /** The plan's intended action for that step, or null when the plan has nothing for it. */
  readonly next: DraftPlanIntent | null;
  /** The first of our steps where we took something other than the plan's intent, or null. */
  readonly off_plan: {
    readonly step: number;
    readonly action_type: ActionType;
    readonly intended: number;
    readonly actual: number | null;
  } | null;
  /** Our steps so far where the plan had nothing to say (no answer, no ban or pick left). */
  readonly no_answer_steps: readonly number[];
  /** Every branch that was active at some point of the draft so far, in order of first activation. */
  readonly taken: readonly string[];
}

/**
 * Follows a plan along a draft: the active branch path, our next step and what the plan intends
 * there, the first step where we left the plan, and the branches taken so far.
 *
 * @example
 * const m = matchPlan(plan, state, "BLUE", { positions });
 * m.path; // ["azir"]
 * m.next; // { action: "PICK", champion_id: 145, note: "Kai'Sa into their Azir", … }
 * m.off_plan; // { step: 9, action_type: "PICK", intended: 145, actual: 222 }
 */
export function matchPlan(
  plan: DraftPlanContent,
  state: DraftState,
  ourSide: Side,
  context: DraftPlanContext = {},
): DraftPlanMatch {
  const actions = state.actions;
  const steps = state.format.steps;
  let offPlan: DraftPlanMatch["off_plan"] = null;
  const noAnswer: number[] = [];
  const taken: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i <= actions.length; i++) {
    const path = activeBranchPath(plan, actions, ourSide, context, i);
    for (const b of path) {
      if (!seen.has(b.id)) {
        seen.add(b.id);
        taken.push(b.id);
      }
    }
    const step = steps[i];
    if (i === actions.length || !step || step.side !== ourSide) continue;
    const actual = actions[i]!;
    const intent = intentAt(plan, state, ourSide, i, step, path);
    if (!intent) noAnswer.push(i);
    else if (!offPlan && intent.champion_id !== actual.champion_id) {
      offPlan = { step: i, action_type: step.type, intended: intent.champion_id, actual: actual.champion_id };
    }
  }
  const path = activeBranchPath(plan, actions, ourSide, context);
  let nextStep: number | null = null;
  for (let i = actions.length; i < steps.length; i++) {
    if (steps[i]!.side === ourSide) {
      nextStep = i;
      break;
    }
  }
  const next =
    nextStep === null ? null : intentAt(plan, state, ourSide, actions.length, steps[nextStep]!, path);
  return {
    path: path.map((b) => b.id),
    next_step: nextStep,
    next,
    off_plan: offPlan,
    no_answer_steps: noAnswer,
    taken,
  };
}

// ---- validation -----------------------------------------------------------------------------

export const DRAFT_PLAN_ISSUE_CODES = [
  /** The branch's condition contradicts itself (or its parents', or an earlier sibling's). */
  "branch_never_matches",
  /** A plan pick is banned by the plan itself first. */
  "pick_banned_by_plan",
  /** A champion used in an earlier game of the fearless series. */
  "fearless_used",
  /** The same champion twice where once is all that can happen. */
  "duplicate_champion",
] as const;
export type DraftPlanIssueCode = (typeof DRAFT_PLAN_ISSUE_CODES)[number];

/** Why a branch can never match. */
export type DraftPlanNeverReason =
  | "contradiction"
  | "fearless"
  | "our_ban"
  | "count_too_high"
  | "shadowed"
  | "too_many_positions";

export interface DraftPlanIssue {
  readonly code: DraftPlanIssueCode;
  /** Where in the plan (dot path into the JSON, e.g. `branches.0.children.1.answer.2`). */
  readonly path: string;
  readonly champion_id?: number;
  readonly branch_id?: string;
  readonly reason?: DraftPlanNeverReason;
}

/** What one team can have done to one champion, to find conditions that exclude each other. */
type Fact = "picked_us" | "picked_them" | "banned_us" | "banned_them" | "banned_either";

function factsOf(conditions: readonly DraftPlanCondition[]): {
  facts: Map<number, Set<Fact>>;
  firstPicks: Record<DraftPlanTeam, Set<number>>;
  positions: Record<DraftPlanTeam, Set<Position>>;
} {
  const facts = new Map<number, Set<Fact>>();
  const add = (id: number, fact: Fact) => {
    const set = facts.get(id) ?? new Set<Fact>();
    set.add(fact);
    facts.set(id, set);
  };
  const firstPicks = { us: new Set<number>(), them: new Set<number>() };
  const positions = { us: new Set<Position>(), them: new Set<Position>() };
  for (const c of conditions) {
    if (c.type === "picked") add(c.champion_id, c.team === "us" ? "picked_us" : "picked_them");
    else if (c.type === "banned") add(c.champion_id, `banned_${c.team}`);
    else if (c.type === "first_pick") {
      firstPicks[c.team].add(c.champion_id);
      add(c.champion_id, c.team === "us" ? "picked_us" : "picked_them");
    } else if (c.type === "position") positions[c.team].add(c.position);
  }
  return { facts, firstPicks, positions };
}

/** Why a condition (all parts together) can never hold, or null. */
function neverReason(
  conditions: readonly DraftPlanCondition[],
  fearless: ReadonlySet<number>,
  phaseOneBans: ReadonlySet<number>,
): DraftPlanNeverReason | null {
  for (const c of conditions) {
    if (c.type === "any_of") {
      const ids = new Set(c.champion_ids);
      const open = [...ids].filter((id) => !fearless.has(id));
      if (c.count > ids.size || c.count < 1) return "count_too_high";
      if (c.count > open.length) return "fearless";
    } else if (c.type !== "position" && fearless.has(c.champion_id)) return "fearless";
    if (
      (c.type === "picked" || c.type === "first_pick") &&
      c.team === "them" &&
      phaseOneBans.has(c.champion_id)
    )
      return "our_ban";
  }
  const { facts, firstPicks, positions } = factsOf(conditions);
  for (const set of facts.values()) {
    const picked = set.has("picked_us") || set.has("picked_them");
    const banned = set.has("banned_us") || set.has("banned_them") || set.has("banned_either");
    if ((set.has("picked_us") && set.has("picked_them")) || (picked && banned)) return "contradiction";
    if (set.has("banned_us") && set.has("banned_them")) return "contradiction";
  }
  if (firstPicks.us.size > 1 || firstPicks.them.size > 1) return "contradiction";
  if (positions.us.size > 5 || positions.them.size > 5) return "too_many_positions";
  return null;
}

const sameCondition = (a: DraftPlanCondition, b: DraftPlanCondition) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The plan's problems, each with a path the editor shows it at: branches that can never match
 * (contradictory parts, with their parents' parts, champions used earlier in a fearless series,
 * a champion our own first-phase ban removes, a count larger than its set, or an earlier sibling
 * whose condition is part of this one's so that it always wins), plan picks the plan bans first,
 * champions used in earlier fearless games, and champions listed twice.
 *
 * @example
 * validateDraftPlan(plan);
 * // [{ code: "pick_banned_by_plan", path: "first_picks.0", champion_id: 268 }]
 */
export function validateDraftPlan(plan: DraftPlanContent): DraftPlanIssue[] {
  const issues: DraftPlanIssue[] = [];
  const fearless = new Set(plan.series?.fearless ? plan.series.used : []);
  const phaseOneBans = new Set(plan.bans.filter((b) => b.phase === 1).map((b) => b.champion_id));
  const allBans = new Set(plan.bans.map((b) => b.champion_id));
  const fearlessCheck = (id: number, path: string) => {
    if (fearless.has(id)) issues.push({ code: "fearless_used", path, champion_id: id });
  };
  const seenBans = new Set<number>();
  plan.bans.forEach((b, i) => {
    fearlessCheck(b.champion_id, `bans.${i}`);
    if (seenBans.has(b.champion_id))
      issues.push({ code: "duplicate_champion", path: `bans.${i}`, champion_id: b.champion_id });
    seenBans.add(b.champion_id);
  });
  plan.first_picks.forEach((p, i) => {
    fearlessCheck(p.champion_id, `first_picks.${i}`);
    if (phaseOneBans.has(p.champion_id))
      issues.push({ code: "pick_banned_by_plan", path: `first_picks.${i}`, champion_id: p.champion_id });
  });
  plan.flex_picks.forEach((p, i) => {
    fearlessCheck(p.champion_id, `flex_picks.${i}`);
    if (allBans.has(p.champion_id))
      issues.push({ code: "pick_banned_by_plan", path: `flex_picks.${i}`, champion_id: p.champion_id });
  });
  const walk = (
    branches: readonly DraftPlanBranch[],
    prefix: string,
    inherited: readonly DraftPlanCondition[],
    inheritedBans: ReadonlySet<number>,
  ) => {
    branches.forEach((branch, i) => {
      const path = `${prefix}${i}`;
      const all = [...inherited, ...branch.conditions];
      let reason = neverReason(all, fearless, phaseOneBans);
      if (!reason) {
        const shadow = branches
          .slice(0, i)
          .some((earlier) =>
            earlier.conditions.every((c) => branch.conditions.some((d) => sameCondition(c, d))),
          );
        if (shadow) reason = "shadowed";
      }
      if (reason) issues.push({ code: "branch_never_matches", path, branch_id: branch.id, reason });
      const bans = new Set(inheritedBans);
      branch.answer.forEach((a, j) => {
        const at = `${path}.answer.${j}`;
        fearlessCheck(a.champion_id, at);
        if (a.action === "PICK" && (bans.has(a.champion_id) || allBans.has(a.champion_id)))
          issues.push({ code: "pick_banned_by_plan", path: at, champion_id: a.champion_id });
        if (a.action === "BAN") bans.add(a.champion_id);
      });
      walk(branch.children, `${path}.children.`, all, bans);
    });
  };
  walk(plan.branches, "branches.", [], new Set());
  return issues;
}

/** Every champion a plan names (bans, picks, answers, conditions), for pickers and exports. */
export function draftPlanChampions(plan: DraftPlanContent): Set<number> {
  const ids = new Set<number>();
  for (const b of plan.bans) ids.add(b.champion_id);
  for (const p of plan.first_picks) ids.add(p.champion_id);
  for (const p of plan.flex_picks) ids.add(p.champion_id);
  const walk = (branches: readonly DraftPlanBranch[]) => {
    for (const b of branches) {
      for (const c of b.conditions) {
        if (c.type === "any_of") for (const id of c.champion_ids) ids.add(id);
        else if (c.type !== "position") ids.add(c.champion_id);
      }
      for (const a of b.answer) ids.add(a.champion_id);
      walk(b.children);
    }
  };
  walk(plan.branches);
  return ids;
}

/** Every branch of a plan, depth first, with its dot path and depth. */
export function flattenBranches(
  branches: readonly DraftPlanBranch[],
  prefix = "branches.",
  depth = 0,
): { branch: DraftPlanBranch; path: string; depth: number }[] {
  return branches.flatMap((branch, i) => [
    { branch, path: `${prefix}${i}`, depth },
    ...flattenBranches(branch.children, `${prefix}${i}.children.`, depth + 1),
  ]);
}

/** The positions in contracts' order (re-exported for plan editors' position notes). */
export const DRAFT_PLAN_POSITIONS = POSITIONS;

/**
 * The board's suggestions with the plan's intent first (its note as the reason), the rest in
 * their order without it: how the live board shows "the next intended action first".
 *
 * @example
 * planFirst([{ champion_id: 1 }, { champion_id: 145 }], intent).map((s) => s.champion_id); // [145, 1]
 */
export function planFirst<T extends { readonly champion_id: number }>(
  suggestions: readonly T[],
  intent: DraftPlanIntent | null,
): (T | { readonly champion_id: number; readonly plan: DraftPlanIntent })[] {
  if (!intent) return [...suggestions];
  return [
    { champion_id: intent.champion_id, plan: intent },
    ...suggestions.filter((s) => s.champion_id !== intent.champion_id),
  ];
}
