import type { WorkspaceCapability } from "@draftroom/contracts";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Kysely } from "kysely";
import { requireUser } from "../../auth-context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { requireWorkspaceRole, requireWorkspaceRoleCached, type WorkspaceAccess } from "./service.ts";

/**
 * Route-level access to items that may belong to a workspace (sessions, series). Each item keeps
 * its creator in `user_id`, and the owning modules check `user_id` in every query. For an item
 * in a workspace, this preHandler checks the caller's role there and then lets the route act as
 * the item's creator (`actingUserId`), so the modules' own owner checks keep working unchanged. A
 * personal item is left to those owner checks (another user's personal item stays a 404).
 *
 * "Not yours or not there" is one answer (decision record 041): a caller who is no member of the
 * item's workspace gets the item's own 404, word for word the answer for an id that never existed,
 * after the same lookups. "Workspace not found." belongs to the workspace routes alone. Members
 * whose role cannot, or who are suspended, get their 403 (the item's existence is no secret to them).
 */

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `workspaceItemAccess`: the creator of the workspace item the caller may act on. */
    actingOwnerId?: number;
    /** Set by `workspaceItemAccess`: the workspace holding that item. */
    actingWorkspaceId?: string;
  }
}

export interface ItemOwnership {
  user_id: number;
  workspace_id: string | null;
}

export type OwnershipLookup = (db: Kysely<Database>, id: string) => Promise<ItemOwnership | undefined>;
/** The item's ownership from an in-process cache, without waiting (undefined: not cached). */
export type OwnershipPeek = (db: Kysely<Database>, id: string) => ItemOwnership | undefined;

/**
 * The caller's role in the workspace holding an item, where a non-member gets `notFound` (the
 * item's 404) instead of the workspace's: what `requireWorkspaceRole` decides, said as the item.
 *
 * @example
 * await requireItemRole(db, userId, review.workspace_id, "read", reviewNotFound);
 */
export async function requireItemRole(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  capability: WorkspaceCapability,
  notFound: () => AppError,
): Promise<WorkspaceAccess> {
  try {
    return await requireWorkspaceRole(db, userId, workspaceId, capability);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound();
    throw error;
  }
}

/**
 * May `userId` do `capability` with an item, given who holds it (decision records 040, 041)? A
 * personal item is its creator's alone; a workspace item is any member's whose role allows it,
 * whoever created it (`requireItemRole`: 403 for a suspended member, a role that cannot, or a
 * write past the plan). A missing item (`item` undefined), another user's personal item and a
 * non-member all get `notFound()`, word for word the answer for an id that never existed.
 *
 * @example
 * await requireOwnershipAccess(db, user.id, await sessionOwnership(db, id), "read", sessionNotFound);
 */
export async function requireOwnershipAccess(
  db: Kysely<Database>,
  userId: number,
  item: ItemOwnership | undefined,
  capability: WorkspaceCapability,
  notFound: () => AppError,
): Promise<void> {
  if (!item) throw notFound();
  if (item.workspace_id) {
    await requireItemRole(db, userId, item.workspace_id, capability, notFound);
    return;
  }
  if (Number(item.user_id) !== userId) throw notFound();
}

/**
 * A preHandler for routes with an `:id` item param; `notFound` is the error the route gives for
 * an id that does not exist, given as well to a caller outside the item's workspace. With `peek`
 * (the item's cached ownership), a request whose item and access decision are both cached is
 * decided at once, in the same synchronous run as the route (no promise, no database; decision
 * record 044); anything else takes the `lookup` path.
 *
 * @example
 * app.put("/series/:id/", { preHandler: workspaceItemAccess(seriesOwnership, "edit_series", notFound) }, ...)
 */
export function workspaceItemAccess(
  lookup: OwnershipLookup,
  capability: WorkspaceCapability,
  notFound: () => AppError,
  peek?: OwnershipPeek,
) {
  const permit = (request: FastifyRequest, item: ItemOwnership, workspaceId: string) => {
    request.actingOwnerId = Number(item.user_id);
    request.actingWorkspaceId = workspaceId;
  };
  const decide = async (request: FastifyRequest, id: string): Promise<void> => {
    const db = request.server.db;
    const item = await lookup(db, id);
    if (!item?.workspace_id) return;
    await requireItemRole(db, requireUser(request).id, item.workspace_id, capability, notFound);
    permit(request, item, item.workspace_id);
  };
  /** True when decided from the caches (permitted, or thrown as refused); false: ask `decide`. */
  const decideNow = (request: FastifyRequest, id: string): boolean => {
    const db = request.server.db;
    const item = peek?.(db, id);
    if (!item) return false;
    if (!item.workspace_id) return true;
    let access: WorkspaceAccess | undefined;
    try {
      access = requireWorkspaceRoleCached(db, requireUser(request).id, item.workspace_id, capability);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw notFound();
      throw error;
    }
    if (!access) return false;
    permit(request, item, item.workspace_id);
    return true;
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const id = (request.params as { id?: unknown }).id;
    let decided: boolean;
    try {
      requireUser(request);
      decided = typeof id !== "string" || decideNow(request, id);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (decided) done();
    else decide(request, id as string).then(() => done(), done);
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
