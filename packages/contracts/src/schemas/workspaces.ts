import { z } from "zod";
import { POSITIONS } from "../constants.ts";
import {
  DEFAULT_WORKSPACE_COLOUR,
  INVITE_DEFAULT_DAYS,
  INVITE_MAX_DAYS,
  MEMBER_STATUSES,
  POOL_MAX_CHAMPIONS,
  POOL_NOTE_MAX,
  POOL_TIERS,
  READ_ONLY_REASONS,
  ROSTER_STATUSES,
  WORKSPACE_CAPABILITIES,
  WORKSPACE_COLOUR,
  WORKSPACE_NAME_MAX,
  WORKSPACE_ROLES,
  WORKSPACE_TAG_MAX,
} from "../workspaces.ts";
import { MAX_ROW_ID, NO_NUL_CHARACTER, requiredText, timestampSchema } from "./common.ts";
import { tierFeaturesSchema } from "./subscriptions.ts";

/** Team workspaces (`/api/workspaces/…`). */

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export const memberStatusSchema = z.enum(MEMBER_STATUSES);
export const workspaceCapabilitySchema = z.enum(WORKSPACE_CAPABILITIES);

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

/** A member as the bill names them: "Ana Pérez (@ana)" (`name` as in the members list, or null). */
const memberRefSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
});

export const workspaceBillingSchema = z.object({
  owner: memberRefSchema,
  offer: memberRefSchema.nullable(),
});
export type WorkspaceBilling = z.infer<typeof workspaceBillingSchema>;

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
  /** Why it is read-only (null while writable), so the page can say what to do (decision 042). */
  read_only_reason: z.enum(READ_ONLY_REASONS).nullable(),
  seats: workspaceSeatsSchema,
  /**
   * What the billing owner's plan gives every member inside the workspace, whatever their own plan
   * (a team pays once, decision 053); null while the workspace is read-only, when it gives nothing.
   */
  plan_features: tierFeaturesSchema.nullable(),
  /** Who pays for the workspace, and the owner its bill is offered to until they accept it. */
  billing: workspaceBillingSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

/** `POST /api/workspaces/:id/billing/offer/`: the owner the billing owner offers the bill to. */
export const billingOfferBodySchema = z.object({
  user_id: z.number().int().positive().max(MAX_ROW_ID),
});
export type BillingOfferBody = z.infer<typeof billingOfferBodySchema>;

export const workspaceMemberSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  /** How the team names them: the roster player's name, else the account's; null: neither. */
  name: z.string().nullable(),
  role: workspaceRoleSchema,
  status: memberStatusSchema,
  joined_at: timestampSchema,
  last_seen_at: timestampSchema.nullable(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMemberListSchema = z.array(workspaceMemberSchema);

export const INVITE_STATES = ["valid", "expired", "revoked", "used"] as const;
export type InviteState = (typeof INVITE_STATES)[number];

export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, { error: "invalidValue" });
export const inviteParamsSchema = z.object({ token: inviteTokenSchema });
export const workspaceInviteParamsSchema = z.object({ id: workspaceIdSchema, inviteId: inviteTokenSchema });

export const inviteCreateBodySchema = z.object({
  role: workspaceRoleSchema,
  expires_in_days: z.number().int().min(1).max(INVITE_MAX_DAYS).default(INVITE_DEFAULT_DAYS),
  /** 1: single use; null: any number of uses until it expires. Ignored for an invite by username. */
  max_uses: z.number().int().min(1).max(500).nullable().default(1),
  /** Invite one account by its username (single use, only that account can accept). */
  username: z.string().trim().min(1).max(150).optional(),
  /** Whom it is for, in the inviter's words ("Ana, our support"): the pending list shows it. */
  label: z.string().trim().max(80, { error: "tooLong" }).optional(),
});
export type InviteCreateBody = z.infer<typeof inviteCreateBodySchema>;

