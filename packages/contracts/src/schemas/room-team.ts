import { DRAFT_STEP_COUNT, ROOM_TEAMS } from "@draftroom/draft";
import { z } from "zod";
import { timestampSchema } from "./common.ts";

/**
 * A team's private channel in a live room (decision 010): members joined by the team's link give
 * a name, suggest champions to their captain and chat with their team. These messages go only to
 * that team's captain and members; the organiser sees names (the roster), never the talk.
 */

const messageId = z.string().min(1).max(64);
const teamSchema = z.enum(ROOM_TEAMS);
const stepSchema = z
  .number()
  .int()
  .min(0)
  .max(DRAFT_STEP_COUNT - 1);

// ---- client → server -----------------------------------------------------------------------

/** A member suggests a champion for the step on the clock (their new one replaces the old). */
export const roomSuggestMessageSchema = z.object({
  type: z.literal("suggest"),
  id: messageId,
  step: stepSchema,
  champion_id: z.number().int().positive(),
});

/** A captain or member writes to their team (the server trims it; over 300 characters is refused). */
export const roomTeamChatMessageSchema = z.object({
  type: z.literal("team_chat"),
  id: messageId,
  text: z.string().min(1).max(2000),
});

// ---- server → client -----------------------------------------------------------------------

export const teamMessageSchema = z.object({
  /** The message's public id, a uuid (decision 041). */
  id: z.uuid(),
  team: teamSchema,
  kind: z.enum(["chat", "suggestion"]),
  /** The member who said it (their public id), or null for the captain. */
  member_id: z.uuid().nullable(),
  role: z.enum(["captain", "member"]),
  /** The member's display name ("" for the captain: the client names the seat). */
  name: z.string(),
  text: z.string().nullable(),
  step: z.number().int().nullable(),
  champion_id: z.number().int().nullable(),
  /** Database clock, epoch ms. */
  at: z.number(),
});
export type TeamMessage = z.infer<typeof teamMessageSchema>;

export const teamMemberSchema = z.object({
  /** The member's public id, a uuid (decision 041). */
  id: z.uuid(),
  team: teamSchema,
  name: z.string(),
  /** The team link the member came through: its public id (decision 041). */
  link_id: z.uuid(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** One new message of the team's channel. */
export const roomTeamMessageSchema = z.object({
  type: z.literal("team_message"),
  message: teamMessageSchema,
});

/**
 * The team's followed draft plan changed (decision 027): only that team's seats receive it, with
 * nothing of the plan; they read it again through `POST /api/draft-plans/live/rooms/{id}/view/`.
 */
export const roomTeamPlanSchema = z.object({ type: z.literal("team_plan"), team: teamSchema });

/** Sent after `welcome` to a captain or member: the team's recent channel, oldest first. */
export const roomTeamHistorySchema = z.object({
  type: z.literal("team_history"),
  team: teamSchema,
  /** This connection's member id, a uuid (null for the captain). */
  member_id: z.uuid().nullable(),
  messages: z.array(teamMessageSchema),
});

/**
 * Who is on the team links now: to the organiser (both teams) and to each team's seats (their
 * own team only), after welcome and whenever it changes.
 */
export const roomRosterSchema = z.object({ type: z.literal("roster"), members: z.array(teamMemberSchema) });

// ---- REST ------------------------------------------------------------------------------------

/** `POST /api/rooms/{id}/members/{member_id}/remove/` (owner): the member's socket is closed. */
export const roomMemberRemovedSchema = z.object({
  id: z.uuid(),
  removed_at: timestampSchema,
});
