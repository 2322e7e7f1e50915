import { type TierFeatures, WORKSPACE_PLAN_LIMITS, type WorkspacePlanLimits } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toIso } from "../../db/values.ts";
import { getActiveSubscription } from "../subscriptions/service.ts";
import { billedWorkspaceIds, countSeats } from "./repository.ts";

/**
 * What a billing owner's plan gives a workspace. Every check of a workspace against a plan reads
 * its limits here, so a plan's workspace limits are looked up one way.
 */

/** The workspace limits of a user's plan, and when that plan ends by the clock (epoch ms, or null). */
export async function planLimits(
  db: Kysely<Database>,
  billingUserId: number,
): Promise<{ limits: WorkspacePlanLimits; expiresAt: number | null; features: TierFeatures }> {
  const { row, tier } = await getActiveSubscription(db, billingUserId);
  const expiresAt = row.expires_at === null ? null : Date.parse(toIso(row.expires_at));
  // The plan's features cover the members' work inside the workspace (decision record 053).
  return { limits: WORKSPACE_PLAN_LIMITS[tier.key], expiresAt, features: tier.features };
}

/** Why a plan cannot take a workspace's bill over, with the seats the workspace uses. */
export type CoverageProblem =
  | { code: "workspace_limit" }
  | { code: "workspace_seats_full"; staff: number; roster: number };

/**
 * Whether `limits` (a would-be billing owner's plan) cover one more billed workspace of theirs and
 * this workspace's seats, `extraStaff` more staff counted (a player promoted to owner by the
 * change). Run inside the caller's transaction, after it locked the user and the workspace, so two
 * takeovers cannot both pass. Null: covered.
 */
export async function coverageProblem(
  trx: Transaction<Database>,
  userId: number,
  workspaceId: string,
  limits: WorkspacePlanLimits,
  extraStaff = 0,
): Promise<CoverageProblem | null> {
  const billed = await billedWorkspaceIds(trx, userId);
  if (!billed.includes(workspaceId) && billed.length >= limits.max_workspaces) {
    return { code: "workspace_limit" };
  }
  const used = await countSeats(trx, workspaceId);
  const staff = used.staff + extraStaff;
  if (staff > limits.staff_seats || used.roster > limits.roster_size) {
    return { code: "workspace_seats_full", staff, roster: used.roster };
  }
  return null;
}
