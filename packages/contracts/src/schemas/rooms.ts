import {
  CORRECTION_OUTCOMES,
  DRAFT_STEP_COUNT,
  ROOM_BANK_DEFAULT_SECONDS,
  ROOM_BANK_MAX_SECONDS,
  ROOM_BANK_MIN_SECONDS,
  ROOM_DELAY_MAX_SECONDS,
  ROOM_DELAY_MIN_SECONDS,
  ROOM_ROLES,
  ROOM_STATUSES,
  ROOM_TEAMS,
  ROOM_TURN_DEFAULT_SECONDS,
  ROOM_TURN_MAX_SECONDS,
  ROOM_TURN_MIN_SECONDS,
  type RoomLogBody,
} from "@draftroom/draft";
import { z } from "zod";
import { ERROR_CODES } from "../errors.ts";
import { timestampSchema } from "./common.ts";
import {
  actionSchema,
  actionTypeSchema,
  dbId,
  sessionSchema,
  sessionWriteBodySchema,
  sideSchema,
} from "./drafts.ts";
import { roomQuickInfoSchema, roomSeriesInfoSchema } from "./room-lifecycle.ts";
import {
  roomRosterSchema,
  roomSuggestMessageSchema,
  roomTeamChatMessageSchema,
  roomTeamHistorySchema,
  roomTeamMessageSchema,
  roomTeamPlanSchema,
} from "./room-team.ts";

/**
 * Live rooms: the WebSocket protocol and the REST shapes around it.
 *
 * One WebSocket per client at `GET /api/rooms/{room_id}/ws`. The first message is `hello` (with
 * the link token, or the owner's account token); the server answers `welcome` or closes the
 * socket with a ROOM_CLOSE code. Every later client message carries an `id`; the server answers
 * each one exactly once, with `ack {id}` or `reject {id, code}` (`pong` answers `ping`). Stored
 * events reach every seat as `event {seq}`, `seq` counting up by one per room: a client that sees a
 * gap sends `resync {last_seq}` and gets the missing events, or a fresh `snapshot`.
 */

// ---- shared pieces ---------------------------------------------------------------------------

export const roomTeamSchema = z.enum(ROOM_TEAMS);
export const roomRoleSchema = z.enum(ROOM_ROLES);
export const roomStatusSchema = z.enum(ROOM_STATUSES);
const stepSchema = z
  .number()
  .int()
  .min(0)
  .max(DRAFT_STEP_COUNT - 1);
const championRef = dbId().nullable();
/** Client message ids: any short string, unique per connection (a retry reuses it). */
const messageId = z.string().min(1).max(64);

/** Who this connection is: decided by its link (never by a message). */
export const roomSeatSchema = z.object({
  role: roomRoleSchema,
  /** The captain's or team member's team; null for the organiser and spectators. */
  team: roomTeamSchema.nullable(),
  /** Teams this seat may hover and lock for (both for a solo room's organiser). */
  plays_for: z.array(roomTeamSchema),
});
export type RoomSeatInfo = z.infer<typeof roomSeatSchema>;

/** The room's clock, all instants in epoch ms on the server's (database) clock. */
export const roomClockSchema = z.object({
  status: roomStatusSchema,
  /** Next step, or null when complete. */
  step: stepSchema.nullable(),
  turn_ms: z.number().int().nonnegative(),
  bank_ms: z.object({ A: z.number().int().nonnegative(), B: z.number().int().nonnegative() }),
  /** When the step on the clock started, shifted by pauses (use roomClock() to display). */
  turn_started_ms: z.number().nullable(),
  /** After this instant the step times out (turn + the team's bank + 2 s grace). */
  deadline_ms: z.number().nullable(),
  paused_ms: z.number().nullable(),
  /** End of the 3 s resume countdown (locks before it are refused), or null. */
  resumes_ms: z.number().nullable(),
  /** The server's clock when this was sent: offset = server_now - local receive time. */
  server_now: z.number(),
});
export type RoomClock = z.infer<typeof roomClockSchema>;

