import { randomUUID } from "node:crypto";
import type { ActivityEntryType, ActivityVerb } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { WorkspaceActivityTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface ActivityRow {
  id: number;
  public_id: string;
  workspace_id: string;
  actor_id: number | null;
  verb: ActivityVerb;
  item_type: ActivityEntryType;
  item_id: string;
  item_title: string;
  item_untitled: string | null;
  count: number;
  created_at: unknown;
  updated_at: unknown;
  seat_kind: WorkspaceActivityTable["seat_kind"];
  seat_side: WorkspaceActivityTable["seat_side"];
  seat_team: string | null;
}

/** The seat columns of an entry (a live room's step), all null for any other. */
export type SeatColumns = Pick<WorkspaceActivityTable, "seat_kind" | "seat_side" | "seat_team">;

function selectRows(db: Db) {
  return db
    .selectFrom("workspace_activity as a")
    .select([
      "a.id",
      "a.public_id",
      "a.workspace_id",
      "a.actor_id",
      "a.verb",
      "a.item_type",
      "a.item_id",
      "a.item_title",
      "a.item_untitled",
      "a.count",
      "a.created_at",
      "a.updated_at",
      "a.seat_kind",
      "a.seat_side",
      "a.seat_team",
    ]);
}

/** The newest entry about an item (of any workspace), leaving out some verbs, or undefined. */
export async function latestForItem(
  db: Db,
  itemType: ActivityEntryType,
  itemId: string,
  except: readonly ActivityVerb[] = [],
): Promise<ActivityRow | undefined> {
  let query = selectRows(db).where("a.item_type", "=", itemType).where("a.item_id", "=", itemId);
  if (except.length > 0) query = query.where("a.verb", "not in", except);
  return query.orderBy("a.id", "desc").limit(1).executeTakeFirst();
}

/** The newest entries about an item (of any workspace), newest first. */
export async function recentForItem(
  db: Db,
  itemType: ActivityEntryType,
  itemId: string,
  limit: number,
): Promise<ActivityRow[]> {
  return selectRows(db)
    .where("a.item_type", "=", itemType)
    .where("a.item_id", "=", itemId)
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
}

export async function insertEntry(
  db: Db,
  values: {
    workspace_id: string;
    actor_id: number | null;
    verb: ActivityVerb;
    item_type: ActivityEntryType;
    item_id: string;
    item_title: string;
    item_untitled: string | null;
    at: string;
  } & Partial<SeatColumns>,
): Promise<void> {
  const { at, ...rest } = values;
  await db
    .insertInto("workspace_activity")
    .values({ ...rest, public_id: randomUUID(), created_at: at, updated_at: at })
    .execute();
}

/** Folds one more step into an entry (its count, time and the item's current name). */
export async function foldInto(
  db: Db,
  id: number,
  name: { title: string; untitled: string | null },
  at: string,
): Promise<void> {
  await db
    .updateTable("workspace_activity")
    .set((eb) => ({
      count: eb("count", "+", 1),
      item_title: name.title,
      item_untitled: name.untitled,
      updated_at: at,
    }))
    .where("id", "=", id)
    .execute();
}

/** The row id of a workspace's entry, by the entry's public id (undefined: no such entry there). */
export async function findEntryRowId(
  db: Db,
  workspaceId: string,
  publicId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("workspace_activity")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** One page of a workspace's feed, newest first, older than the row id `before` when given. */
export async function listEntries(
  db: Db,
  workspaceId: string,
  before: number | undefined,
  limit: number,
): Promise<ActivityRow[]> {
  let query = selectRows(db).where("a.workspace_id", "=", workspaceId);
  if (before !== undefined) query = query.where("a.id", "<", before);
  return query.orderBy("a.id", "desc").limit(limit).execute();
}
