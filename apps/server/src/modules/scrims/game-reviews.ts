import type { Scrim, ScrimAuditEntry, ScrimReviewBody } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { getPlan, planRef } from "../draft-plans/service.ts";
import { peopleOf } from "../workspaces/service.ts";
import { accessGame } from "./access.ts";
import { present } from "./present.ts";
import { findScrim, type GameRow, insertAudit, listAudit, updateGame } from "./repository.ts";
import { scrimChanged } from "./scrim-changed.ts";
/** A scrim game's review (verdict, tags, notes, the plan followed) and its audit trail. */

/**
 * The staff's review of a game (`edit_scrims`): verdict, tags, notes per position, notes, and the
 * plan and branch followed (a plan of the same workspace; 400 otherwise). Audited.
 */
export async function saveReview(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
  body: ScrimReviewBody,
): Promise<Scrim> {
  const { row, access, game } = await accessGame(db, userId, scrimId, gameId, "edit_scrims");
  const values: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (key: keyof GameRow, value: unknown, stored: unknown) => {
    before[key] = key === "tags" || key === "position_notes" ? fromJson(game[key]) : game[key];
    after[key] = value;
    values[key] = stored;
  };
  if (body.verdict !== undefined) note("verdict", body.verdict, body.verdict);
  if (body.tags !== undefined) {
    const tags = [...new Set(body.tags)];
    note("tags", tags, toJson(tags));
  }
  if (body.position_notes !== undefined) {
    const notes = Object.fromEntries(Object.entries(body.position_notes).filter(([, text]) => text));
    note("position_notes", notes, toJson(notes));
  }
  if (body.notes !== undefined) note("notes", body.notes, body.notes);
  if (body.plan_id !== undefined || body.branch_id !== undefined) {
    const planId = body.plan_id === undefined ? game.plan_id : body.plan_id;
    if (planId === null) {
      Object.assign(values, {
        plan_id: null,
        plan_version: null,
        branch_id: null,
        branch_label: null,
        plan_source: null,
      });
      before.plan_id = game.plan_id;
      after.plan_id = null;
    } else {
      const plan = await planRef(db, planId);
      if (!plan || plan.workspace_id !== row.workspace_id) {
        throw new AppError(400, "validation_error", "Invalid input.", {
          plan_id: "Not a plan of this workspace",
        });
      }
      const branchId = body.branch_id === undefined ? game.branch_id : body.branch_id || null;
      const label = branchId ? await branchLabel(db, userId, planId, branchId) : null;
      Object.assign(values, {
        plan_id: planId,
        plan_version: null,
        branch_id: branchId,
        branch_label: label,
        plan_source: "manual",
      });
      before.plan = { id: game.plan_id, branch_id: game.branch_id };
      after.plan = { id: planId, branch_id: branchId };
    }
  }
  if (Object.keys(values).length === 0) return present(db, userId, row, access);
  await db.transaction().execute(async (trx) => {
    await updateGame(trx, game.id, { ...values, updated_at: nowIso() });
    await insertAudit(trx, { game_id: game.id, action: "review_changed", actor_id: userId, before, after });
  });
  await scrimChanged(db, row, userId);
  return present(db, userId, (await findScrim(db, scrimId))!, access);
}

/** A branch's label in a plan's current content (400 when the plan has no such branch). */
async function branchLabel(
  db: Kysely<Database>,
  userId: number,
  planId: string,
  branchId: string,
): Promise<string> {
  const plan = await getPlan(db, userId, planId);
  const found = findBranch(plan.content.branches, branchId);
  if (!found)
    throw new AppError(400, "validation_error", "Invalid input.", { branch_id: "Not a branch of this plan" });
  return found.label;
}

function findBranch(
  branches: readonly { id: string; label: string; children: readonly unknown[] }[],
  id: string,
): { id: string; label: string } | undefined {
  for (const branch of branches) {
    if (branch.id === id) return branch;
    const inner = findBranch(branch.children as typeof branches, id);
    if (inner) return inner;
  }
  return undefined;
}

/** A game's audit trail, oldest first, each entry with who made it (members read). */
export async function gameHistory(
  db: Kysely<Database>,
  userId: number,
  scrimId: string,
  gameId: string,
): Promise<ScrimAuditEntry[]> {
  const { row: scrim, game } = await accessGame(db, userId, scrimId, gameId, "read");
  const rows = await listAudit(db, game.id);
  const users = await peopleOf(
    db,
    scrim.workspace_id,
    rows.map((r) => r.actor_id),
  );
  return rows.map((r) => ({
    action: r.action as ScrimAuditEntry["action"],
    actor: r.actor_id === null ? null : (users.get(Number(r.actor_id)) ?? null),
    at: toIso(r.at),
    before: r.before === null ? null : fromJson(r.before),
    after: r.after === null ? null : fromJson(r.after),
  }));
}