export const roomHoverSchema = z.object({
  step: stepSchema,
  team: roomTeamSchema,
  champion_id: championRef,
});

/** The room's latest misclick correction request (pending until decided or timed out). */
export const roomCorrectionSchema = z.object({
  step: stepSchema,
  /** The asking captain's team. */
  team: roomTeamSchema,
  from_champion_id: z.number().int().nullable(),
  champion_id: z.number().int(),
  requested_ms: z.number(),
  expires_ms: z.number(),
  deadline_ms: z.number().nullable(),
  outcome: z.enum([...CORRECTION_OUTCOMES, "pending"]),
});
export type RoomCorrectionInfo = z.infer<typeof roomCorrectionSchema>;

/** Everything a client needs to draw the room, as of `seq`. */
export const roomSnapshotSchema = z.object({
  room_id: z.uuid(),
  mode: z.enum(["solo", "live"]),
  seq: z.number().int().nonnegative(),
  session: sessionSchema,
  /** The side each team plays in this draft. */
  sides: z.object({ A: sideSchema, B: sideSchema }),
  ready: z.object({ A: z.boolean(), B: z.boolean() }),
  actions: z.array(actionSchema),
  clock: roomClockSchema,
  /** The hover of the team on the clock (never sent to delayed spectators). */
  hover: roomHoverSchema.nullable(),
  /** The series this room plays, game after game (decision 012). */
  series: roomSeriesInfoSchema.nullable().optional(),
  /** Set for a quick room made without an account (decision 012). */
  quick: roomQuickInfoSchema.nullable().optional(),
  /** The latest correction request (optional: absent on servers before it existed). */
  correction: roomCorrectionSchema.nullable().optional(),
});
export type RoomSnapshot = z.infer<typeof roomSnapshotSchema>;

const roomStepSchema = z.number().int().nonnegative();

/**
 * One event's own payload, by kind (packages/draft `RoomLogBody`; checked both ways below). Hovers
 * are never events.
 */
export const roomEventBodySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready"), team: roomTeamSchema, ready: z.boolean() }),
  z.object({ kind: z.literal("start"), forced: z.boolean() }),
  z.object({
    kind: z.literal("lock"),
    step: roomStepSchema,
    team: roomTeamSchema,
    side: sideSchema,
    action_type: actionTypeSchema,
    /** null: a skipped ban. */
    champion_id: z.number().int().nullable(),
    /** The server's clock decided (expiry). */
    is_auto: z.boolean(),
    /** The team's bank after this step, ms. */
    bank_after_ms: z.number().int().nonnegative(),
  }),
  z.object({ kind: z.literal("pause") }),
  z.object({ kind: z.literal("resume"), resumes_ms: z.number() }),
  z.object({ kind: z.literal("rewind"), step: roomStepSchema }),
  z.object({ kind: z.literal("correct"), step: roomStepSchema, champion_id: z.number().int() }),
  z.object({
    kind: z.literal("correction_request"),
    step: roomStepSchema,
    /** The asking team; the champion asked for and the one the lock has. */
    team: roomTeamSchema,
    champion_id: z.number().int(),
    from_champion_id: z.number().int().nullable(),
    expires_ms: z.number(),
  }),
  z.object({
    kind: z.literal("correction_decision"),
    step: roomStepSchema,
    /** The asking team; the lock's champion after the decision. */
    team: roomTeamSchema,
    champion_id: z.number().int().nullable(),
    requested_champion_id: z.number().int(),
    outcome: z.enum(CORRECTION_OUTCOMES),
  }),
  z.object({ kind: z.literal("complete") }),
  /** The servers could not reach the database from `from_ms` until the event: the clock stood still. */
  z.object({ kind: z.literal("outage"), from_ms: z.number() }),
  z.object({
    kind: z.literal("seat"),
    /** The link's public id (decision 041). */
    link_id: z.uuid(),
    role: roomRoleSchema,
    team: roomTeamSchema.nullable(),
    connected: z.boolean(),
    epoch: z.number().int(),
    revoked: z.boolean(),
  }),
  z.object({
    kind: z.literal("delay"),
    delay_seconds: z.number().int().nonnegative(),
    /** null: the public view and the overlay. */
    link_id: z.uuid().nullable(),
  }),
  z.object({
    kind: z.literal("game"),
    game: z.number().int().positive(),
    moved: z.boolean(),
    session_id: z.uuid(),
    from_session_id: z.uuid().nullable(),
    team_a_side: sideSchema,
    winner: roomTeamSchema.nullable(),
  }),
]);
export type RoomEventBodyInfo = z.infer<typeof roomEventBodySchema>;

