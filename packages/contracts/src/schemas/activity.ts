import { z } from "zod";
import { NO_NUL_CHARACTER, timestampSchema } from "./common.ts";
import { sideSchema } from "./drafts.ts";
import { workspaceIdSchema } from "./workspaces.ts";

/**
 * A workspace's activity feed, "last edited by", threaded comments with @mentions on sessions and
 * series, and the workspace export (decision record 028).
 */

/** What activity and comments are about. Comments exist on sessions, series and scrims (decision 050). */
export const ACTIVITY_ITEM_TYPES = ["session", "series", "plan", "review", "scrim"] as const;
export type ActivityItemType = (typeof ACTIVITY_ITEM_TYPES)[number];
export const COMMENT_ITEM_TYPES = ["session", "series", "scrim"] as const;
/**
 * What a feed entry is about: an item, or the workspace itself (a member joined) or a roster
 * player's champion pool (edited). Only items have a context, comments and a move.
 */
export const ACTIVITY_ENTRY_TYPES = [...ACTIVITY_ITEM_TYPES, "workspace", "pool"] as const;
export type ActivityEntryType = (typeof ACTIVITY_ENTRY_TYPES)[number];
export type CommentItemType = (typeof COMMENT_ITEM_TYPES)[number];

/** What a member did to an item. Repeated `changed`/`locked` by one member within minutes fold into one entry. */
export const ACTIVITY_VERBS = [
  "created",
  "changed",
  "locked",
  "approved",
  "imported",
  "moved_in",
  "moved_out",
  "deleted",
  "commented",
  "finished",
  /** A member's membership ended: the team links of the workspace's open rooms got new tokens. */
  "links_rotated",
  /** A member accepted an invite (the entry is about the workspace). */
  "joined",
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

export const ACTIVITY_PAGE_SIZE = 30;
export const COMMENT_MAX = 2000;

/**
 * A person as a workspace's pages show them: "Ana Pérez (@ana)". `name` is the roster's name for
 * them where the coach linked their account to a player, else the account's first and last name,
 * null when neither is known.
 */
export const userRefSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** An activity entry's public id: a random uuid, never its sequential row id (decision record 041). */
export const activityEntryIdSchema = z.uuid({ error: "invalidValue" });

/**
 * Which seat of a live room made a step: a team's captain seat, the organiser, or the room's
 * clock (a timer's lock) for a team. Beside `actor` when a member was bound to the seat, instead
 * of one when nobody with an account held it (a scrim opponent's captain link, the clock).
 */
export const ACTIVITY_SEAT_KINDS = ["captain", "organiser", "clock"] as const;
export type ActivitySeatKind = (typeof ACTIVITY_SEAT_KINDS)[number];
export const activitySeatSchema = z.object({
  kind: z.enum(ACTIVITY_SEAT_KINDS),
  /** The side the seat's team played (null for the organiser, who plays for both). */
  side: sideSchema.nullable(),
  /** That team's name in the draft, when it has one (else the page names the side). */
  team_name: z.string().nullable(),
});
export type ActivitySeat = z.infer<typeof activitySeatSchema>;

export const activityEntrySchema = z.object({
  id: z.uuid(),
  verb: z.enum(ACTIVITY_VERBS),
  item_type: z.enum(ACTIVITY_ENTRY_TYPES),
  item_id: z.string(),
  /**
   * The item's current name while it is still in this workspace (`item_available`), else its
   * name when the entry was last written (a deleted item, one moved away).
   */
  item_title: z.string(),
  /** Null once the account is deleted, and for a room step no member made (see `seat`). */
  actor: userRefSchema.nullable(),
  /** How many such steps this entry folds together (e.g. 8 picks locked in a row). */
  count: z.number().int().positive(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** A live room's step: the seat and team that made it. */
  seat: activitySeatSchema.optional(),
  /** The item is still in this workspace: the entry links to it and shows its current name. */
  item_available: z.boolean(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuerySchema = z.object({
  /** Entries older than this entry (the previous page's `next_before`, an entry's id). */
  before: activityEntryIdSchema.optional(),
});

export const activityPageSchema = z.object({
  results: z.array(activityEntrySchema),
  /** Pass as `?before=` for the next (older) page (the page's last entry's id); null on the last page. */
  next_before: z.uuid().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** An item's type and id: a uuid for every type (a roster review's is its public id, decision 041). */
export const itemParamsSchema = z.object({
  type: z.enum(ACTIVITY_ITEM_TYPES),
  id: z.uuid({ error: "invalidValue" }),
});

/** An item's place: its workspace (null: the caller's personal space) and who changed it last. */
export const itemContextSchema = z.object({
  workspace_id: z.string().nullable(),
  last_edited: z
    .object({
      actor: userRefSchema.nullable(),
      verb: z.enum(ACTIVITY_VERBS),
      at: timestampSchema,
      seat: activitySeatSchema.optional(),
    })
    .nullable(),
});
export type ItemContext = z.infer<typeof itemContextSchema>;

const commentBody = z
  .string({ error: "commentRequired" })
  .trim()
  .min(1, { error: "commentRequired" })
  .max(COMMENT_MAX, { error: "tooLong" })
  .regex(NO_NUL_CHARACTER, { error: "invalidValue" });

/** A comment's public id: a random uuid, never its sequential row id (decision record 041). */
export const commentIdSchema = z.uuid({ error: "invalidValue" });
export const commentParamsSchema = z.object({ id: commentIdSchema });

export const commentListQuerySchema = z.object({
  item_type: z.enum(COMMENT_ITEM_TYPES),
  item_id: z.uuid({ error: "invalidValue" }),
});

export const commentCreateBodySchema = commentListQuerySchema.extend({
  body: commentBody,
  /** Reply to this comment (a reply to a reply joins the same thread). */
  parent_id: commentIdSchema.nullable().default(null),
});
export type CommentCreateBody = z.infer<typeof commentCreateBodySchema>;

export const commentUpdateBodySchema = z.object({ body: commentBody });

export const commentSchema = z.object({
  id: z.uuid(),
  item_type: z.enum(COMMENT_ITEM_TYPES),
  item_id: z.string(),
  /** The thread's first comment; null for a thread's first comment itself. */
  parent_id: z.uuid().nullable(),
  author: userRefSchema.nullable(),
  /** Empty once deleted (a deleted comment with replies stays as a placeholder). */
  body: z.string(),
  mentions: z.array(userRefSchema),
  deleted: z.boolean(),
  created_at: timestampSchema,
  edited_at: timestampSchema.nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListSchema = z.object({
  workspace_id: workspaceIdSchema,
  results: z.array(commentSchema),
});
export type CommentList = z.infer<typeof commentListSchema>;

export const mentionSchema = z.object({
  /** The comment's public id too: a user is mentioned at most once per comment. */
  id: z.uuid(),
  workspace_id: z.string(),
  comment_id: z.uuid(),
  item_type: z.enum(COMMENT_ITEM_TYPES),
  item_id: z.string(),
  author: userRefSchema.nullable(),
  excerpt: z.string(),
  created_at: timestampSchema,
  read_at: timestampSchema.nullable(),
});
export type Mention = z.infer<typeof mentionSchema>;

export const mentionListSchema = z.object({
  unread: z.number().int().nonnegative(),
  results: z.array(mentionSchema),
});
export type MentionList = z.infer<typeof mentionListSchema>;

/** The workspace export file (`GET /api/workspaces/:id/export/`). */
export const WORKSPACE_EXPORT_FORMAT = "draftroom.workspace";
export const WORKSPACE_EXPORT_VERSION = 1;

const looseRecord = z.record(z.string(), z.unknown());
export const workspaceExportSchema = z.object({
  format: z.literal(WORKSPACE_EXPORT_FORMAT),
  version: z.literal(WORKSPACE_EXPORT_VERSION),
  exported_at: timestampSchema,
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    tag: z.string(),
    colour: z.string(),
    team_id: z.number().int().nullable(),
    team_name: z.string().nullable(),
    created_at: timestampSchema,
  }),
  /** Usernames and roles only: no e-mail addresses, tokens or invite links. */
  members: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      role: z.string(),
      status: z.string(),
      joined_at: timestampSchema,
    }),
  ),
  roster: z.array(looseRecord),
  sessions: z.array(looseRecord.describe("A draft session with its `actions`")),
  series: z.array(looseRecord),
  plans: z.array(looseRecord),
  comments: z.array(commentSchema),
  /** Roster reviews written in the workspace (decision 033). */
  reviews: z.array(looseRecord),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;
