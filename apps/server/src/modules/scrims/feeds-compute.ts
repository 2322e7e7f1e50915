import {
  type DraftPlanBranchBody,
  type PlanBranchScrims,
  type PlanScrimGame,
  SCRIM_DRAFTING_LIMIT,
  SCRIM_VERDICTS,
  type ScrimChampionFigure,
  type ScrimDrafting,
  type ScrimLedgerRow,
  type ScrimVerdictCounts,
} from "@draftroom/contracts";
import type { TeamLedgerGame, TeamLedgerInput } from "@draftroom/draft";
import { computeAnalytics, countsForWinRate, figureOf } from "./analytics/compute.ts";

/**
 * What the scrim ledger feeds to the rest of the product (decision record 058), computed in
 * process from ledger rows as the analytics are (decision 056): pure, so the integration tests can
 * hold each answer to a count made from the raw rows.
 */

const newestFirst = (a: ScrimLedgerRow, b: ScrimLedgerRow) =>
  b.starts_at.localeCompare(a.starts_at) || b.game_number - a.game_number;

function verdictCounts(rows: readonly ScrimLedgerRow[]): ScrimVerdictCounts {
  const counts = Object.fromEntries(SCRIM_VERDICTS.map((v) => [v, 0])) as ScrimVerdictCounts;
  for (const row of rows) if (row.verdict) counts[row.verdict] += 1;
  return counts;
}

function gameOf(row: ScrimLedgerRow): PlanScrimGame {
  return {
    scrim_id: row.scrim_id,
    scrim_title: row.scrim_title,
    scrim_untitled: row.scrim_untitled,
    scrim_kind: row.kind,
    opponent_name: row.opponent_name,
    game_id: row.game_id,
    game_number: row.game_number,
    starts_at: row.starts_at,
    status: row.status,
    winner: row.winner,
    verdict: row.verdict,
  };
}

/** Picks a side makes in a finished draft. */
const PICKS_PER_SIDE = 5;

/**
 * A game whose draft is complete: five picks a side. A room still being drafted is linked to its
 * game from the start, so its partial draft is in the ledger; it is not a habit yet.
 */
export const hasCompleteDraft = (row: ScrimLedgerRow): boolean =>
  row.our_picks.length === PICKS_PER_SIDE && row.their_picks.length === PICKS_PER_SIDE;

function figuresOf(rows: readonly ScrimLedgerRow[]) {
  const counted = rows.filter(countsForWinRate);
  return figureOf(counted.length, counted.filter((row) => row.winner === "us").length);
}

/**
 * How a plan's branches fared in the scrims that followed it: the root (games that followed the
 * plan on no branch) first, then each branch of the plan's current tree in its order (a branch no
 * game followed shows 0 games), then branches games followed that the plan no longer has (with
 * the label the game kept). `rows` are the workspace's scrim rows of this plan.
 *
 * @example
 * planBranchFigures(rows, plan.content.branches)[1]; // { branch_id: "b1", n: 9, wins: 7, ... }
 */
export function planBranchFigures(
  rows: readonly ScrimLedgerRow[],
  branches: readonly DraftPlanBranchBody[],
): PlanBranchScrims[] {
  const byBranch = new Map<string | null, ScrimLedgerRow[]>();
  for (const row of rows) {
    const list = byBranch.get(row.branch_id) ?? [];
    list.push(row);
    byBranch.set(row.branch_id, list);
  }
  const entry = (
    id: string | null,
    label: string | null,
    inPlan: boolean,
    depth: number,
  ): PlanBranchScrims => {
    const list = [...(byBranch.get(id) ?? [])].sort(newestFirst);
    return {
      branch_id: id,
      branch_label: label,
      in_plan: inPlan,
      depth,
      ...figuresOf(list),
      games: list.length,
      verdicts: verdictCounts(list),
      game_list: list.map(gameOf),
    };
  };
  const out: PlanBranchScrims[] = [entry(null, null, true, 0)];
  const seen = new Set<string>();
  const walk = (list: readonly DraftPlanBranchBody[], depth: number) => {
    for (const branch of list) {
      seen.add(branch.id);
      out.push(entry(branch.id, branch.label || null, true, depth));
      walk(branch.children, depth + 1);
    }
  };
  walk(branches, 0);
  for (const [id, list] of byBranch) {
    if (id === null || seen.has(id)) continue;
    out.push(entry(id, list[0]?.branch_label ?? null, false, 0));
  }
  return out;
}