/** The schema and packages/draft's union are the same type, checked both ways at compile time. */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ROOM_EVENT_BODY_MATCHES_DRAFT: SameType<RoomEventBodyInfo, RoomLogBody> = true;

/**
 * One stored event of the room's log, as it is stored and fanned out: `{seq, at, actor, body}`
 * (decision 031). Everything an event says is in `body`, typed by its `kind`; the clock after it
 * (deadline, banks) comes in the `clock` message that follows, or from the fold itself.
 */
export const roomEventSchema = z.object({
  seq: z.number().int().positive(),
  /** Database clock, epoch ms. */
  at: z.number(),
  /** The seat that caused it; null for the server's clock (automatic locks, timed-out requests). */
  actor: roomSeatSchema.pick({ role: true, team: true }).nullable(),
  /** The event's own payload: what every client folds with `applyRoomEvent`. */
  body: roomEventBodySchema,
});
export type RoomEvent = z.infer<typeof roomEventSchema>;

// ---- client → server -----------------------------------------------------------------------

export const roomHelloSchema = z.object({
  type: z.literal("hello"),
  id: messageId,
  proto: z.number().int(),
  /** The link's token (from the URL fragment); or `auth` for the owner's account token. In a
   * workspace room `auth` may come with a link: the member's role must allow the seat. */
  token: z.string().min(1).max(200).optional(),
  auth: z.string().min(1).max(200).optional(),
  /** The session's public id (the public view's capability): a read-only spectator seat. */
  watch: z.string().min(1).max(200).optional(),
  /** The last `seq` this client saw (a reconnect): the server sends what it missed. */
  last_seq: z.number().int().nonnegative().optional(),
  /** A team link's member: the display name their team sees (1-32 characters once trimmed). */
  name: z.string().min(1).max(200).optional(),
});

export const roomClientMessageSchema = z.discriminatedUnion("type", [
  roomHelloSchema,
  z.object({ type: z.literal("ping"), id: messageId, t0: z.number() }),
  z.object({ type: z.literal("ready"), id: messageId, ready: z.boolean() }),
  z.object({ type: z.literal("start"), id: messageId }),
  z.object({ type: z.literal("hover"), id: messageId, step: stepSchema, champion_id: championRef }),
  /** `champion_id: null` skips a ban (picks cannot be skipped). */
  z.object({ type: z.literal("lock"), id: messageId, step: stepSchema, champion_id: championRef }),
  z.object({ type: z.literal("pause"), id: messageId }),
  z.object({ type: z.literal("resume"), id: messageId }),
  z.object({ type: z.literal("resync"), id: messageId, last_seq: z.number().int().nonnegative() }),
  roomSuggestMessageSchema,
  roomTeamChatMessageSchema,
  /** A captain asks to change its team's last lock to `champion_id` (the next step still open). */
  z.object({ type: z.literal("request_correction"), id: messageId, step: stepSchema, champion_id: dbId() }),
  /** The other captain or the organiser approves or denies the pending request for `step`. */
  z.object({ type: z.literal("decide_correction"), id: messageId, step: stepSchema, approve: z.boolean() }),
]);
export type RoomClientMessage = z.infer<typeof roomClientMessageSchema>;
export type RoomClientMessageType = RoomClientMessage["type"];

// ---- server → client -----------------------------------------------------------------------

/** A `reject` carries one of the shared ERROR_CODES (the room's rules, the engine's, the protocol's). */
export const roomRejectCodeSchema = z.enum(ERROR_CODES);