export const workspaceInviteSchema = z.object({
  id: z.string(),
  role: workspaceRoleSchema,
  invitee_username: z.string().nullable(),
  /** Whom the invite is for, as its author wrote it; null: not said. */
  label: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  state: z.enum(INVITE_STATES),
  expires_at: timestampSchema,
  created_at: timestampSchema,
  created_by_username: z.string().nullable(),
});
export type WorkspaceInvite = z.infer<typeof workspaceInviteSchema>;
export const workspaceInviteListSchema = z.array(workspaceInviteSchema);

/** What an invite link shows before it is accepted (anyone with the link). */
export const invitePreviewSchema = z.object({
  state: z.enum(INVITE_STATES),
  role: workspaceRoleSchema,
  workspace: z.object({ id: z.string(), name: z.string(), tag: z.string(), colour: z.string() }),
  expires_at: timestampSchema,
  /** Set for an invite by username. */
  invitee_username: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
export const invitePreviewListSchema = z.array(invitePreviewSchema.extend({ id: z.string() }));

export const memberUpdateBodySchema = z
  .object({ role: workspaceRoleSchema, status: memberStatusSchema })
  .partial()
  .refine((body) => body.role !== undefined || body.status !== undefined, { error: "invalidValue" });
export type MemberUpdateBody = z.infer<typeof memberUpdateBodySchema>;

export const ownershipTransferBodySchema = z.object({
  user_id: z.number().int().positive().max(MAX_ROW_ID),
});

/** "Move to workspace": a workspace id, or null for the creator's personal space. */
/** Where the account lands (decision record 054): `chosen` false means it never chose. */
export const workspaceChoiceSchema = z.object({
  workspace_id: z.string().nullable(),
  chosen: z.boolean(),
});
export type WorkspaceChoice = z.infer<typeof workspaceChoiceSchema>;
/** The switcher's choice: a workspace, or null for the personal space. */
export const workspaceChoiceBodySchema = z.object({ workspace_id: workspaceIdSchema.nullable() });

export const workspaceMoveBodySchema = z.object({ workspace_id: workspaceIdSchema.nullable() });
export type WorkspaceMoveBody = z.infer<typeof workspaceMoveBodySchema>;

/** `?workspace=` on item lists: that workspace's items instead of the caller's personal ones. */
export const workspaceFilterQuerySchema = z.object({ workspace: workspaceIdSchema.optional() });

/** A roster player's public id: a random uuid, never its sequential row id (decision record 041). */
export const rosterPlayerIdSchema = z.uuid({ error: "invalidValue" });

export const rosterPlayerParamsSchema = z.object({ id: workspaceIdSchema, playerId: rosterPlayerIdSchema });

export const poolEntrySchema = z.object({
  champion_id: z.number().int().positive().max(MAX_ROW_ID),
  tier: z.enum(POOL_TIERS),
  notes: z.string().trim().max(POOL_NOTE_MAX, { error: "tooLong" }).regex(NO_NUL_CHARACTER).default(""),
});
export type PoolEntry = z.infer<typeof poolEntrySchema>;

export const rosterPlayerBodySchema = z.object({
  name: requiredText("nameRequired", 60),
  position: z.enum(POSITIONS),
  secondary_position: z.enum(POSITIONS).nullable().default(null),
  status: z.enum(ROSTER_STATUSES).default("active"),
  /** The member account of this player (they may then edit their own pool). */
  user_id: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
});
export type RosterPlayerBody = z.infer<typeof rosterPlayerBodySchema>;
export const rosterPlayerPatchSchema = rosterPlayerBodySchema.partial();

export const poolReplaceBodySchema = z.object({
  entries: z.array(poolEntrySchema).max(POOL_MAX_CHAMPIONS),
});

export const rosterPlayerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.enum(POSITIONS),
  secondary_position: z.enum(POSITIONS).nullable(),
  status: z.enum(ROSTER_STATUSES),
  user_id: z.number().int().nullable(),
  pool: z.array(
    poolEntrySchema.extend({ updated_at: timestampSchema, updated_by_username: z.string().nullable() }),
  ),
});
export type RosterPlayer = z.infer<typeof rosterPlayerSchema>;
export const rosterSchema = z.array(rosterPlayerSchema);
