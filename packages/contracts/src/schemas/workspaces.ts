import { z } from "zod";
import {
  MEMBER_STATUSES,
  WORKSPACE_CAPABILITIES,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLES,
  WORKSPACE_TAG_MAX,
} from "../workspaces.ts";
import { MAX_ROW_ID, requiredText, timestampSchema } from "./common.ts";

/** Team workspaces (`/api/workspaces/…`). */

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export const memberStatusSchema = z.enum(MEMBER_STATUSES);
export const workspaceCapabilitySchema = z.enum(WORKSPACE_CAPABILITIES);

export const WORKSPACE_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_WORKSPACE_COLOUR = "#3b82f6";

export const workspaceIdSchema = z.uuid({ error: "invalidValue" });
export const workspaceParamsSchema = z.object({ id: workspaceIdSchema });
export const workspaceMemberParamsSchema = z.object({
  id: workspaceIdSchema,
  userId: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

export const workspaceCreateBodySchema = z.object({
  name: requiredText("workspaceNameRequired", WORKSPACE_NAME_MAX),
  tag: z
    .string({ error: "workspaceTagRequired" })
    .trim()
    .min(1, { error: "workspaceTagRequired" })
    .max(WORKSPACE_TAG_MAX, { error: "tooLong" })
    .regex(/^[\p{L}\p{N}]+$/u, { error: "invalidValue" }),
  colour: z.string().regex(WORKSPACE_COLOUR, { error: "invalidValue" }).default(DEFAULT_WORKSPACE_COLOUR),
  team_id: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
});
export type WorkspaceCreateBody = z.infer<typeof workspaceCreateBodySchema>;

export const workspaceUpdateBodySchema = z
  .object({
    name: workspaceCreateBodySchema.shape.name,
    tag: workspaceCreateBodySchema.shape.tag,
    colour: z.string().regex(WORKSPACE_COLOUR, { error: "invalidValue" }),
    team_id: z.number().int().positive().max(MAX_ROW_ID).nullable(),
  })
  .partial();
export type WorkspaceUpdateBody = z.infer<typeof workspaceUpdateBodySchema>;

export const workspaceSeatsSchema = z.object({
  staff_used: z.number().int().nonnegative(),
  staff_limit: z.number().int().nonnegative(),
  roster_used: z.number().int().nonnegative(),
  roster_limit: z.number().int().nonnegative(),
});
export type WorkspaceSeats = z.infer<typeof workspaceSeatsSchema>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string(),
  colour: z.string(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  /** The caller's role and what it allows. */
  role: workspaceRoleSchema,
  capabilities: z.array(workspaceCapabilitySchema),
  /** True while the billing owner's plan no longer covers the workspace: nothing is deleted, writes stop. */
  read_only: z.boolean(),
  seats: workspaceSeatsSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

export const workspaceMemberSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  role: workspaceRoleSchema,
  status: memberStatusSchema,
  joined_at: timestampSchema,
  last_seen_at: timestampSchema.nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMemberListSchema = z.array(workspaceMemberSchema);
