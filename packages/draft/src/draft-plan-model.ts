/**
 * Draft plans against the modelled opponent (opponent.ts): the drill (N drafts without timers,
 * the plan playing our side, the model the other), the plan's coverage of the opponent's likely
 * first-phase picks, each branch's likelihood with its evidence from the team's history, and the
 * fearless series budget. Every number carries its sample size.
 */
import {
  activeBranchPath,
  type DraftPlanBranch,
  type DraftPlanContent,
  type DraftPlanContext,
  type DraftPlanMatch,
  type DraftPlanSeries,
  flattenBranches,
  intentFor,
  matchPlan,
} from "./draft-plan.ts";
import { DEFAULT_FORMAT, type DraftFormat, type Side } from "./formats.ts";
import {
  chooseOpponentMove,
  type OpponentStyle,
  rankOpponent,
  stepRandom,
  type TeamProfile,
} from "./opponent.ts";
import { type ChampionInfo, recommend } from "./recommend.ts";
import { applyAction, createDraft, type DraftState, isLockedFor, truncate } from "./state.ts";
import type { DraftStatistics } from "./statistics.ts";
import { estimateWin } from "./win.ts";

/** A pick the opponent makes in at least this share of drills counts as likely. */
export const DRAFT_PLAN_LIKELY_SHARE = 0.1;
/** Default number of drafts of a drill (and of the analysis behind likelihood and coverage). */
export const DRAFT_PLAN_DRILL_DEFAULT = 100;
export const DRAFT_PLAN_DRILL_MAX = 500;

export interface DraftPlanDrillInput {
  readonly plan: DraftPlanContent;
  readonly ourSide: Side;
  readonly champions: readonly ChampionInfo[];
  readonly statistics?: DraftStatistics | null;
  /** The opponent's tendencies; null plays the global model alone. */
  readonly profile: TeamProfile | null;
  readonly drafts: number;
  readonly seed: number;
  readonly style?: OpponentStyle;
  readonly context?: DraftPlanContext;
  readonly format?: DraftFormat;
}

export interface DraftPlanDrillResult {
  readonly drafts: number;
  readonly our_side: Side;
  /** Per branch (depth first): drafts in which it became active at some point. */
  readonly branches: readonly { readonly id: string; readonly count: number }[];
  /** Drafts in which no branch ever became active. */
  readonly main_line: number;
  /** Per of our steps: drafts in which the plan had nothing for it. */
  readonly no_answer: readonly { readonly step: number; readonly count: number }[];
  /**
   * The opponent's picks in the first pick phase: drafts it made the pick in, and how many of those
   * the plan answered (right after the pick, an active branch's condition names that pick).
   */
  readonly opponent_first_phase: readonly {
    readonly champion_id: number;
    readonly count: number;
    readonly answered: number;
  }[];
}

const other = (side: Side): Side => (side === "BLUE" ? "RED" : "BLUE");

/**
 * Plays `drafts` drafts without timers: our side follows the plan (`intentFor`; where the plan has
 * nothing, the most present available champion of the statistics), the other side is the modelled
 * opponent sampled with a seed (draft d, step s: `stepRandom(seed + d, s)`), so a drill replays.
 *
 * @example
 * const drill = drillDraftPlan({ plan, ourSide: "BLUE", champions, statistics, profile, drafts: 100, seed: 7 });
 * drill.branches; // [{ id: "azir", count: 41 }, …]
 * drill.no_answer; // [{ step: 16, count: 100 }]
 */
