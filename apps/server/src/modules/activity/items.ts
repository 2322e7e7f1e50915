import type { ActivityItemType, ItemContext, WorkspaceCapability } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { requireOwnershipAccess } from "../workspaces/access.ts";
import { type ItemRef, lookupOf } from "./lookups.ts";
import { lastEdited } from "./service.ts";

/**
 * The items that activity and comments are about, reached through the lookups the app registered
 * (`lookups.ts`): who may see one, and where it lives.
 */

const itemNotFound = () => new AppError(404, "not_found", "Not found.");

/**
 * The item if the caller may do `capability` with it: a workspace item needs the capability in
 * its workspace (403 for a member whose role cannot); a personal item is its creator's alone.
 * Anything else, a non-member included, is the same 404 as a missing item (decision record 041).
 */
export async function requireItemAccess(
  db: Kysely<Database>,
  userId: number,
  type: ActivityItemType,
  id: string,
  capability: WorkspaceCapability,
): Promise<ItemRef> {
  const item = await lookupOf(type)(db, id);
  if (!item) throw itemNotFound();
  await requireOwnershipAccess(db, userId, item, capability, itemNotFound);
  return item;
}

/** Where an item lives and who changed it last (members of its workspace, or its creator). */
export async function itemContext(
  db: Kysely<Database>,
  userId: number,
  type: ActivityItemType,
  id: string,
): Promise<ItemContext> {
  const item = await requireItemAccess(db, userId, type, id, "read");
  if (!item.workspace_id) return { workspace_id: null, last_edited: null };
  return { workspace_id: item.workspace_id, last_edited: await lastEdited(db, type, id, item.workspace_id) };
}
