import type { ActivityItemType, ItemContext, WorkspaceCapability } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { planRef } from "../draft-plans/service.ts";
import { sessionRef } from "../drafts/service.ts";
import { reviewRef } from "../reviews/service.ts";
import { seriesRef } from "../series/service.ts";
import { requireItemRole } from "../workspaces/access.ts";
import { lastEdited } from "./service.ts";

/**
 * Items that activity and comments are about, reached through their owning modules' services
 * (never their tables): who created one, which workspace holds it, its title.
 */

const itemNotFound = () => new AppError(404, "not_found", "Not found.");

export interface ItemRef {
  user_id: number;
  workspace_id: string | null;
  title: string;
}

const LOOKUPS: Record<ActivityItemType, (db: Kysely<Database>, id: string) => Promise<ItemRef | undefined>> =
  {
    session: sessionRef,
    series: seriesRef,
    plan: planRef,
    review: reviewRef,
  };

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
  const item = await LOOKUPS[type](db, id);
  if (item?.workspace_id) {
    await requireItemRole(db, userId, item.workspace_id, capability, itemNotFound);
    return item;
  }
  if (!item || item.user_id !== userId) throw itemNotFound();
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
