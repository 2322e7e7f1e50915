import { z } from "zod";

/**
 * Every machine-readable error code the API returns. The web app translates `errors.<code>`.
 * Draft rule codes match packages/draft's `DraftErrorCode`.
 */
export const ERROR_CODES = [
  // request shape
  "validation_error",
  "malformed_json",
  "unsupported_media_type",
  "payload_too_large",
  "not_found",
  "method_not_allowed",
  "rate_limited",
  "internal_error",
  // auth
  "not_authenticated",
  "invalid_token",
  "invalid_credentials",
  "username_taken",
  "email_taken",
  "wrong_password",
  "forbidden",
  // plans
  "plan_limit",
  "payment_unavailable",
  "trial_used",
  "already_subscribed",
  // drafts
  "conflict",
  "wrong_turn",
  "wrong_side",
  "wrong_type",
  "champion_used",
  "champion_locked",
  "unknown_champion",
  "draft_complete",
  "draft_incomplete",
  "skip_not_allowed",
  "league_mismatch",
  // series
  "side_required",
  "series_complete",
  "game_in_progress",
  // live rooms (REST answers and WebSocket rejects)
  "seat_not_allowed",
  "not_your_turn",
  "not_started",
  "already_started",
  "room_paused",
  "not_paused",
  "late",
  "not_expired",
  "no_champion_available",
  "room_exists",
  // room lifecycle (quick rooms, series rooms)
  "room_claimed",
  "series_room_exists",
  "malformed_message",
  "unknown_message",
  "duplicate_message",
  "hello_required",
  "already_joined",
  "message_too_long",
  // sharing: a JSON file that cannot be imported (`fields` lists each problem by its path)
  "import_invalid",
  // misclick correction
  "correction_pending",
  "correction_used",
  "no_correction",
  // workspaces
  "workspace_limit",
  "workspace_seats_full",
  "workspace_read_only",
  "member_suspended",
  "last_owner",
  "already_member",
  "invite_expired",
  "invite_revoked",
  "invite_used",
  // the owner who pays for a workspace leaves only after another owner accepted its bill
  "billing_owner_leaving",
  // a member removes or suspends themselves (leaving is its own path, with its own checks)
  "own_membership",
  // a move would leave the item's creator without access to it
  "creator_not_member",
  // data and images (data-updates): the server is busy drawing images; retry after Retry-After
  "service_busy",
  // data updates: an update of this source is already running
  "update_running",
  // the database cannot take the request now (unreachable, its file locked past the wait, its
  // disk full): nothing was written; try again in a moment (decision 049)
  "database_unavailable",
  // scrims: the game already has a draft (a room's or a logged one)
  "scrim_game_has_draft",
  // scrims: a scrim game's draft page may not clear the result the ledger keeps (decision 083)
  "scrim_result_kept",
  // integrations (decision 051): the operator has not set the service's key
  "integration_not_configured",
  // the workspace has not connected the service (e.g. no Discord webhook, no Riot region)
  "integration_not_connected",
  // the outside service refused, failed or did not answer: `detail` says which in plain words
  "integration_failed",
  // Account-V1 knows no player with this Riot ID
  "riot_id_not_found",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape of every 4xx/5xx answer. */
// Pure (built inside an annotated arrow): a bundle that only needs ERROR_CODES drops zod with it.
export const apiErrorSchema = /* @__PURE__ */ (() =>
  z.object({
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    fields: z.record(z.string(), z.string()).optional(),
  }))();
export type ApiError = z.infer<typeof apiErrorSchema>;
