import { type RoomClock, type RoomEvent, roomEventBodySchema } from "@draftroom/contracts";
import type { RoomLogBody, RoomRole, RoomTeam } from "@draftroom/draft";
import type { Selectable } from "kysely";
import { fromJson, toBool, toNumberOrNull } from "../../db/values.ts";
import type { RoomEventsTable } from "./tables.ts";

/**
 * The one builder of room events (decision 024): every writer turns a `RoomLogBody` into its
 * stored row here, and every reader turns a row back into `{seq, at, actor, body}` here. The body
 * is stored whole in `data`; the flat columns beside it are kept filled for the database's own
 * readers (and rows written before 024 are upgraded from them when read). The wire event is
 * `{seq, at, actor, body}` only (decision 031).
 */

/** Who wrote an event: a seat (with the link it came through) or the server's clock (null). */
export type EventActor = {
  readonly role: RoomRole;
  readonly team: RoomTeam | null;
  readonly linkId: number | null;
} | null;

export type EventInsert = Omit<RoomEventsTable, "id" | "is_auto" | "data" | "clock" | "command_key"> & {
  is_auto: boolean;
  data: RoomLogBody;
  /** The room's clock right after the event (what a delayed spectator is shown with it). */
  clock?: RoomClock | null;
  /** The command this event ends, when a socket sent it (its resend is acknowledged, not applied). */
  command_key?: string | null;
};

/** The stored row of one event. */
export function eventRow(
  roomId: string,
  seq: number,
  atMs: number,
  actor: EventActor,
  body: RoomLogBody,
  deadlineMs: number | null,
): EventInsert {
  const step = "step" in body ? body.step : null;
  return {
    room_id: roomId,
    seq,
    kind: body.kind,
    actor_role: actor?.role ?? null,
    actor_team: actor?.team ?? null,
    actor_link_id: actor?.linkId ?? null,
    step,
    team: "team" in body ? body.team : body.kind === "game" ? body.winner : null,
    side: body.kind === "lock" ? body.side : null,
    action_type: body.kind === "lock" ? body.action_type : null,
    champion_id: "champion_id" in body ? body.champion_id : null,
    is_auto: body.kind === "lock" ? body.is_auto : false,
    at_ms: atMs,
    deadline_ms: deadlineMs,
    bank_after_ms: body.kind === "lock" ? body.bank_after_ms : null,
    data: body,
  };
}

/** Who caused an event, as the wire names it (the link stays on the server). */
function wireActor(role: string | null, team: RoomTeam | null): RoomEvent["actor"] {
  return role === null ? null : { role: role as RoomRole, team };
}

/** The wire event of a row just written (nothing is read back): `{seq, at, actor, body}`. */
export function wireEvent(row: EventInsert): RoomEvent {
  return { seq: row.seq, at: row.at_ms, actor: wireActor(row.actor_role, row.actor_team), body: row.data };
}

type Data = Record<string, string | number | boolean | null>;

/**
 * The body of a stored row: its `data` when it holds one (written since 024), else the body
 * rebuilt from the flat columns and the kind's extras (rows written before 024).
 */
export function bodyOfRow(row: Selectable<RoomEventsTable>): RoomLogBody {
  const data = (fromJson<Data | null>(row.data) ?? {}) as Data;
  if (data.kind === row.kind) {
    const parsed = roomEventBodySchema.safeParse(data);
    if (parsed.success) return parsed.data;
  }
  const step = toNumberOrNull(row.step) ?? 0;
  const team = (row.team ?? "A") as RoomTeam;
  const champion = toNumberOrNull(row.champion_id);
  const num = (value: unknown, fallback = 0) => (Number.isFinite(Number(value)) ? Number(value) : fallback);
  const legacy: unknown = (() => {
    switch (row.kind) {
      case "ready":
        return { kind: "ready", team, ready: data.ready === true };
      case "start":
        return { kind: "start", forced: data.forced === true };
      case "lock":
        return {
          kind: "lock",
          step,
          team,
          side: row.side,
          action_type: row.action_type,
          champion_id: champion,
          is_auto: toBool(row.is_auto),
          bank_after_ms: Math.max(0, num(row.bank_after_ms)),
        };
      case "resume":
        return { kind: "resume", resumes_ms: num(data.resumes_ms, Number(row.at_ms)) };
      case "rewind":
        return { kind: "rewind", step };
      case "correct":
        return { kind: "correct", step, champion_id: champion ?? 0 };
      case "correction_request":
        return {
          kind: "correction_request",
          step,
          team,
          champion_id: champion ?? 0,
          from_champion_id: typeof data.from_champion_id === "number" ? data.from_champion_id : null,
          expires_ms: num(data.expires_ms, Number(row.at_ms)),
        };
      case "correction_decision":
        return {
          kind: "correction_decision",
          step,
          team,
          champion_id: champion,
          requested_champion_id: num(data.requested_champion_id),
          outcome: data.outcome,
        };
      case "seat":
        return {
          kind: "seat",
          link_id: String(data.link_id ?? ""),
          role: row.actor_role,
          team: row.actor_team,
          connected: data.connected === true,
          epoch: num(data.epoch),
          revoked: data.revoked === true,
        };
      case "delay":
        return {
          kind: "delay",
          delay_seconds: num(data.delay_seconds),
          link_id: typeof data.link_id === "string" ? data.link_id : null,
        };
      case "game":
        return {
          kind: "game",
          game: num(data.game, 1),
          moved: data.moved === true,
          session_id: data.session_id,
          from_session_id: typeof data.from_session_id === "string" ? data.from_session_id : null,
          team_a_side: data.team_a_side ?? "BLUE",
          winner: row.team,
        };
      default:
        return { kind: row.kind };
    }
  })();
  // A row no kind of today's log can read (never written by this server) fails loudly.
  return roomEventBodySchema.parse(legacy);
}

/** The wire event of a stored row: `{seq, at, actor, body}` (the flat columns stay on the server). */
export function toEvent(row: Selectable<RoomEventsTable>): RoomEvent {
  return {
    seq: Number(row.seq),
    at: Number(row.at_ms),
    actor: wireActor(row.actor_role, row.actor_team),
    body: bodyOfRow(row),
  };
}
