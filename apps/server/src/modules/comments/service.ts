import type {
  Comment,
  CommentCreateBody,
  CommentItemType,
  CommentList,
  MentionList,
  UserRef,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toIso, toIsoOrNull } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { requireItemAccess } from "../activity/items.ts";
import {
  activeWorkspaceIds,
  listMembers,
  peopleOf,
  readOnlyError,
  requireWorkspaceRole,
} from "../workspaces/service.ts";
import {
  type CommentRow,
  countUnreadMentions,
  findComment,
  insertComment,
  listItemComments,
  listMentionRows,
  listWorkspaceComments,
  markCommentDeleted,
  markMentionsRead,
  mentionsOf,
  setMentions,
  updateCommentBody,
} from "./repository.ts";

/**
 * Threaded comments with @mentions on workspace sessions and series (decision record 028).
 * Members with `read` see them, `comment` writes them (players yes, viewers no); only the author
 * edits a comment, the author or an owner deletes it. They live in their own tables and routes, so
 * public views, exports and images never carry them. A comment belongs to the workspace it was
 * written in: an item moved elsewhere does not take its discussion along (moved back, it returns).
 */

const notFound = () => new AppError(404, "not_found", "Comment not found.");
const MENTION = /(?<![\p{L}\p{N}_.])@([\p{L}\p{N}_.-]{3,150})/gu;
const MENTIONS_LISTED = 50;

/** Usernames written as `@name` in a comment's text (without a trailing dot). */
export function mentionedNames(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(MENTION)) names.add((match[1] ?? "").replace(/[.-]+$/, "").toLowerCase());
  return [...names];
}

/** The active members named in `body`, the author excepted. */
async function resolveMentions(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  body: string,
): Promise<number[]> {
  const names = mentionedNames(body);
  if (names.length === 0) return [];
  const members = await listMembers(db, userId, workspaceId);
  return members
    .filter((m) => m.status === "active" && m.user_id !== userId && names.includes(m.username.toLowerCase()))
    .map((m) => m.user_id);
}

/**
 * The people some rows name, as each row's workspace knows them (`{id, username, name}`): one
 * lookup per workspace. `who(workspaceId, id)` is undefined for an account that is gone.
 */
async function peopleIn(
  db: Kysely<Database>,
  named: readonly { workspace_id: string; ids: readonly (number | null)[] }[],
): Promise<(workspaceId: string, id: number | null) => UserRef | undefined> {
  const idsByWorkspace = new Map<string, (number | null)[]>();
  for (const { workspace_id, ids } of named) {
    const list = idsByWorkspace.get(workspace_id) ?? [];
    list.push(...ids);
    idsByWorkspace.set(workspace_id, list);
  }
  const people = new Map(
    await Promise.all(
      [...idsByWorkspace].map(
        async ([workspaceId, ids]) => [workspaceId, await peopleOf(db, workspaceId, ids)] as const,
      ),
    ),
  );
  return (workspaceId, id) => (id === null ? undefined : people.get(workspaceId)?.get(Number(id)));
}

async function present(db: Kysely<Database>, rows: readonly CommentRow[]): Promise<Comment[]> {
  const mentions = await mentionsOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  // Who each comment mentions, in the order they were mentioned.
  const mentioned = new Map<number, number[]>();
  for (const { comment_id, user_id } of mentions) {
    const ids = mentioned.get(comment_id) ?? [];
    ids.push(user_id);
    mentioned.set(comment_id, ids);
  }
  const mentionedIn = (row: CommentRow) => mentioned.get(Number(row.id)) ?? [];
  const who = await peopleIn(
    db,
    rows.map((row) => ({ workspace_id: row.workspace_id, ids: [row.author_id, ...mentionedIn(row)] })),
  );
  return rows.map((row) => ({
    id: row.public_id,
    item_type: row.item_type,
    item_id: row.item_id,
    parent_id: row.parent_public_id,
    author: who(row.workspace_id, row.author_id) ?? null,
    body: row.deleted_at ? "" : row.body,
    mentions: row.deleted_at ? [] : mentionedIn(row).flatMap((id) => who(row.workspace_id, id) ?? []),
    deleted: Boolean(row.deleted_at),
    created_at: toIso(row.created_at),
    edited_at: toIsoOrNull(row.edited_at),
  }));
}

/** Deleted comments stay only as the placeholder of a thread that has replies. */
function visible(rows: readonly CommentRow[]): CommentRow[] {
  const parents = new Set(rows.map((row) => Number(row.parent_id)));
  return rows.filter((row) => !row.deleted_at || parents.has(Number(row.id)));
}

/** A workspace item the caller may `capability` on (a personal item has no comments: 404). */
async function workspaceItem(
  db: Kysely<Database>,
  userId: number,
  itemType: CommentItemType,
  itemId: string,
  capability: "read" | "comment",
) {
  const item = await requireItemAccess(db, userId, itemType, itemId, capability);
  if (!item.workspace_id) throw notFound();
  return { ...item, workspace_id: item.workspace_id };
}

export async function listComments(
  db: Kysely<Database>,
  userId: number,
  itemType: CommentItemType,
  itemId: string,
): Promise<CommentList> {
  const item = await workspaceItem(db, userId, itemType, itemId, "read");
  const rows = await listItemComments(db, item.workspace_id, itemType, itemId);
  return { workspace_id: item.workspace_id, results: await present(db, visible(rows)) };
}

