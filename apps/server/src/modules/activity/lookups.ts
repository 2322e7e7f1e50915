import type { ActivityEntryType } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * How the feed finds what its entries are about, through the owning modules' services (never
 * their tables): an item's creator, workspace and current title. The app registers each module's
 * lookup at start (app.ts): those modules tell the feed what changed on the event bus, so the feed
 * importing them back would close a loop among the modules (decision records 039, 045).
 */

export interface ItemRef {
  /** The item's creator (whose personal item it is); null for what no one creates alone (a pool). */
  user_id: number | null;
  workspace_id: string | null;
  /** The item's name now. */
  title: string;
}

export type ItemLookup = (db: Kysely<Database>, id: string) => Promise<ItemRef | undefined>;

let lookups: Readonly<Record<ActivityEntryType, ItemLookup>> | undefined;

/** Registers how each item type is found (app.ts, once at start). */
export function registerActivityItems(registered: Readonly<Record<ActivityEntryType, ItemLookup>>): void {
  lookups = registered;
}

/** The registered lookup of `type`; throws when none is (an item that is never found is a 404 lie). */
export function lookupOf(type: ActivityEntryType): ItemLookup {
  if (!lookups) throw new Error("No item lookups registered: call registerActivityItems at start (app.ts).");
  return lookups[type];
}