/** Champion names by id (the champions service's answer); an unknown id shows as "#id". */
export type ChampionNames = ReadonlyMap<number, string>;

function championFigures(
  rows: readonly ScrimLedgerRow[],
  championsOf: (row: ScrimLedgerRow) => readonly number[],
  names: ChampionNames,
): ScrimChampionFigure[] {
  const groups = new Map<number, ScrimLedgerRow[]>();
  for (const row of rows) {
    for (const id of new Set(championsOf(row))) {
      const list = groups.get(id) ?? [];
      list.push(row);
      groups.set(id, list);
    }
  }
  return [...groups]
    .map(([champion_id, list]) => ({
      champion_id,
      name: names.get(champion_id) ?? `#${champion_id}`,
      games: list.length,
      ...figuresOf(list),
    }))
    .sort((a, b) => b.games - a.games || b.n - a.n || a.champion_id - b.champion_id)
    .slice(0, SCRIM_DRAFTING_LIMIT);
}

function championCounts(
  rows: readonly ScrimLedgerRow[],
  championsOf: (row: ScrimLedgerRow) => readonly number[],
  names: ChampionNames,
) {
  const counts = new Map<number, number>();
  for (const row of rows)
    for (const id of new Set(championsOf(row))) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts]
    .map(([champion_id, count]) => ({
      champion_id,
      name: names.get(champion_id) ?? `#${champion_id}`,
      count,
    }))
    .sort((a, b) => b.count - a.count || a.champion_id - b.champion_id)
    .slice(0, SCRIM_DRAFTING_LIMIT);
}

/**
 * "How do we draft" from the scrim rows only (`rows` already filtered to scrims): record, sides,
 * first pick, our picks, first picks and bans, and the bans against us, each champion with its
 * sample. Official games are scouting's report; the two are never added together here.
 */
export function draftingFigures(
  rows: readonly ScrimLedgerRow[],
  workspaceId: string,
  teamId: number | null,
  names: ChampionNames,
): ScrimDrafting {
  const analytics = computeAnalytics(rows, { kind: "scrim" }, []);
  const drafted = rows.filter(hasCompleteDraft);
  return {
    workspace_id: workspaceId,
    team_id: teamId,
    kind: "scrim",
    mixed: false,
    small_sample_threshold: analytics.small_sample_threshold,
    games: { total: rows.length, counted: analytics.games.counted, with_draft: drafted.length },
    overall: analytics.overall,
    by_side: analytics.by.side,
    by_first_pick: analytics.by.first_pick,
    picks: championFigures(drafted, (row) => row.our_picks, names),
    first_picks: championFigures(
      drafted,
      (row) => (row.our_first_pick_champion_id === null ? [] : [row.our_first_pick_champion_id]),
      names,
    ),
    bans: championCounts(drafted, (row) => row.our_bans, names),
    bans_against: championCounts(drafted, (row) => row.their_bans, names),
  };
}

/**
 * The team's scrims as the recommendation engine's ledger (packages/draft `team-ledger.ts`):
 * every scrim game whose linked draft is complete, seen from our side; `won` only for a played game with a
 * winner (a remake's draft is still a habit, never a loss). Official games are left out: the
 * reasons say "our scrims". Null when no game has a draft.
 */
export function teamLedgerFromRows(rows: readonly ScrimLedgerRow[]): TeamLedgerInput | null {
  const games: TeamLedgerGame[] = [];
  for (const row of rows) {
    if (row.kind !== "scrim" || !hasCompleteDraft(row)) continue;
    games.push({
      picks: row.our_picks,
      opponent_picks: row.their_picks,
      bans: row.our_bans,
      won: countsForWinRate(row) ? row.winner === "us" : null,
    });
  }
  return games.length === 0 ? null : { games };
}