export function drillDraftPlan(input: DraftPlanDrillInput): DraftPlanDrillResult {
  const { plan, ourSide } = input;
  const context = input.context ?? {};
  const format = input.format ?? DEFAULT_FORMAT;
  const style = input.style ?? "balanced";
  const fallback = fallbackOrder(input.champions, input.statistics);
  const all = flattenBranches(plan.branches);
  const branchCounts = new Map<string, number>(all.map((b) => [b.branch.id, 0]));
  const noAnswer = new Map<number, number>();
  const firstPhase = new Map<number, { count: number; answered: number }>();
  let mainLine = 0;
  const drafts = Math.max(0, Math.min(DRAFT_PLAN_DRILL_MAX, Math.floor(input.drafts)));
  const locked = plan.series?.fearless ? plan.series.used : [];
  for (let d = 0; d < drafts; d++) {
    let state: DraftState = createDraft({ format, locked, championIds: input.champions.map((c) => c.id) });
    const seen = new Set<string>();
    let path: DraftPlanBranch[] = [];
    for (let s = 0; s < format.steps.length; s++) {
      const step = format.steps[s]!;
      let champion: number | null;
      if (step.side === ourSide) {
        const intent = intentFor(plan, state, ourSide, path);
        if (intent) champion = intent.champion_id;
        else {
          noAnswer.set(s, (noAnswer.get(s) ?? 0) + 1);
          champion = fallback.find((id) => !state.used.has(id) && !isLockedFor(state, id, ourSide)) ?? null;
        }
      } else {
        const ranking = rankOpponent({
          state,
          champions: input.champions,
          statistics: input.statistics ?? null,
          profile: input.profile,
          side: step.side,
          action: step.type,
        });
        champion = chooseOpponentMove(ranking, style, stepRandom(input.seed + d, s));
      }
      if (step.type === "PICK" && champion === null) break;
      const result = applyAction(state, {
        phase_number: s,
        action_type: step.type,
        team_side: step.side,
        champion_id: champion,
      });
      if (!result.ok) break;
      state = result.state;
      path = activeBranchPath(plan, state.actions, ourSide, context);
      for (const b of path) seen.add(b.id);
      if (step.side !== ourSide && step.type === "PICK" && step.phase === 2 && champion !== null) {
        const entry = firstPhase.get(champion) ?? { count: 0, answered: 0 };
        entry.count += 1;
        if (path.some((b) => answersPick(b, champion, context))) entry.answered += 1;
        firstPhase.set(champion, entry);
      }
    }
    if (seen.size === 0) mainLine += 1;
    for (const id of seen) branchCounts.set(id, (branchCounts.get(id) ?? 0) + 1);
  }
  return {
    drafts,
    our_side: ourSide,
    branches: all.map((b) => ({ id: b.branch.id, count: branchCounts.get(b.branch.id) ?? 0 })),
    main_line: mainLine,
    no_answer: [...noAnswer.entries()].sort((a, b) => a[0] - b[0]).map(([step, count]) => ({ step, count })),
    opponent_first_phase: [...firstPhase.entries()]
      .map(([champion_id, v]) => ({ champion_id, count: v.count, answered: v.answered }))
      .sort((a, b) => b.count - a.count || a.champion_id - b.champion_id),
  };
}

/** Whether a branch's condition is about the opponent picking this champion (or its position). */
function answersPick(branch: DraftPlanBranch, championId: number, context: DraftPlanContext): boolean {
  return branch.conditions.some((c) => {
    if (c.team !== "them") return false;
    if (c.type === "picked" || c.type === "first_pick") return c.champion_id === championId;
    if (c.type === "any_of") return c.action === "PICK" && c.champion_ids.includes(championId);
    if (c.type === "position") return context.positions?.get(championId)?.[0] === c.position;
    return false;
  });
}

/** Champions by presence in the statistics (then by id): our stand-in where the plan is silent. */
function fallbackOrder(champions: readonly ChampionInfo[], statistics?: DraftStatistics | null): number[] {
  const presence = new Map((statistics?.champions ?? []).map((c) => [c.champion_id, c.picks + c.bans]));
  return champions.map((c) => c.id).sort((a, b) => (presence.get(b) ?? 0) - (presence.get(a) ?? 0) || a - b);
}

