import { randomUUID } from "node:crypto";
import {
  DRAFT_PLAN_FILE_FORMAT,
  type DraftPlan,
  type DraftPlanAnalysis,
  type DraftPlanBudget,
  type DraftPlanContentData,
  type DraftPlanFile,
  type DraftPlanReviewRecord,
  type DraftPlanSummary,
  draftPlanContentSchema,
  type WorkspaceCapability,
} from "@draftroom/contracts";
import {
  championPositionMap,
  DRAFT_PLAN_FORMAT_VERSION,
  type DraftPlanContent,
  type DraftState,
  draftPlanCoverage,
  draftPlanLikelihood,
  drillDraftPlan,
  fearlessBudget,
  flattenBranches,
  type OpponentStyle,
  reviewDraftPlan,
  type Side,
  type TeamProfile,
  validateDraftPlan,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { championPool } from "../champions/service.ts";
import { sessionDraft, notFound as sessionNotFound, sessionOwnership } from "../drafts/service.ts";
import { recommendationStatistics } from "../matches/service.ts";
import { teamProfileFor } from "../practice/service.ts";
import { requireOwnershipAccess } from "../workspaces/access.ts";
import { requireWorkspaceRole } from "../workspaces/service.ts";
import type { DraftPlansTable } from "./tables.ts";

/**
 * Draft plans (decision record 020): CRUD with a version per save, restore, duplicate, JSON
 * export/import, the model's drill, likelihood and coverage, the fearless budget and the
 * plan-vs-actual review stored with a session. A workspace plan is checked through the workspace
 * service (`read` to see, `edit_plans` to change; non-members get 404); a personal plan is its
 * owner's alone.
 */

type PlanRow = DraftPlansTable;

const notFound = () => new AppError(404, "not_found", "Draft plan not found.");

interface PlanAccess {
  row: PlanRow;
  canEdit: boolean;
}

async function findRow(db: Kysely<Database>, id: string): Promise<PlanRow | undefined> {
  return (await db.selectFrom("draft_plans").selectAll().where("id", "=", id).executeTakeFirst()) as
    | PlanRow
    | undefined;
}

/** The workspace check, with a workspace's 404 turned into the plan's. */
async function workspaceAccess(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  capability: WorkspaceCapability,
) {
  try {
    return await requireWorkspaceRole(db, userId, workspaceId, capability);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound();
    throw error;
  }
}

/**
 * The plan if the user may `read` it (or `edit` it): 404 when it does not exist or the user is
 * not a member of its workspace (or not its owner, for a personal plan); 403 when a member's
 * role cannot edit.
 */
export async function accessPlan(
  db: Kysely<Database>,
  userId: number,
  id: string,
  mode: "read" | "edit",
): Promise<PlanAccess> {
  const row = await findRow(db, id);
  if (!row) throw notFound();
  if (row.workspace_id === null) {
    if (Number(row.owner_id) !== userId) throw notFound();
    return { row, canEdit: true };
  }
  const access = await workspaceAccess(db, userId, row.workspace_id, mode === "edit" ? "edit_plans" : "read");
  return { row, canEdit: access.may("edit_plans") };
}

export const contentOf = (row: { content: unknown }): DraftPlanContentData =>
  draftPlanContentSchema.parse(fromJson(row.content));

function toPlan(access: PlanAccess): DraftPlan {
  const { row } = access;
  const content = contentOf(row);
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    owner_id: Number(row.owner_id),
    name: row.name,
    opponent_team: row.opponent_team,
    side: row.side,
    version: Number(row.version),
    content,
    issues: validateDraftPlan(content as DraftPlanContent).map((issue) => ({ ...issue })),
    can_edit: access.canEdit,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export async function getPlan(db: Kysely<Database>, userId: number, id: string): Promise<DraftPlan> {
  return toPlan(await accessPlan(db, userId, id, "read"));
}

/** A workspace's plans (members only) or, without a workspace, the caller's personal plans. */
export async function listPlans(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string | undefined,
): Promise<DraftPlanSummary[]> {
  let canEdit = true;
  let query = db.selectFrom("draft_plans").selectAll();
  if (workspaceId) {
    const access = await requireWorkspaceRole(db, userId, workspaceId, "read");
    canEdit = access.may("edit_plans");
    query = query.where("workspace_id", "=", workspaceId);
  } else {
    query = query.where("workspace_id", "is", null).where("owner_id", "=", userId);
  }
  const rows = (await query.orderBy("updated_at", "desc").orderBy("id").execute()) as PlanRow[];
  return rows.map((row) => ({
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    opponent_team: row.opponent_team,
    side: row.side,
    version: Number(row.version),
    can_edit: canEdit,
    updated_at: toIso(row.updated_at),
  }));
}

async function insertVersion(
  db: Kysely<Database>,
  planId: string,
  version: number,
  content: DraftPlanContentData,
  userId: number,
  restoredFrom: number | null,
  at: string,
) {
  await db
    .insertInto("draft_plan_versions")
    .values({
      plan_id: planId,
      version,
      name: content.name,
      content: toJson(content),
      created_by: userId,
      restored_from: restoredFrom,
      created_at: at,
    })
    .execute();
}

/** The activity feed's entry for a workspace plan (a personal plan records nothing). */
const planActivity = (
  db: Kysely<Database>,
  workspaceId: string | null,
  actorId: number,
  verb: "created" | "imported" | "changed" | "deleted",
  id: string,
  title: string,
) => publish(db, "plan.changed", { db, workspaceId, actorId, verb, id, title });

/** A new plan (version 1) in a workspace the caller may edit plans in, or a personal one. */
export async function createPlan(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string | null,
  content: DraftPlanContentData,
  origin: "created" | "imported" = "created",
): Promise<DraftPlan> {
  if (workspaceId) await requireWorkspaceRole(db, userId, workspaceId, "edit_plans");
  const id = randomUUID();
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("draft_plans")
      .values({
        id,
        workspace_id: workspaceId,
        owner_id: userId,
        name: content.name,
        opponent_team: content.opponent_team,
        side: content.side,
        version: 1,
        content: toJson(content),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await insertVersion(trx, id, 1, content, userId, null, at);
  });
  await planActivity(db, workspaceId, userId, origin, id, content.name);
  return getPlan(db, userId, id);
}

/**
 * Saves a new version. With `baseVersion`, another save since that version is a 409 `conflict`
 * (the editor then offers to reload); the check and the write are one conditional update.
 */
export async function updatePlan(
  db: Kysely<Database>,
  userId: number,
  id: string,
  content: DraftPlanContentData,
  baseVersion?: number,
  restoredFrom: number | null = null,
): Promise<DraftPlan> {
  const { row } = await accessPlan(db, userId, id, "edit");
  const current = Number(row.version);
  if (baseVersion !== undefined && baseVersion !== current)
    throw new AppError(409, "conflict", "The plan was saved by someone else since you opened it.");
  const next = current + 1;
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("draft_plans")
      .set({
        name: content.name,
        opponent_team: content.opponent_team,
        side: content.side,
        version: next,
        content: toJson(content),
        updated_at: at,
      })
      .where("id", "=", id)
      .where("version", "=", current)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new AppError(409, "conflict", "The plan was saved by someone else since you opened it.");
    await insertVersion(trx, id, next, content, userId, restoredFrom, at);
  });
  await planActivity(db, row.workspace_id, userId, "changed", id, content.name);
  return getPlan(db, userId, id);
}

