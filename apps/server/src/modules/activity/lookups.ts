import type { ActivityEntryType, ActivityItemType, Language } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * How the feed finds what its entries are about, through the owning modules' services (never
 * their tables). The app registers each module's lookup at start (app.ts): those modules tell the
 * feed what changed on the event bus, so the feed importing them back would close a loop among
 * the modules (decision records 039, 048).
 */

/** An item (session, series, plan, review): its creator, its workspace and its name now. */
export interface ItemRef {
  user_id: number;
  workspace_id: string | null;
  title: string;
}

/**
 * `language`: the reader's, for a name the item makes up rather than one a member wrote (an
 * untitled scrim's "Scrim contra …"); a lookup whose names are all written ignores it.
 */
export type ItemLookup = (
  db: Kysely<Database>,
  id: string,
  language?: Language,
) => Promise<ItemRef | undefined>;

/** What an entry that is not about an item is about (the workspace, a player's pool): where and its name now. */
export type SubjectRef = Pick<ItemRef, "workspace_id" | "title">;
export type SubjectLookup = (
  db: Kysely<Database>,
  id: string,
  language?: Language,
) => Promise<SubjectRef | undefined>;

type OtherEntryType = Exclude<ActivityEntryType, ActivityItemType>;

let items: Readonly<Record<ActivityItemType, ItemLookup>> | undefined;
let subjects: Readonly<Record<OtherEntryType, SubjectLookup>> | undefined;

/** Registers how each item and each other subject of the feed is found (app.ts, once at start). */
export function registerActivityItems(
  itemLookups: Readonly<Record<ActivityItemType, ItemLookup>>,
  subjectLookups: Readonly<Record<OtherEntryType, SubjectLookup>>,
): void {
  items = itemLookups;
  subjects = subjectLookups;
}

function registered<T>(value: T | undefined): T {
  if (!value) throw new Error("No item lookups registered: call registerActivityItems at start (app.ts).");
  return value;
}

/** The registered lookup of an item type; throws when none is (an item never found is a 404 lie). */
export function lookupOf(type: ActivityItemType): ItemLookup {
  return registered(items)[type];
}

/** Where any entry's subject is now and what it is called (undefined: it is gone). */
export function subjectOf(type: ActivityEntryType): SubjectLookup {
  if (type === "workspace" || type === "pool") return registered(subjects)[type];
  return lookupOf(type);
}
