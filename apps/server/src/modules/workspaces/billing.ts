import type { Workspace } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { coverageProblem, planLimits } from "./plan-coverage.ts";
import { findMember, lockUser, lockWorkspace, updateWorkspaceRow } from "./repository.ts";
import { getWorkspace, requireWorkspaceRole } from "./service.ts";

/**
 * Handing a workspace's bill to another owner, with their consent (decision record 042). The
 * owner who pays offers the bill to another active owner; that owner accepts it once their plan
 * covers the workspace, and from then on the workspace is billed to them. The former billing
 * owner may leave only after that (`leaveWorkspace` answers 409 `billing_owner_leaving` before),
 * so a team never keeps a workspace billed to someone who is gone.
 */

const noOffer = () => new AppError(404, "not_found", "No bill of this workspace is offered to you.");

/** The billing owner offers the bill to `targetId`, an active owner of the workspace. */
export async function offerBill(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  targetId: number,
): Promise<Workspace> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  await db.transaction().execute(async (trx) => {
    const workspace = await lockWorkspace(trx, workspaceId);
    if (!workspace) throw new AppError(404, "not_found", "Workspace not found.");
    if (Number(workspace.billing_user_id) !== userId) {
      throw new AppError(403, "forbidden", "Only the owner who pays for this workspace can offer its bill.");
    }
    const target = await findMember(trx, workspaceId, targetId);
    if (targetId === userId || target?.role !== "owner" || target.status !== "active") {
      throw new AppError(400, "validation_error", "Invalid input.", {
        user_id: "Offer the bill to another active owner of this workspace",
      });
    }
    await updateWorkspaceRow(trx, workspaceId, { billing_offer_user_id: targetId });
  });
  return getWorkspace(db, userId, workspaceId);
}

/** The billing owner withdraws the offer, or the offered owner declines it. */
export async function withdrawBillOffer(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  await db.transaction().execute(async (trx) => {
    const workspace = await lockWorkspace(trx, workspaceId);
    const offerId = workspace?.billing_offer_user_id;
    if (!workspace || offerId === null || offerId === undefined) throw noOffer();
    if (Number(offerId) !== userId && Number(workspace.billing_user_id) !== userId) throw noOffer();
    await updateWorkspaceRow(trx, workspaceId, { billing_offer_user_id: null });
  });
}

/**
 * The offered owner accepts the bill: their plan must allow one more workspace and this
 * workspace's staff and roster (like an ownership transfer), so accepting never turns the
 * workspace read-only. Allowed while the workspace is read-only: taking the bill over is how a
 * team gets out of that.
 */
export async function acceptBill(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<Workspace> {
  await requireWorkspaceRole(db, userId, workspaceId, "manage_workspace");
  // Read before the transaction: SQLite has one connection, held by the transaction.
  const { limits } = await planLimits(db, userId);
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const workspace = await lockWorkspace(trx, workspaceId);
    if (!workspace || Number(workspace.billing_offer_user_id) !== userId) throw noOffer();
    const problem = await coverageProblem(trx, userId, workspaceId, limits);
    if (problem?.code === "workspace_limit") {
      throw new AppError(
        403,
        "workspace_limit",
        "Your plan does not allow another workspace, so you cannot take this bill over. See /app/subscriptions.",
      );
    }
    if (problem?.code === "workspace_seats_full") {
      throw new AppError(
        403,
        "workspace_seats_full",
        `Your plan has ${limits.staff_seats} staff and ${limits.roster_size} player seats; this workspace uses ${problem.staff} and ${problem.roster}. See /app/subscriptions.`,
      );
    }
    await updateWorkspaceRow(trx, workspaceId, { billing_user_id: userId, billing_offer_user_id: null });
  });
  return getWorkspace(db, userId, workspaceId);
}