export const roomServerMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("welcome"),
    id: messageId,
    proto: z.number().int(),
    seat: roomSeatSchema,
    snapshot: roomSnapshotSchema,
    server_now: z.number(),
    /**
     * A delayed spectator's delay: its snapshot and events are the room as it stood this long ago,
     * without hovers or private kinds (optional: 0 when absent).
     */
    delay_seconds: z.number().int().nonnegative().optional(),
  }),
  /** The reply to `resync` when the log cannot fill the gap, or after a rewind. */
  z.object({ type: z.literal("snapshot"), snapshot: roomSnapshotSchema, server_now: z.number() }),
  /**
   * `prev`: the seq of the event this socket received before this one, when the socket's feed
   * leaves events out (a delayed spectator): a gap is `prev` beyond the last seq seen.
   */
  z.object({
    type: z.literal("event"),
    event: roomEventSchema,
    prev: z.number().int().nonnegative().optional(),
  }),
  z.object({ type: z.literal("clock"), seq: z.number().int().nonnegative(), clock: roomClockSchema }),
  z.object({ type: z.literal("hover"), hover: roomHoverSchema }),
  z.object({
    type: z.literal("presence"),
    /** Captain and organiser seats: connected or not. */
    seats: z.array(
      z.object({ role: roomRoleSchema, team: roomTeamSchema.nullable(), connected: z.boolean() }),
    ),
    spectators: z.number().int().nonnegative(),
  }),
  /** The message `id` was applied; `seq` is the last event it produced (if any). */
  z.object({ type: z.literal("ack"), id: messageId, seq: z.number().int().nullable() }),
  /** The message `id` changed nothing; `id` is null when the message was too broken to carry one. */
  z.object({
    type: z.literal("reject"),
    id: z.string().nullable(),
    code: roomRejectCodeSchema,
    detail: z.string(),
  }),
  z.object({ type: z.literal("pong"), id: messageId, t0: z.number(), server_now: z.number() }),
  roomTeamMessageSchema,
  roomTeamHistorySchema,
  roomRosterSchema,
  roomTeamPlanSchema,
]);
export type RoomServerMessage = z.infer<typeof roomServerMessageSchema>;

// ---- REST ------------------------------------------------------------------------------------

export const roomDelaySecondsSchema = z
  .number({ error: "delayRange" })
  .int({ error: "delayRange" })
  .min(ROOM_DELAY_MIN_SECONDS, { error: "delayRange" })
  .max(ROOM_DELAY_MAX_SECONDS, { error: "delayRange" });

/** `PUT /api/rooms/{id}/delay/` (owner): the spectator delay of the room's public view, overlay and spectator links. */
export const roomDelayBodySchema = z.object({ delay_seconds: roomDelaySecondsSchema });

export const roomTimerSettingsSchema = z.object({
  turn_seconds: z
    .number({ error: "turnTimerRange" })
    .int({ error: "turnTimerRange" })
    .min(ROOM_TURN_MIN_SECONDS, { error: "turnTimerRange" })
    .max(ROOM_TURN_MAX_SECONDS, { error: "turnTimerRange" })
    .default(ROOM_TURN_DEFAULT_SECONDS),
  bank_seconds: z
    .number({ error: "bankTimerRange" })
    .int({ error: "bankTimerRange" })
    .min(ROOM_BANK_MIN_SECONDS, { error: "bankTimerRange" })
    .max(ROOM_BANK_MAX_SECONDS, { error: "bankTimerRange" })
    .default(ROOM_BANK_DEFAULT_SECONDS),
});

/**
 * `POST /api/rooms/` (account token): a live room for an existing session of the caller
 * (`session_id`), or for a new session described by `session` (bots).
 */
export const roomCreateBodySchema = roomTimerSettingsSchema.extend({
  /** Spectator delay (public view, overlay, spectator link), 0-300 s. */
  spectator_delay_seconds: roomDelaySecondsSchema.default(0),
  session_id: z.uuid().optional(),
  session: sessionWriteBodySchema.optional(),
  /**
   * The side the workspace's own team plays in this draft ("we play blue / red", decision 046).
   * Omitted: the side its linked league team plays, when that team plays one side of the session.
   */
  our_side: sideSchema
    .optional()
    .describe(
      "Our team's side in a workspace session (default: the side the workspace's linked league team plays). The other side's captain, team and spectator links work without an account.",
    ),
});
export type RoomCreateBody = z.input<typeof roomCreateBodySchema>;

