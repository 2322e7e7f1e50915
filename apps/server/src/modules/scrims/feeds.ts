import {
  type PlanScrims,
  SCRIM_SMALL_SAMPLE,
  type ScrimDrafting,
  type ScrimDraftingQuery,
  type ScrimLedgerRow,
} from "@draftroom/contracts";
import type { TeamLedgerInput } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { EventBus } from "../../events.ts";
import { championsByIds } from "../champions/service.ts";
import { getPlan } from "../draft-plans/service.ts";
import { linkedTeamId, requireWorkspaceRole } from "../workspaces/service.ts";
import { withoutGamesToCome } from "./analytics/compute.ts";
import { filterLedger } from "./analytics/filter.ts";
import { LedgerCache } from "./analytics/ledger-cache.ts";
import { draftingFigures, planBranchFigures, teamLedgerFromRows } from "./feeds-compute.ts";
import { workspaceLedgerRows } from "./ledger.ts";

/**
 * The scrim ledger feeds the rest (issue 33, decision record 058): a plan's review, scouting of
 * the team itself and the team's own recommendations read the workspace's ledger through these
 * functions. Modules below scrims (draft-plans, recommendations) never import this file: their
 * pages ask the scrims routes, and recommendations get the ledger through the lookup app.ts
 * registers (`registerTeamLedger`).
 */

const caches = new WeakMap<Kysely<Database>, LedgerCache>();

/**
 * The cache of workspace ledgers for these feeds, one per app (keyed by its database handle, as
 * the bus is), dropped by the same bus events as the analytics' cache (decision 056): a scrim, a
 * linked draft, a series or a plan changed. Apps in one process (the tests) never share entries.
 */
export function feedLedgerCache(db: Kysely<Database>, bus: EventBus): LedgerCache {
  const existing = caches.get(db);
  if (existing) return existing;
  const cache = new LedgerCache();
  for (const name of ["scrim.changed", "session.changed", "series.changed", "plan.changed"] as const) {
    bus.on(name, ({ workspaceId }) => {
      if (workspaceId) cache.invalidate(workspaceId);
    });
  }
  caches.set(db, cache);
  return cache;
}

async function allRows(
  db: Kysely<Database>,
  cache: LedgerCache,
  workspaceId: string,
): Promise<readonly ScrimLedgerRow[]> {
  return cache.rows(workspaceId, () => workspaceLedgerRows(db, workspaceId, { kind: "all" }));
}

/**
 * How a plan's branches fared in scrims (`GET /draft-plans/{id}/scrims/`): whoever may read the
 * plan (a workspace plan's members; a personal plan's owner, who gets no figures: scrims live in
 * workspaces). Anyone else gets the plan's 404.
 */
export async function planScrims(
  db: Kysely<Database>,
  cache: LedgerCache,
  userId: number,
  planId: string,
): Promise<PlanScrims> {
  const plan = await getPlan(db, userId, planId);
  const rows = plan.workspace_id
    ? filterLedger(await allRows(db, cache, plan.workspace_id), { kind: "scrim", plan: plan.id })
    : [];
  const branches = planBranchFigures(rows, plan.content.branches);
  const counted = branches.reduce((sum, b) => sum + b.n, 0);
  const wins = branches.reduce((sum, b) => sum + b.wins, 0);
  return {
    plan_id: plan.id,
    workspace_id: plan.workspace_id,
    kind: "scrim",
    small_sample_threshold: SCRIM_SMALL_SAMPLE,
    overall: {
      n: counted,
      wins,
      losses: counted - wins,
      win_rate: counted === 0 ? null : wins / counted,
      small_sample: counted < SCRIM_SMALL_SAMPLE,
    },
    games: rows.length,
    branches,
  };
}

/** How we draft in our scrims (`GET /workspaces/{id}/scrims/drafting/`): members with `read`. */
export async function scrimDrafting(
  db: Kysely<Database>,
  cache: LedgerCache,
  userId: number,
  workspaceId: string,
  query: ScrimDraftingQuery,
): Promise<ScrimDrafting> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const rows = withoutGamesToCome(
    filterLedger(await allRows(db, cache, workspaceId), { ...query, kind: "scrim" }),
    Date.now(),
  );
  const ids = new Set<number>();
  for (const row of rows)
    for (const id of [...row.our_picks, ...row.our_bans, ...row.their_bans]) ids.add(id);
  const [teamId, champions] = await Promise.all([
    linkedTeamId(db, workspaceId),
    championsByIds(db, [...ids]),
  ]);
  return draftingFigures(rows, workspaceId, teamId, new Map(champions.map((c) => [c.id, c.name])));
}

const ledgers = new WeakMap<readonly ScrimLedgerRow[], TeamLedgerInput | null>();

/**
 * The workspace's scrims as the recommendation engine's team ledger, or null when none has a
 * draft. No access check: the caller (recommendations) decided the advised seat is the
 * workspace's own team. The same object is returned until the ledger changes, so the engine's
 * index of it is built once (packages/draft memoises per object). Registered in app.ts as
 * recommendations' `registerTeamLedger`.
 */
export async function workspaceTeamLedger(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<TeamLedgerInput | null> {
  // A handle no app holds (no bus to drop entries) reads the ledger afresh.
  const rows = await allRows(db, caches.get(db) ?? new LedgerCache(), workspaceId);
  if (!ledgers.has(rows)) ledgers.set(rows, teamLedgerFromRows(rows));
  return ledgers.get(rows) ?? null;
}
