import type { WorkspaceCapability } from "@draftroom/contracts";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { requireUser } from "../../auth-context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { actingUserId } from "./access.ts";
import { activeRole, requireWorkspaceRole } from "./service.ts";

/**
 * Moving an item (session, series, roster review) between spaces (decision record 042):
 * - out of a workspace: `move_items` there (owners and coaches), on top of the item's edit
 *   capability its route already checked, so a member cannot carry the team's prep elsewhere;
 * - into a workspace: the item's edit capability there (the right to create it there);
 * - back to a personal space: only its creator, whose personal space it is;
 * - and its creator keeps access: into a workspace where the creator is not an active member,
 *   the move is refused with 409 `creator_not_member` rather than hiding their own item from them.
 * Staying where it is changes nothing and needs nothing more.
 */

export interface ItemMove {
  /** Who moves it. */
  actorId: number;
  /** Who created it (its `user_id`): the move must not take it away from them. */
  creatorId: number;
  /** Where it is now; null: its creator's personal space. */
  from: string | null;
  /** Where it goes; null: its creator's personal space. */
  to: string | null;
  /** The item's edit capability ("edit_drafts", "edit_series", "edit_practice"). */
  capability: WorkspaceCapability;
}

export async function authorizeItemMove(db: Kysely<Database>, move: ItemMove): Promise<void> {
  const { actorId, creatorId, from, to, capability } = move;
  if (from === to) return;
  if (from !== null) await requireWorkspaceRole(db, actorId, from, "move_items");
  if (to === null) {
    if (actorId !== creatorId) {
      throw new AppError(403, "forbidden", "Only its creator can move an item back to a personal space.");
    }
    return;
  }
  await requireWorkspaceRole(db, actorId, to, capability);
  if (creatorId !== actorId && (await activeRole(db, creatorId, to)) === undefined) {
    throw new AppError(
      409,
      "creator_not_member",
      "Its creator is not a member of the target workspace, so they would lose access to their own item. Invite them there first, or choose another workspace.",
    );
  }
}

/**
 * `authorizeItemMove` for a route behind `workspaceItemAccess`: the item's creator and workspace
 * come from that preHandler (a personal item reaches the route only for its creator).
 */
export async function authorizeRouteMove(
  request: FastifyRequest,
  to: string | null,
  capability: WorkspaceCapability,
): Promise<void> {
  await authorizeItemMove(request.server.db, {
    actorId: requireUser(request).id,
    creatorId: actingUserId(request),
    from: request.actingWorkspaceId ?? null,
    to,
    capability,
  });
}
