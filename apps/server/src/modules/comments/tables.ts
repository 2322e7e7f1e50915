import type { CommentItemType } from "@draftroom/contracts";
import type { Generated } from "kysely";

/** The comments module's tables (migration `…_comments_mentions`). */
export interface WorkspaceCommentsTable {
  id: Generated<number>;
  /** The id every route and answer uses (a random uuid); `id` stays internal (decision 041). */
  public_id: string;
  workspace_id: string;
  item_type: CommentItemType;
  item_id: string;
  /** The thread's first comment; null for that first comment. */
  parent_id: number | null;
  author_id: number | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
}

export interface WorkspaceMentionsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  read_at: string | null;
}

export interface CommentsTables {
  workspace_comments: WorkspaceCommentsTable;
  workspace_mentions: WorkspaceMentionsTable;
}
