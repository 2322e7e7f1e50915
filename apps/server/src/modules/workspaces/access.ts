import type { WorkspaceCapability } from "@draftroom/contracts";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { requireUser } from "../../auth-context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { requireWorkspaceRole } from "./service.ts";

/**
 * Route-level access to items that may belong to a workspace (sessions, series). Each item keeps
 * its creator in `user_id`, and the owning modules check `user_id` in every query. For an item
 * in a workspace, this preHandler checks the caller's role there (`requireWorkspaceRole`: 404 for
 * non-members, 403 for a role that cannot) and then lets the route act as the item's creator
 * (`actingUserId`), so the modules' own owner checks keep working unchanged. A personal item is
 * left to those owner checks (another user's personal item stays a 404).
 */

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `workspaceItemAccess`: the creator of the workspace item the caller may act on. */
    actingOwnerId?: number;
  }
}

export interface ItemOwnership {
  user_id: number;
  workspace_id: string | null;
}

export type OwnershipLookup = (db: Kysely<Database>, id: string) => Promise<ItemOwnership | undefined>;

/**
 * A preHandler for routes with an `:id` item param.
 *
 * @example
 * app.put("/series/:id/", { preHandler: workspaceItemAccess(seriesOwnership, "edit_series") }, ...)
 */
export function workspaceItemAccess(lookup: OwnershipLookup, capability: WorkspaceCapability) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = requireUser(request);
    const id = (request.params as { id?: unknown }).id;
    if (typeof id !== "string") return;
    const db = request.server.db;
    const item = await lookup(db, id);
    if (!item?.workspace_id) return;
    await requireWorkspaceRole(db, user.id, item.workspace_id, capability);
    request.actingOwnerId = Number(item.user_id);
  };
}

/** The user id a route acts as: the item's creator for a permitted workspace item, else the caller. */
export function actingUserId(request: FastifyRequest): number {
  return request.actingOwnerId ?? requireUser(request).id;
}

/**
 * May the caller move an item (already permitted by `workspaceItemAccess`) to `target`? Into a
 * workspace: the caller needs `capability` there. Back to a personal space: only the item's
 * creator, whose personal space it returns to.
 */
export async function authorizeMove(
  request: FastifyRequest,
  target: string | null,
  capability: WorkspaceCapability,
): Promise<void> {
  const user = requireUser(request);
  if (target === null) {
    if (actingUserId(request) !== user.id) {
      throw new AppError(403, "forbidden", "Only its creator can move an item back to a personal space.");
    }
    return;
  }
  await requireWorkspaceRole(request.server.db, user.id, target, capability);
}

/** A workspace filter on a list: checks the caller may read it (404 otherwise). */
export async function authorizeList(request: FastifyRequest, workspaceId: string | undefined): Promise<void> {
  if (workspaceId === undefined) return;
  await requireWorkspaceRole(request.server.db, requireUser(request).id, workspaceId, "read");
}
