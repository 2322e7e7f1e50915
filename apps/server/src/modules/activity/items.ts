import type { ActivityItemType, ItemContext, WorkspaceCapability } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { requireOwnershipAccess } from "../workspaces/access.ts";
import { lastEdited } from "./service.ts";

/**
 * Items that activity and comments are about, reached through their owning modules' services
 * (never their tables): who created one, which workspace holds it, its title. The app registers
 * each module's lookup at start (app.ts): those modules tell the feed what changed on the event
 * bus, so the feed importing them back would close a loop among the modules (decision record 039).
 */

const itemNotFound = () => new AppError(404, "not_found", "Not found.");

export interface ItemRef {
  user_id: number;
  workspace_id: string | null;
  title: string;
}

export type ItemLookup = (db: Kysely<Database>, id: string) => Promise<ItemRef | undefined>;

let lookups: Readonly<Record<ActivityItemType, ItemLookup>> | undefined;

/** Registers how each item type is found (app.ts, once at start). */
export function registerActivityItems(registered: Readonly<Record<ActivityItemType, ItemLookup>>): void {
  lookups = registered;
}

/** The registered lookup of `type`; throws when none is (an item that is never found is a 404 lie). */
function lookupOf(type: ActivityItemType): ItemLookup {
  if (!lookups) throw new Error("No item lookups registered: call registerActivityItems at start (app.ts).");
  return lookups[type];
}

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