/** What a link opens; `organiser` (a quick room's own link) runs the room and is never handed out. */
export const ROOM_LINK_KINDS = [
  "blue_captain",
  "red_captain",
  "spectator",
  "blue_team",
  "red_team",
  "organiser",
] as const;
export type RoomLinkKind = (typeof ROOM_LINK_KINDS)[number];

/** A room link's public id: a random uuid, never its sequential row id (decision record 041). */
export const roomLinkIdSchema = z.uuid({ error: "invalidValue" });
/** `/api/rooms/:id/links/:link_id/…` and the quick rooms' link routes. */
export const roomLinkParamsSchema = z.object({ id: z.uuid(), link_id: roomLinkIdSchema });

export const roomLinkSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ROOM_LINK_KINDS),
  role: roomRoleSchema,
  team: roomTeamSchema.nullable(),
  /** Only in the answer that created or rotated it: the database keeps a hash. */
  token: z.string().nullable(),
  /** The web path to hand out (`/app/room/{room_id}#{token}`), with the token when known. */
  path: z.string().nullable(),
  /** Spectator links: the delay their sockets watch with, seconds (0 for captains). */
  delay_seconds: z.number().int().nonnegative().default(0),
  revoked_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type RoomLink = z.infer<typeof roomLinkSchema>;

export const roomSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  mode: z.enum(["solo", "live"]),
  status: roomStatusSchema,
  turn_seconds: z.number(),
  bank_seconds: z.number(),
  /** Delay of the public view, the overlay and the spectator link, seconds. */
  spectator_delay_seconds: z.number().int().nonnegative().default(0),
  seq: z.number().int(),
  links: z.array(roomLinkSchema),
  /**
   * The side the workspace's own team plays now (decision 046): its seats follow the workspace's
   * roles, the other side's links work without an account. Null: a personal room, or not known.
   */
  our_side: sideSchema.nullable(),
  /** The same team as a link's `team` (A/B): it keeps its links when a series swaps the sides. */
  our_team: roomTeamSchema.nullable(),
  created_at: timestampSchema,
});
export type Room = z.infer<typeof roomSchema>;

/**
 * `GET /api/drafts/sessions/{id}/live-room/` (owner): the session's room or null when it has
 * none, so a page can ask without an error (the session page, "Live room").
 */
export const sessionRoomLookupSchema = z.object({
  room: roomSchema.nullable(),
  /**
   * What opening a live room asks of a workspace session (decision 046): `ask` when the side its
   * own team plays is not known from its linked league team (then the dialog asks "we play blue /
   * red"); `side` the side that team plays when it is. Both empty for a personal session.
   */
  our_side: z.object({ ask: z.boolean(), side: sideSchema.nullable() }),
});
export type SessionRoomLookup = z.infer<typeof sessionRoomLookupSchema>;

/** `POST /api/rooms/join/` with a link token: what the link opens (404 `not_found` otherwise). */
export const roomJoinBodySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * `POST /api/rooms/watch/` with a session's public id: the room a spectator of the public view
 * joins (created on first use; 404 `not_found` for an unknown id). The socket's `hello` then
 * carries `watch: session_id`.
 */
export const roomWatchBodySchema = z.object({ session_id: z.uuid() });
export const roomWatchSchema = z.object({ room_id: z.uuid() });
export type RoomWatch = z.infer<typeof roomWatchSchema>;
export const roomJoinSchema = z.object({
  room_id: z.uuid(),
  seat: roomSeatSchema,
  session: sessionSchema,
});
export type RoomJoin = z.infer<typeof roomJoinSchema>;

/** `GET /api/rooms/{id}/events/?after=` (owner): the stored log, for the room page. */
export const roomEventsSchema = z.object({ events: z.array(roomEventSchema) });
