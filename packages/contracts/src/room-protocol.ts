/**
 * The live room protocol's version and close codes, apart from its message schemas
 * (schemas/rooms.ts, which describes the protocol): the web app's room client reads them without
 * building zod's schemas.
 */

/**
 * Bumped on a breaking change. 2: the wire event is `{seq, at, actor, body}` only (decision 031).
 * 3: a seat or delay event names its link by the link's public id, a uuid (decision 041).
 * 4: team members and team-channel messages are named by public ids, uuids (decision 041).
 */
export const ROOM_PROTOCOL_VERSION = 4;

/**
 * The oldest version the server accepts (an older `hello` is closed with `unsupportedProtocol`,
 * which the page shows as "please reload"). Version 1 clients parse events with the flat fields
 * version 2 no longer sends, and version 2 clients read a seat event's link as a number and would
 * drop the welcome that holds one; version 3 clients order the team channel by numeric ids: they
 * are refused, not served.
 */
export const ROOM_PROTOCOL_MIN_VERSION = 4;

/** WebSocket close codes (4000-4999 are the application's) with the reason sent beside them. */
export const ROOM_CLOSE = {
  /** The link is unknown, revoked or expired, or the account token is not the owner's. */
  invalidLink: { code: 4401, reason: "invalid_link" },
  /** The room does not exist (or was deleted). */
  roomNotFound: { code: 4404, reason: "room_not_found" },
  /** The client speaks a protocol version the server no longer accepts. */
  unsupportedProtocol: { code: 4426, reason: "unsupported_protocol" },
  /** The same captain link was opened elsewhere (another tab): that connection has the seat. */
  seatTaken: { code: 4409, reason: "seat_taken" },
  /** No `hello` within the time allowed, or a first message that is not a `hello`. */
  helloRequired: { code: 4400, reason: "hello_required" },
  /** The organiser revoked or rotated this link while it was connected. */
  linkRevoked: { code: 4403, reason: "link_revoked" },
  /** The organiser removed this team member from the room. */
  removed: { code: 4410, reason: "removed" },
  /** A team link's `hello` must carry the member's display name. */
  nameRequired: { code: 4422, reason: "name_required" },
  /** The team link already has its maximum of member seats connected (decision 018). */
  teamFull: { code: 4429, reason: "team_full" },
  /** The socket read too slowly: its unread messages passed the server's limit (it may reconnect). */
  slowConsumer: { code: 4413, reason: "slow_consumer" },
  /** A workspace room: the member's role cannot hold this seat (a viewer and a captain link). */
  seatForbidden: { code: 4406, reason: "seat_forbidden" },
  /** A workspace room: the member left, was removed or suspended (decision 029). */
  membershipEnded: { code: 4412, reason: "membership_ended" },
  /** The server could not reach its database to seat this socket: reconnect in a moment (decision 049). */
  databaseUnavailable: { code: 4503, reason: "database_unavailable" },
} as const;
