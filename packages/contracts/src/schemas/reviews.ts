import { z } from "zod";
import { PLAYER_STATUSES, POSITIONS, REVIEW_STATUSES } from "../constants.ts";
import { userRefSchema } from "./activity.ts";
import { MAX_ROW_ID, NO_NUL_CHARACTER, requiredText, timestampSchema } from "./common.ts";
import { workspaceIdSchema } from "./workspaces.ts";

export const reviewPlayerSchema = z.object({
  name: requiredText("nameRequired", 100),
  position: z.enum(POSITIONS),
  status: z.enum(PLAYER_STATUSES),
});

export const reviewWriteBodySchema = z.object({
  league_id: z
    .number({ error: "leagueRequired" })
    .int({ error: "leagueRequired" })
    .positive({ error: "leagueRequired" })
    .max(MAX_ROW_ID, { error: "invalidValue" }),
  season: requiredText("seasonRequired", 40),
  team_id: z
    .number({ error: "teamRequired" })
    .int({ error: "teamRequired" })
    .positive({ error: "teamRequired" })
    .max(MAX_ROW_ID, { error: "invalidValue" }),
  title: requiredText("titleRequired", 150),
  description: requiredText("descriptionRequired", 2000),
  review_text: requiredText("reviewTextRequired", 20000),
  status: z.enum(REVIEW_STATUSES).default("rumor"),
  players: z.array(reviewPlayerSchema).max(20).default([]),
});
export type ReviewWriteBody = z.input<typeof reviewWriteBodySchema>;

/** A review's public id: a random uuid, never its sequential row id (decision record 041). */
export const reviewIdSchema = z.uuid({ error: "invalidValue" });

export const reviewSchema = z.object({
  id: z.uuid(),
  league: z.object({ id: z.number().int(), name: z.string() }),
  team: z.object({ id: z.number().int(), name: z.string() }),
  season: z.string(),
  title: z.string(),
  description: z.string(),
  review_text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  players: z.array(reviewPlayerSchema),
  /** Its author; `name` only in a workspace (as its members list names them), never on a personal review. */
  author: userRefSchema,
  is_owner: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** The workspace holding the review (decision 033); null: a personal review, shared with every user. */
  workspace_id: z.string().nullable(),
  /** Whether the caller may edit, move or delete it (its author; in a workspace, its editors). */
  can_edit: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  league: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  team: z.coerce.number().int().positive().max(MAX_ROW_ID).optional(),
  season: z.string().trim().max(40).regex(NO_NUL_CHARACTER).optional(),
  status: z.enum(REVIEW_STATUSES).optional(),
  /** That workspace's reviews (members only) instead of the personal ones. */
  workspace: workspaceIdSchema.optional(),
});
