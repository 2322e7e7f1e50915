import { z } from "zod";
import { freeText } from "./drafts.ts";
import { roomSchema, roomTimerSettingsSchema } from "./rooms.ts";

/** Quick rooms: a live room without an account (`/api/quick-rooms/…`, decision 012). */

/** How long an unclaimed quick room is kept. */
export const QUICK_ROOM_KEEP_DAYS = 7;

export const quickRoomCreateBodySchema = roomTimerSettingsSchema.extend({
  /** Free text: a quick room needs no league or saved teams. Empty: "Blue team" / "Red team". */
  blue_team_name: freeText(100).default(""),
  red_team_name: freeText(100).default(""),
});
export type QuickRoomCreateBody = z.input<typeof quickRoomCreateBodySchema>;

/** The organiser's own link: whoever holds it runs the room, and can claim it after signing in. */
export const quickRoomOrganiserSchema = z.object({
  token: z.string(),
  path: z.string(),
});

export const quickRoomSchema = z.object({
  room: roomSchema,
  organiser: quickRoomOrganiserSchema,
  expires_at: z.string(),
});
export type QuickRoom = z.infer<typeof quickRoomSchema>;

/** `POST /api/quick-rooms/{id}/claim/` (account token): the organiser's token proves it is theirs. */
export const quickRoomClaimBodySchema = z.object({ token: z.string().min(1).max(200) });

export const quickRoomClaimSchema = z.object({
  room_id: z.uuid(),
  session_id: z.uuid(),
});
export type QuickRoomClaim = z.infer<typeof quickRoomClaimSchema>;