export async function deletePlan(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  const { row } = await accessPlan(db, userId, id, "edit");
  await db.deleteFrom("draft_plans").where("id", "=", id).execute();
  await planActivity(db, row.workspace_id, userId, "deleted", id, row.name);
}

export async function listVersions(db: Kysely<Database>, userId: number, id: string) {
  await accessPlan(db, userId, id, "read");
  const rows = await db
    .selectFrom("draft_plan_versions")
    .select(["version", "name", "created_by", "created_at", "restored_from"])
    .where("plan_id", "=", id)
    .orderBy("version", "desc")
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    name: row.name,
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: toIso(row.created_at),
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
  }));
}

async function versionRow(db: Kysely<Database>, id: string, version: number) {
  const row = await db
    .selectFrom("draft_plan_versions")
    .selectAll()
    .where("plan_id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "not_found", "This version of the plan does not exist.");
  return row;
}

export async function getVersion(db: Kysely<Database>, userId: number, id: string, version: number) {
  await accessPlan(db, userId, id, "read");
  const row = await versionRow(db, id, version);
  return {
    version: Number(row.version),
    name: row.name,
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_at: toIso(row.created_at),
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
    content: contentOf(row),
  };
}

/** "Restore": a new version whose content is the old version's (history is never rewritten). */
export async function restoreVersion(
  db: Kysely<Database>,
  userId: number,
  id: string,
  version: number,
): Promise<DraftPlan> {
  await accessPlan(db, userId, id, "edit");
  const row = await versionRow(db, id, version);
  return updatePlan(db, userId, id, contentOf(row), undefined, version);
}

/** A copy (version 1) in the same or another place the caller may edit plans in. */
export async function duplicatePlan(
  db: Kysely<Database>,
  userId: number,
  id: string,
  options: { workspace_id?: string | null | undefined; name?: string | undefined },
): Promise<DraftPlan> {
  const { row } = await accessPlan(db, userId, id, "read");
  const content = contentOf(row);
  const target = options.workspace_id === undefined ? row.workspace_id : options.workspace_id;
  return createPlan(db, userId, target, { ...content, name: options.name ?? `${content.name} (copy)` });
}

export async function exportPlan(db: Kysely<Database>, userId: number, id: string): Promise<DraftPlanFile> {
  const { row } = await accessPlan(db, userId, id, "read");
  return {
    format: DRAFT_PLAN_FILE_FORMAT,
    version: DRAFT_PLAN_FORMAT_VERSION,
    exported_at: new Date().toISOString(),
    plan: contentOf(row),
  };
}

// ---- the model --------------------------------------------------------------------------

export async function modelInputs(db: Kysely<Database>, userId: number, content: DraftPlanContentData) {
  const [champions, stats] = await Promise.all([championPool(db), recommendationStatistics(db, userId)]);
  const profile: TeamProfile | null = content.opponent_team
    ? await teamProfileFor(db, userId, content.opponent_team)
    : null;
  const statistics = stats.statistics;
  const positions = championPositionMap(champions, statistics);
  return { champions, statistics, profile: profile && profile.games > 0 ? profile : null, positions };
}

/**
 * The drill (N drafts against the modelled opponent, no timers) with the likelihood of each
 * branch and the plan's coverage drawn from it; the opponent's games stand beside every number.
 */
export async function analysePlan(
  db: Kysely<Database>,
  userId: number,
  id: string,
  options: { side?: Side | undefined; drafts: number; seed: number; style: OpponentStyle },
): Promise<DraftPlanAnalysis> {
  const { row } = await accessPlan(db, userId, id, "read");
  const content = contentOf(row);
  const plan = content as DraftPlanContent;
  const ourSide: Side = options.side ?? (content.side === "RED" ? "RED" : "BLUE");
  const inputs = await modelInputs(db, userId, content);
  const started = performance.now();
  const drill = drillDraftPlan({
    plan,
    ourSide,
    champions: inputs.champions,
    statistics: inputs.statistics,
    profile: inputs.profile,
    drafts: options.drafts,
    seed: options.seed,
    style: options.style,
    context: { positions: inputs.positions },
  });
  const theirSide: Side = ourSide === "BLUE" ? "RED" : "BLUE";
  return {
    opponent: {
      name: inputs.profile?.name ?? content.opponent_team,
      games: inputs.profile?.games ?? 0,
      side_games: inputs.profile?.sideGames[theirSide] ?? 0,
    },
    drill: {
      ...drill,
      branches: [...drill.branches],
      no_answer: [...drill.no_answer],
      opponent_first_phase: [...drill.opponent_first_phase],
    },
    coverage: { ...draftPlanCoverage(drill), uncovered: [...draftPlanCoverage(drill).uncovered] },
    likelihood: draftPlanLikelihood(plan, drill, inputs.profile).map((l) => ({
      ...l,
      evidence: [...l.evidence],
    })),
    elapsed_ms: Math.round((performance.now() - started) * 10) / 10,
  };
}

/** The fearless budget of a series' plans (every plan must be readable by the caller). */
export async function planBudget(
  db: Kysely<Database>,
  userId: number,
  games: readonly { game: number; plan_id: string }[],
): Promise<DraftPlanBudget> {
  const plans = await Promise.all(
    games.map(async (g) => ({
      ...g,
      content: contentOf((await accessPlan(db, userId, g.plan_id, "read")).row),
    })),
  );
  const opponent = plans.find((p) => p.content.opponent_team)?.content.opponent_team ?? null;
  const profile = opponent ? await teamProfileFor(db, userId, opponent) : null;
  const budget = fearlessBudget(
    plans.map((p) => ({ game: p.game, plan: p.content as DraftPlanContent })),
    profile && profile.games > 0 ? profile : null,
  );
  const byGame = new Map(plans.map((p) => [p.game, p.plan_id]));
  return {
    games: budget.games.map((g) => ({
      game: g.game,
      plan_id: byGame.get(g.game)!,
      spends: [...g.spends],
      may_spend: [...g.may_spend],
      first_selection: g.first_selection ?? null,
      opponent_pool: [...g.opponent_pool],
      opponent_lost: [...g.opponent_lost],
    })),
    warnings: [...budget.warnings],
    opponent: { name: profile?.name ?? opponent, games: profile?.games ?? 0 },
  };
}

// ---- review: plan vs actual -----------------------------------------------------------------

function toReview(
  row: { session_id: string; plan_id: string; plan_version: number; review: unknown; created_at: unknown },
  plan: { name: string; content: DraftPlanContentData },
): DraftPlanReviewRecord {
  return {
    session_id: row.session_id,
    plan_id: row.plan_id,
    plan_version: Number(row.plan_version),
    plan_name: plan.name,
    review: fromJson(row.review),
    branches: flattenBranches(plan.content.branches as DraftPlanContent["branches"]).map(({ branch }) => ({
      id: branch.id,
      label: branch.label,
    })),
    created_at: toIso(row.created_at),
  };
}

/**
 * A session's draft for the plan routes, as the workspace's roles allow it (decision record 054):
 * its creator, or a member of its workspace whose role may `capability` (`read` to see the plan it
 * follows and plan vs actual, `edit_drafts` to change or save them). Anyone else gets the
 * session's own 404, word for word (decision 041). The draft is read as its creator's.
 */
export async function sessionForPlans(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  capability: "read" | "edit_drafts",
): Promise<{ ownerId: number; state: DraftState }> {
  const ownership = await sessionOwnership(db, sessionId);
  await requireOwnershipAccess(db, userId, ownership, capability, sessionNotFound);
  const ownerId = Number(ownership!.user_id);
  const { state } = await sessionDraft(db, ownerId, sessionId);
  return { ownerId, state };
}

/**
 * Reviews a session the caller may edit against a plan the caller may read and stores the review
 * with the session (one per session: a new review replaces the old one).
 */
export async function reviewSession(
  db: Kysely<Database>,
  userId: number,
  planId: string,
  sessionId: string,
  side: Side,
): Promise<DraftPlanReviewRecord> {
  const { row } = await accessPlan(db, userId, planId, "read");
  const { state } = await sessionForPlans(db, userId, sessionId, "edit_drafts");
  const content = contentOf(row);
  const inputs = await modelInputs(db, userId, content);
  const review = reviewDraftPlan(content as DraftPlanContent, state, side, {
    champions: inputs.champions,
    statistics: inputs.statistics,
    context: { positions: inputs.positions },
  });
  const at = new Date().toISOString();
  const values = {
    session_id: sessionId,
    plan_id: planId,
    plan_version: Number(row.version),
    review: toJson(review),
    created_by: userId,
    created_at: at,
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("draft_plan_reviews").where("session_id", "=", sessionId).execute();
    await trx.insertInto("draft_plan_reviews").values(values).execute();
  });
  return toReview(values, { name: row.name, content });
}