export interface DraftPlanCoverage {
  /** Share (0-1) of the opponent's likely first-phase picks the plan answers; null without drafts. */
  readonly share: number | null;
  /** Likely picks (in at least `DRAFT_PLAN_LIKELY_SHARE` of drafts) and the drafts behind the share. */
  readonly likely_picks: number;
  readonly drafts: number;
  /** The likely picks the plan answers in fewer than half of the drafts they happen in. */
  readonly uncovered: readonly {
    readonly champion_id: number;
    readonly count: number;
    readonly share: number;
  }[];
}

/**
 * The plan's coverage from a drill: of the opponent's first-phase picks that happen in at least
 * `DRAFT_PLAN_LIKELY_SHARE` of the drafts, the share (weighted by how often each happens) that a
 * branch answers, and the likely ones left unanswered.
 *
 * @example
 * draftPlanCoverage(drill); // { share: 0.62, likely_picks: 5, drafts: 100, uncovered: [{ champion_id: 157, count: 31, share: 0.31 }] }
 */
export function draftPlanCoverage(drill: DraftPlanDrillResult): DraftPlanCoverage {
  const likely = drill.opponent_first_phase.filter(
    (p) => drill.drafts > 0 && p.count / drill.drafts >= DRAFT_PLAN_LIKELY_SHARE,
  );
  const total = likely.reduce((sum, p) => sum + p.count, 0);
  const answered = likely.reduce((sum, p) => sum + p.answered, 0);
  return {
    share: total === 0 ? null : answered / total,
    likely_picks: likely.length,
    drafts: drill.drafts,
    uncovered: likely
      .filter((p) => p.answered * 2 < p.count)
      .map((p) => ({ champion_id: p.champion_id, count: p.count, share: p.count / drill.drafts })),
  };
}

/** One line of history behind a branch: how often the opponent did what the condition names. */
export interface DraftPlanEvidence {
  readonly champion_id: number;
  readonly action: "PICK" | "BAN";
  /** Their games on the side they will play with that action, and those games. */
  readonly side_count: number;
  readonly side_games: number;
  /** All their games with that action, and all their games. */
  readonly count: number;
  readonly games: number;
}

export interface DraftPlanLikelihood {
  readonly branch_id: string;
  /** Share of the drill's drafts the branch became active in, and those drafts. */
  readonly share: number | null;
  readonly drafts: number;
  readonly evidence: readonly DraftPlanEvidence[];
}

/**
 * How likely each branch is: the share of the drill's drafts it became active in (the model: the
 * team's history on top of the global statistics), with the history behind each opponent part of
 * its condition ("picked Azir in 4 of their 6 blue-side games").
 *
 * @example
 * draftPlanLikelihood(plan, drill, profile)[0];
 * // { branch_id: "azir", share: 0.41, drafts: 100, evidence: [{ champion_id: 268, action: "PICK", side_count: 4, side_games: 6, count: 5, games: 11 }] }
 */
export function draftPlanLikelihood(
  plan: DraftPlanContent,
  drill: DraftPlanDrillResult,
  profile: TeamProfile | null,
): DraftPlanLikelihood[] {
  const theirSide = other(drill.our_side);
  const counts = new Map(drill.branches.map((b) => [b.id, b.count]));
  return flattenBranches(plan.branches).map(({ branch }) => {
    const evidence: DraftPlanEvidence[] = [];
    if (profile) {
      for (const c of branch.conditions) {
        if (c.type === "position" || c.team !== "them") continue;
        const action = c.type === "banned" || (c.type === "any_of" && c.action === "BAN") ? "BAN" : "PICK";
        const ids = c.type === "any_of" ? c.champion_ids : [c.champion_id];
        const table = action === "PICK" ? profile.picks : profile.bans;
        for (const id of ids) {
          const phases = table[theirSide];
          const sideCount =
            c.type === "first_pick"
              ? (phases[0].get(id) ?? 0)
              : (phases[0].get(id) ?? 0) + (phases[1].get(id) ?? 0);
          evidence.push({
            champion_id: id,
            action,
            side_count: sideCount,
            side_games: profile.sideGames[theirSide],
            count: table.all.get(id) ?? 0,
            games: profile.games,
          });
        }
      }
    }
    const count = counts.get(branch.id) ?? 0;
    return {
      branch_id: branch.id,
      share: drill.drafts === 0 ? null : count / drill.drafts,
      drafts: drill.drafts,
      evidence,
    };
  });
}