async function presentOne(db: Kysely<Database>, id: string): Promise<Comment> {
  const row = await findComment(db, id);
  if (!row) throw notFound();
  const [comment] = await present(db, [row]);
  if (!comment) throw notFound();
  return comment;
}

export async function createComment(
  db: Kysely<Database>,
  userId: number,
  body: CommentCreateBody,
): Promise<Comment> {
  const item = await workspaceItem(db, userId, body.item_type, body.item_id, "comment");
  let parentId: number | null = null;
  if (body.parent_id !== null) {
    const parent = await findComment(db, body.parent_id);
    if (
      !parent ||
      parent.workspace_id !== item.workspace_id ||
      parent.item_type !== body.item_type ||
      parent.item_id !== body.item_id
    ) {
      throw new AppError(400, "validation_error", "Invalid input.", { parent_id: "Comment not found" });
    }
    parentId = parent.parent_id === null ? Number(parent.id) : Number(parent.parent_id);
  }
  const mentioned = await resolveMentions(db, userId, item.workspace_id, body.body);
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await insertComment(trx, {
      workspace_id: item.workspace_id,
      item_type: body.item_type,
      item_id: body.item_id,
      parent_id: parentId,
      author_id: userId,
      body: body.body,
      created_at: new Date().toISOString(),
    });
    await setMentions(trx, inserted.id, mentioned);
    return inserted;
  });
  await publish(db, "comment.posted", {
    db,
    workspaceId: item.workspace_id,
    actorId: userId,
    verb: "commented",
    itemType: body.item_type,
    id: body.item_id,
    title: item.title,
  });
  return presentOne(db, created.publicId);
}

/**
 * `work` with every 404 on the way said as the comment's: a caller outside the comment's
 * workspace (or whose item moved away) learns no more than from an id that never existed.
 */
async function asComment<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound();
    throw error;
  }
}

/** A live comment the caller may still `capability` on, in its item's current workspace. */
async function accessComment(
  db: Kysely<Database>,
  userId: number,
  id: string,
  capability: "read" | "comment",
): Promise<{ row: CommentRow; access: Awaited<ReturnType<typeof requireWorkspaceRole>> }> {
  const row = await findComment(db, id);
  if (!row || row.deleted_at) throw notFound();
  return asComment(async () => {
    const item = await workspaceItem(db, userId, row.item_type, row.item_id, capability);
    if (item.workspace_id !== row.workspace_id) throw notFound();
    const access = await requireWorkspaceRole(db, userId, row.workspace_id, capability);
    return { row, access };
  });
}

export async function editComment(
  db: Kysely<Database>,
  userId: number,
  id: string,
  text: string,
): Promise<Comment> {
  const { row } = await accessComment(db, userId, id, "comment");
  if (Number(row.author_id) !== userId) {
    throw new AppError(403, "forbidden", "Only its author can edit a comment.");
  }
  const mentioned = await resolveMentions(db, userId, row.workspace_id, text);
  await db.transaction().execute(async (trx) => {
    await updateCommentBody(trx, Number(row.id), text, new Date().toISOString());
    await setMentions(trx, Number(row.id), mentioned);
  });
  return presentOne(db, id);
}

/** The author (with `comment`) or an owner (`manage_members`) deletes a comment; replies stay. */
export async function deleteComment(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  const row = await findComment(db, id);
  if (!row || row.deleted_at) throw notFound();
  const own = Number(row.author_id) === userId;
  const { access } = await accessComment(db, userId, id, own ? "comment" : "read");
  if (!own && !access.may("manage_members")) {
    throw new AppError(403, "forbidden", "Only its author or an owner can delete a comment.");
  }
  // An owner moderating is still a write: a workspace past its plan keeps its comments as they are.
  if (access.readOnly) throw readOnlyError();
  await db.transaction().execute(async (trx) => {
    await markCommentDeleted(trx, Number(row.id), new Date().toISOString());
    await setMentions(trx, Number(row.id), []);
  });
}

/** Every live comment of a workspace (for its export; access checked by the caller). */
export async function workspaceComments(db: Kysely<Database>, workspaceId: string): Promise<Comment[]> {
  const rows = await listWorkspaceComments(db, workspaceId);
  return present(db, visible(rows));
}

/** Where the caller was @mentioned, in workspaces they still belong to, with the unread count. */
export async function listMentions(db: Kysely<Database>, userId: number): Promise<MentionList> {
  const workspaceIds = await activeWorkspaceIds(db, userId);
  const [rows, unread] = await Promise.all([
    listMentionRows(db, userId, workspaceIds, MENTIONS_LISTED),
    countUnreadMentions(db, userId, workspaceIds),
  ]);
  const who = await peopleIn(
    db,
    rows.map((row) => ({ workspace_id: row.workspace_id, ids: [row.author_id] })),
  );
  return {
    unread,
    results: rows.map((row) => ({
      id: row.comment_id,
      workspace_id: row.workspace_id,
      comment_id: row.comment_id,
      item_type: row.item_type,
      item_id: row.item_id,
      author: who(row.workspace_id, row.author_id) ?? null,
      excerpt: row.body.length > 140 ? `${row.body.slice(0, 139)}…` : row.body,
      created_at: toIso(row.created_at),
      read_at: toIsoOrNull(row.read_at),
    })),
  };
}

export async function readMentions(db: Kysely<Database>, userId: number): Promise<void> {
  await markMentionsRead(db, userId, new Date().toISOString());
}
