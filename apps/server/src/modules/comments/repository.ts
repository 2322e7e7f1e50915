import { randomUUID } from "node:crypto";
import type { CommentItemType } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface CommentRow {
  id: number;
  public_id: string;
  workspace_id: string;
  item_type: CommentItemType;
  item_id: string;
  parent_id: number | null;
  /** The thread's first comment's public id (null for that first comment). */
  parent_public_id: string | null;
  author_id: number | null;
  body: string;
  created_at: unknown;
  edited_at: unknown;
  deleted_at: unknown;
}

function selectComments(db: Db) {
  return db
    .selectFrom("workspace_comments as c")
    .leftJoin("workspace_comments as p", "p.id", "c.parent_id")
    .select([
      "c.id",
      "c.public_id",
      "c.workspace_id",
      "c.item_type",
      "c.item_id",
      "c.parent_id",
      "p.public_id as parent_public_id",
      "c.author_id",
      "c.body",
      "c.created_at",
      "c.edited_at",
      "c.deleted_at",
    ]);
}

/** An item's comments written in one workspace, oldest first. */
export async function listItemComments(
  db: Db,
  workspaceId: string,
  itemType: CommentItemType,
  itemId: string,
): Promise<CommentRow[]> {
  return selectComments(db)
    .where("c.workspace_id", "=", workspaceId)
    .where("c.item_type", "=", itemType)
    .where("c.item_id", "=", itemId)
    .orderBy("c.id")
    .execute();
}

export async function listWorkspaceComments(db: Db, workspaceId: string): Promise<CommentRow[]> {
  return selectComments(db).where("c.workspace_id", "=", workspaceId).orderBy("c.id").execute();
}

/** A comment by its public id (the only id routes know). */
export async function findComment(db: Db, publicId: string): Promise<CommentRow | undefined> {
  return selectComments(db).where("c.public_id", "=", publicId).executeTakeFirst();
}

export async function insertComment(
  db: Db,
  values: {
    workspace_id: string;
    item_type: CommentItemType;
    item_id: string;
    parent_id: number | null;
    author_id: number;
    body: string;
    created_at: string;
  },
): Promise<{ id: number; publicId: string }> {
  const publicId = randomUUID();
  const row = await db
    .insertInto("workspace_comments")
    .values({ ...values, public_id: publicId })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), publicId };
}

export async function updateCommentBody(db: Db, id: number, body: string, at: string): Promise<void> {
  await db.updateTable("workspace_comments").set({ body, edited_at: at }).where("id", "=", id).execute();
}

export async function markCommentDeleted(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable("workspace_comments").set({ body: "", deleted_at: at }).where("id", "=", id).execute();
}

/** Mentions of some comments: who was mentioned where (names come from the workspaces module). */
export async function mentionsOf(
  db: Db,
  commentIds: readonly number[],
): Promise<{ comment_id: number; user_id: number }[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom("workspace_mentions as m")
    .select(["m.comment_id", "m.user_id"])
    .where("m.comment_id", "in", commentIds)
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({
    comment_id: Number(row.comment_id),
    user_id: Number(row.user_id),
  }));
}

/** Makes a comment's mentions exactly `userIds` (kept mentions keep their read state). */
export async function setMentions(db: Db, commentId: number, userIds: readonly number[]): Promise<void> {
  let removing = db.deleteFrom("workspace_mentions").where("comment_id", "=", commentId);
  if (userIds.length > 0) removing = removing.where("user_id", "not in", userIds);
  await removing.execute();
  if (userIds.length === 0) return;
  await db
    .insertInto("workspace_mentions")
    .values(userIds.map((user_id) => ({ comment_id: commentId, user_id })))
    .onConflict((oc) => oc.columns(["comment_id", "user_id"]).doNothing())
    .execute();
}

export interface MentionRow {
  read_at: unknown;
  /** The comment's public id. */
  comment_id: string;
  workspace_id: string;
  item_type: CommentItemType;
  item_id: string;
  body: string;
  created_at: unknown;
  author_id: number | null;
}

/** A user's mentions in some workspaces, newest first. */
export async function listMentionRows(
  db: Db,
  userId: number,
  workspaceIds: readonly string[],
  limit: number,
): Promise<MentionRow[]> {
  if (workspaceIds.length === 0) return [];
  return db
    .selectFrom("workspace_mentions as m")
    .innerJoin("workspace_comments as c", "c.id", "m.comment_id")
    .select([
      "m.read_at",
      "c.public_id as comment_id",
      "c.workspace_id",
      "c.item_type",
      "c.item_id",
      "c.body",
      "c.created_at",
      "c.author_id",
    ])
    .where("m.user_id", "=", userId)
    .where("c.workspace_id", "in", workspaceIds)
    .where("c.deleted_at", "is", null)
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
}

export async function countUnreadMentions(
  db: Db,
  userId: number,
  workspaceIds: readonly string[],
): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  const row = await db
    .selectFrom("workspace_mentions as m")
    .innerJoin("workspace_comments as c", "c.id", "m.comment_id")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("m.user_id", "=", userId)
    .where("m.read_at", "is", null)
    .where("c.workspace_id", "in", workspaceIds)
    .where("c.deleted_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function markMentionsRead(db: Db, userId: number, at: string): Promise<void> {
  await db
    .updateTable("workspace_mentions")
    .set({ read_at: at })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
}