// ---- fearless budget ------------------------------------------------------------------------

export interface FearlessBudgetGameInput {
  /** 1-based game of the series. */
  readonly game: number;
  readonly plan: DraftPlanContent;
}

export interface FearlessBudgetWarning {
  /** The later game whose plan relies on a champion an earlier game's plan spends. */
  readonly game: number;
  readonly champion_id: number;
  readonly spent_in: number;
  /** `spends`: a first-pick option or flex pick there; `may_spend`: a branch answer there. */
  readonly certainty: "spends" | "may_spend";
}

export interface FearlessBudget {
  readonly games: readonly {
    readonly game: number;
    /** Picks the plan makes on its main line (first-pick options, flex picks). */
    readonly spends: readonly number[];
    /** Picks only some branches make. */
    readonly may_spend: readonly number[];
    readonly first_selection: DraftPlanSeries["first_selection"] | null;
    /** The opponent's most played champions still open in this game (with their games). */
    readonly opponent_pool: readonly { readonly champion_id: number; readonly games: number }[];
    /** Opponent pool champions gone by this game (played by them or by us before). */
    readonly opponent_lost: readonly number[];
  }[];
  readonly warnings: readonly FearlessBudgetWarning[];
}

function planPicks(plan: DraftPlanContent): { spends: number[]; maySpend: number[] } {
  const spends = [...new Set([...plan.first_picks, ...plan.flex_picks].map((p) => p.champion_id))];
  const maySpend = new Set<number>();
  for (const { branch } of flattenBranches(plan.branches)) {
    for (const a of branch.answer)
      if (a.action === "PICK" && !spends.includes(a.champion_id)) maySpend.add(a.champion_id);
  }
  return { spends, maySpend: [...maySpend] };
}

/** How many of the opponent's champions a game is assumed to spend (their five picks). */
const OPPONENT_PICKS_PER_GAME = 5;
/** How many of the opponent's pool champions each game shows. */
const OPPONENT_POOL_SHOWN = 10;

/**
 * The budget of a fearless series' plans: what each game's plan spends, warnings where a later
 * game's plan relies on a champion an earlier game's plan spends (or may spend, in a branch), and
 * the opponent's pool running out (each game they are assumed to play their five most played
 * champions still open; champions we pick are gone for them too).
 *
 * @example
 * fearlessBudget([{ game: 1, plan: g1 }, { game: 3, plan: g3 }], t1).warnings;
 * // [{ game: 3, champion_id: 268, spent_in: 1, certainty: "spends" }]
 */
export function fearlessBudget(
  games: readonly FearlessBudgetGameInput[],
  profile: TeamProfile | null = null,
): FearlessBudget {
  const sorted = [...games].sort((a, b) => a.game - b.game);
  const warnings: FearlessBudgetWarning[] = [];
  const spentBefore = new Map<number, { game: number; certainty: "spends" | "may_spend" }>();
  const theirPool = profile
    ? [...profile.picks.all.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])
    : [];
  const gone = new Set<number>();
  const out: FearlessBudget["games"][number][] = [];
  for (const { game, plan } of sorted) {
    const { spends, maySpend } = planPicks(plan);
    for (const id of [...spends, ...maySpend]) {
      const earlier = spentBefore.get(id);
      if (earlier && earlier.game < game)
        warnings.push({ game, champion_id: id, spent_in: earlier.game, certainty: earlier.certainty });
    }
    const open = theirPool.filter(([id]) => !gone.has(id));
    out.push({
      game,
      spends,
      may_spend: maySpend,
      first_selection: plan.series?.first_selection ?? null,
      opponent_pool: open
        .slice(0, OPPONENT_POOL_SHOWN)
        .map(([champion_id, n]) => ({ champion_id, games: n })),
      opponent_lost: theirPool.filter(([id]) => gone.has(id)).map(([id]) => id),
    });
    for (const [id] of open.slice(0, OPPONENT_PICKS_PER_GAME)) gone.add(id);
    for (const id of spends) {
      gone.add(id);
      if (!spentBefore.has(id)) spentBefore.set(id, { game, certainty: "spends" });
    }
    for (const id of maySpend)
      if (!spentBefore.has(id)) spentBefore.set(id, { game, certainty: "may_spend" });
  }
  return { games: out, warnings };
}