/** The stored review of a session the caller may read (404 when none, or the plan is not readable). */
export async function getSessionReview(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<DraftPlanReviewRecord> {
  await sessionForPlans(db, userId, sessionId, "read");
  const row = await db
    .selectFrom("draft_plan_reviews")
    .selectAll()
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "not_found", "This draft has no plan review.");
  const { row: plan } = await accessPlan(db, userId, row.plan_id, "read");
  return toReview(row, { name: plan.name, content: contentOf(plan) });
}

/** A plan's creator, workspace and name (undefined: no such plan), for other modules' checks. */
export async function planRef(
  db: Kysely<Database>,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null; title: string } | undefined> {
  const row = await findRow(db, id);
  return row ? { user_id: Number(row.owner_id), workspace_id: row.workspace_id, title: row.name } : undefined;
}

/**
 * A workspace being deleted returns its plans to their owners' personal space, in its transaction
 * (decision 038): a personal plan is seen by its owner only.
 */
export async function returnWorkspacePlans(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx
    .updateTable("draft_plans")
    .set({ workspace_id: null })
    .where("workspace_id", "=", workspaceId)
    .execute();
}

/** Every plan of a workspace with its content (access checked by the caller). */
export async function workspacePlans(db: Kysely<Database>, workspaceId: string): Promise<DraftPlan[]> {
  const rows = (await db
    .selectFrom("draft_plans")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .execute()) as PlanRow[];
  return rows.map((row) => toPlan({ row, canEdit: false }));
}