// ---- review: plan vs actual ----------------------------------------------------------------

export interface DraftPlanReview {
  readonly version: 1;
  readonly our_side: Side;
  /** Branches active at some point, in order of first activation; the path at the end. */
  readonly taken: readonly string[];
  readonly final_path: readonly string[];
  readonly off_plan: DraftPlanMatch["off_plan"];
  readonly no_answer_steps: readonly number[];
  /** Where the draft left the plan: the top recommendations there and the win estimate (our side). */
  readonly at_off_plan: {
    readonly recommendations: readonly { readonly champion_id: number; readonly score: number }[];
    readonly win: {
      readonly ours: number;
      readonly low: number;
      readonly high: number;
      readonly games: number;
    } | null;
  } | null;
  /** The win estimate of the finished draft for our side, with its decided games. */
  readonly final_win: {
    readonly ours: number;
    readonly low: number;
    readonly high: number;
    readonly games: number;
  } | null;
  readonly steps: number;
}

function winFor(state: DraftState, statistics: DraftStatistics | null | undefined, side: Side) {
  const win = estimateWin(state, statistics);
  if (!win?.sufficient) return null;
  return side === "BLUE"
    ? { ours: win.blue, low: win.low, high: win.high, games: win.games }
    : { ours: 1 - win.blue, low: 1 - win.high, high: 1 - win.low, games: win.games };
}

/**
 * Plan vs actual after a draft: the branches taken, where the draft left the plan, and there the
 * top recommendations and the win estimate (both for our side), and the final win estimate.
 *
 * @example
 * reviewDraftPlan(plan, state, "BLUE", { champions, statistics });
 * // { taken: ["azir"], off_plan: { step: 9, … }, at_off_plan: { recommendations: [{ champion_id: 145, … }], win: { ours: 0.48, … } }, … }
 */
export function reviewDraftPlan(
  plan: DraftPlanContent,
  state: DraftState,
  ourSide: Side,
  input: {
    readonly champions: readonly ChampionInfo[];
    readonly statistics?: DraftStatistics | null;
    readonly context?: DraftPlanContext;
  },
): DraftPlanReview {
  const match = matchPlan(plan, state, ourSide, input.context ?? {});
  let atOffPlan: DraftPlanReview["at_off_plan"] = null;
  if (match.off_plan) {
    const before = truncate(state, match.off_plan.step);
    const recs = recommend({
      state: before,
      champions: input.champions,
      side: ourSide,
      statistics: input.statistics ?? null,
      limit: 3,
    });
    atOffPlan = {
      recommendations: recs.items.map((r) => ({
        champion_id: r.champion_id,
        score: Math.round(r.score * 1000) / 1000,
      })),
      win: winFor(before, input.statistics, ourSide),
    };
  }
  return {
    version: 1,
    our_side: ourSide,
    taken: match.taken,
    final_path: match.path,
    off_plan: match.off_plan,
    no_answer_steps: match.no_answer_steps,
    at_off_plan: atOffPlan,
    final_win: winFor(state, input.statistics, ourSide),
    steps: state.actions.length,
  };
}
