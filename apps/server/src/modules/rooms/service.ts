import { randomBytes } from "node:crypto";
import type {
  Room,
  RoomJoin,
  RoomLink,
  RoomSeatInfo,
  RoomSnapshot,
  RoomWatch,
  SessionRoomLookup,
} from "@draftroom/contracts";
import { ROUTES, type WorkspaceCapability } from "@draftroom/contracts";
import {
  createRoom,
  type RoomHover,
  type RoomRecord,
  type RoomSeat,
  type RoomTeam,
  roomRecord,
  type Side,
  seatPlaysFor,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isUniqueViolation, nowIso } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { hashToken } from "../accounts/tokens.ts";
import { getSession, sessionActions, sessionOwnership, sessionTeams } from "../drafts/service.ts";
import { quickInfoOfRoom } from "../rooms/quick/info.ts";
import { requireOwnershipAccess } from "../workspaces/access.ts";
import { ourSideQuestion, ourTeamAtOpen, ourTeamOf } from "./our-team.ts";
import {
  bumpLinkEpoch,
  CLOCK_AT_REST,
  databaseNowMs,
  findActiveLink,
  findLink,
  findRoom,
  findRoomBySession,
  insertLink,
  type LinkRow,
  listActiveTeamLinks,
  listEventsAfter,
  listLinks,
  listOpenLiveRooms,
  lockExpiredRooms,
  lockRoom,
  type RoomRow,
  toRecord,
  updateLink,
} from "./repository.ts";
import { type RoomCommit, roomSeriesInfo } from "./runtime.ts";
import { clockOf, ensureRoomRow, type RoomWrite, runRoomCommand, writeRoom } from "./store.ts";
import { teamChannelOf } from "./team-channel.ts";

/**
 * Live rooms: links, seats, snapshots and the room's lifecycle. Every change to a draft (a
 * captain's lock over a WebSocket, the owner's REST action, the clock's expiry, the practice
 * opponent) runs through the room store's `runRoomCommand` (store.ts, decision 032): lock the
 * room's row, apply packages/draft's `reduceRoom` to the room's folded state (kept in memory),
 * store the events, the derived `draft_actions` and the session's phase in the same transaction,
 * NOTIFY, then hand the commit to the process's room runtime (fan-out, timers, caches).
 */

// Which team is the workspace's own (decision 046), for the recommendations of a room's seats.
export { ourSideOfRoom, ourSideOfSession } from "./our-team.ts";

// The store's face for other modules: commands and the folded state go through the store.
export {
  appliedCommandSeq,
  type CommandOptions,
  clockOf,
  loadRoomState,
  type RoomCommandResult,
  RoomCommitUnknown,
  type RoomTarget,
  runRoomCommand,
} from "./store.ts";

/** The seat a connection or request holds, with the link it came through (null: account/clock). */
export interface ActingSeat extends RoomSeat {
  /** The link's row id: the log's actor and a team member's link, never shown. */
  readonly linkId: number | null;
  /** The link's public id, which seat events name (decision 041); absent without a link. */
  readonly linkPublicId?: string;
}

export const ORGANISER: ActingSeat = { role: "organiser", team: null, linkId: null };

/**
 * Applies every expired deadline it can lock (PostgreSQL skips rooms another process holds), one
 * room per transaction. Returns how many it applied. The process's timers do this on time; the
 * sweeper catches what a dead process left behind.
 */
export async function sweepExpiredRooms(
  db: Kysely<Database>,
  limit = 20,
  hoverOf: (roomId: string) => RoomHover | null = () => null,
): Promise<number> {
  const due = await db
    .transaction()
    .execute(async (trx) => (await lockExpiredRooms(trx, limit)).map((r) => r.id));
  let applied = 0;
  for (const roomId of due) {
    const result = await runRoomCommand(
      db,
      { roomId },
      "system",
      { type: "expire" },
      { hover: hoverOf(roomId) },
    );
    if (result.ok) applied += 1;
  }
  return applied;
}

type SeatLink = Pick<LinkRow, "public_id" | "role"> & { id: number; team: RoomTeam | null };

/** The log's record of a seat change, as written by its link's role and team. */
function seatWrite<T>(
  link: SeatLink,
  data: { connected: boolean; epoch: number; revoked?: boolean },
  value: T,
): RoomWrite<T> {
  return {
    ok: true,
    events: [
      {
        kind: "seat",
        link_id: link.public_id,
        role: link.role,
        team: link.team,
        connected: data.connected,
        epoch: data.epoch,
        revoked: data.revoked ?? false,
      },
    ],
    actor: { role: link.role, team: link.team, linkId: link.id },
    value,
  };
}

/** Stores a seat change (a captain connected, left, or was taken over; a link revoked). */
export async function recordSeatEvent(
  db: Kysely<Database>,
  roomId: string,
  link: SeatLink,
  data: { connected: boolean; epoch: number; revoked?: boolean },
): Promise<RoomCommit | undefined> {
  const written = await writeRoom(db, { roomId }, async () => seatWrite(link, data, null));
  return written.ok ? written.commit : undefined;
}

// ---- seats, links, snapshots -------------------------------------------------------------------

function linkKind(link: LinkRow, sides: Record<RoomTeam, Side>): RoomLink["kind"] {
  if (link.role === "captain" && link.team)
    return sides[link.team] === "BLUE" ? "blue_captain" : "red_captain";
  if (link.role === "member" && link.team) return sides[link.team] === "BLUE" ? "blue_team" : "red_team";
  // The organiser's own link (quick rooms): never called a spectator link, it runs the room.
  if (link.role === "organiser") return "organiser";
  return "spectator";
}

export function seatInfo(record: RoomRecord, seat: RoomSeat): RoomSeatInfo {
  return {
    role: seat.role,
    team: seat.team,
    plays_for: (["A", "B"] as const).filter((team) => seatPlaysFor(record, seat, team)),
  };
}

/** 128 random bits, URL-safe. */
function newLinkToken(): string {
  return randomBytes(16).toString("base64url");
}

function toLink(
  link: LinkRow,
  roomId: string,
  sides: Record<RoomTeam, Side>,
  token: string | null,
): RoomLink {
  return {
    id: link.public_id,
    kind: linkKind(link, sides),
    role: link.role,
    team: link.team,
    token,
    path: token === null ? null : `${ROUTES.room(roomId)}#${token}`,
    delay_seconds: Number(link.delay_seconds ?? 0),
    revoked_at: link.revoked_at === null ? null : String(link.revoked_at),
    created_at: String(link.created_at),
  };
}

function toRoom(row: RoomRow, links: RoomLink[], ourTeam: RoomTeam | null): Room {
  return {
    id: row.id,
    session_id: row.session_id,
    mode: row.mode,
    status: row.status,
    turn_seconds: Number(row.turn_ms) / 1000,
    bank_seconds: Number(row.bank_initial_ms) / 1000,
    spectator_delay_seconds: Number(row.spectator_delay_seconds ?? 0),
    seq: Number(row.seq),
    links,
    our_side: ourTeam === null ? null : toRecord(row).sides[ourTeam],
    our_team: ourTeam,
    created_at: String(row.created_at),
  };
}

export interface LiveRoomSettings {
  turnMs: number;
  bankMs: number;
  /** Spectator delay of the public view, the overlay and the spectator link (seconds). */
  delaySeconds?: number;
  /** The side the workspace's own team plays ("we play blue / red", decision 046). */
  ourSide?: Side | undefined;
  /** The side team A plays (a series' game); blue when not given. */
  teamASide?: Side;
}

const sessionNotFound = () => new AppError(404, "not_found", "Draft session not found.");
const roomNotFound = () => new AppError(404, "not_found", "Room not found.");

/**
 * May `userId` do `capability` with a session's room (decision 040)? A personal session: only its
 * creator. A workspace session: a member whose role allows it, through `requireWorkspaceRole`
 * (403 for a suspended member or a role that cannot, 403 `workspace_read_only` for a write past
 * the plan), whoever created it. Anyone else gets `notFound()`, the answer of a missing id.
 */
async function requireSessionAccess(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  capability: WorkspaceCapability,
  notFound: () => AppError,
): Promise<void> {
  await requireOwnershipAccess(db, userId, await sessionOwnership(db, sessionId), capability, notFound);
}

/**
 * Turns a session into a live room with its five links (captains, spectators, teams) (the tokens
 * appear only in this answer): its creator's, or a workspace's for a member who edits drafts
 * there. 404 when the caller may not see it; 403 `workspace_read_only` past the workspace's plan
 * (nothing new starts); 409 `room_exists` when it is live already.
 */
export async function openLiveRoom(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  settings: LiveRoomSettings,
): Promise<Room> {
  await requireSessionAccess(db, userId, sessionId, "edit_drafts", sessionNotFound);
  const session = await getSession(db, null, sessionId);
  if (!session) throw sessionNotFound();
  const teamASide = settings.teamASide ?? "BLUE";
  const sides: Record<RoomTeam, Side> = { A: teamASide, B: teamASide === "BLUE" ? "RED" : "BLUE" };
  const ourTeam = await ourTeamAtOpen(db, sessionId, settings.ourSide, sides);
  const result = await db.transaction().execute(async (trx) => {
    await ensureRoomRow(trx, sessionId);
    const row = (await lockRoom(trx, { sessionId }))!;
    if (row.mode === "live") throw new AppError(409, "room_exists", "This session already has a live room.");
    const complete = session.status === "complete";
    const fresh = createRoom({ mode: "live", turn_ms: settings.turnMs, bank_ms: settings.bankMs });
    const record: RoomRecord = complete ? { ...roomRecord(fresh), status: "complete" } : roomRecord(fresh);
    await trx
      .updateTable("draft_rooms")
      .set({
        mode: "live",
        status: record.status,
        ready_a: false,
        ready_b: false,
        turn_ms: settings.turnMs,
        bank_initial_ms: settings.bankMs,
        bank_a_ms: settings.bankMs,
        bank_b_ms: settings.bankMs,
        ...CLOCK_AT_REST,
        spectator_delay_seconds: settings.delaySeconds ?? 0,
        team_a_side: teamASide,
        our_team: ourTeam,
      })
      .where("id", "=", row.id)
      .execute();
    const links: RoomLink[] = [];
    for (const [role, team] of [
      ["captain", "A"],
      ["captain", "B"],
      ["spectator", null],
      // Team links (decision 010): keyed by team like the captains, so they outlive side changes.
      ["member", "A"],
      ["member", "B"],
    ] as const) {
      const token = newLinkToken();
      let link = await insertLink(trx, { room_id: row.id, role, team, token_hash: hashToken(token) });
      if (role === "spectator" && settings.delaySeconds) {
        link = await trx
          .updateTable("room_links")
          .set({ delay_seconds: settings.delaySeconds })
          .where("id", "=", link.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      links.push(toLink(link, row.id, sides, token));
    }
    const updated = (await findRoom(trx, row.id))!;
    return toRoom(updated, links, ourTeam);
  });
  await announceOpened(db, sessionId, session.title, result);
  return result;
}

/**
 * Says a workspace room opened (integrations post it to the team's channel), with our team's
 * captain and team links only: the other team's links and the organiser's seat never leave here.
 * After the commit, and a failure to announce never fails the open.
 */
async function announceOpened(
  db: Kysely<Database>,
  sessionId: string,
  title: string,
  room: Room,
): Promise<void> {
  try {
    const owner = await sessionOwnership(db, sessionId);
    if (!owner?.workspace_id) return;
    const ourLinks = room.our_team
      ? room.links.flatMap((link) =>
          link.team === room.our_team && (link.role === "captain" || link.role === "member") && link.path
            ? [{ role: link.role, path: link.path }]
            : [],
        )
      : [];
    await publish(db, "room.opened", {
      db,
      workspaceId: owner.workspace_id,
      roomId: room.id,
      sessionId,
      title,
      ourLinks,
    });
  } catch {
    // The room is open; a lost announcement is not worth failing it.
  }
}

/** The spectator delay of a session's room in seconds (0: no room, or none). */
export async function spectatorDelayOfSession(db: Kysely<Database>, sessionId: string): Promise<number> {
  const row = await findRoomBySession(db, sessionId);
  return row ? Number(row.spectator_delay_seconds ?? 0) : 0;
}

/**
 * A room the caller may act on with `capability` (default: run it, `edit_drafts`): its session's
 * creator's, or a workspace room for a member whose role allows it. Anyone else gets the same
 * 404 as a missing room.
 */
export async function getOwnedRoom(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  capability: WorkspaceCapability = "edit_drafts",
): Promise<RoomRow> {
  const row = await findRoom(db, roomId);
  if (!row) throw roomNotFound();
  await requireSessionAccess(db, userId, row.session_id, capability, roomNotFound);
  return row;
}

/** The room with its links (without tokens), for whoever may read it. */
export async function describeRoom(db: Kysely<Database>, userId: number, roomId: string): Promise<Room> {
  const row = await getOwnedRoom(db, userId, roomId, "read");
  const sides = toRecord(row).sides;
  const [links, session] = await Promise.all([listLinks(db, roomId), sessionTeams(db, row.session_id)]);
  return toRoom(
    row,
    links.map((link) => toLink(link, roomId, sides, null)),
    await ourTeamOf(db, row, session),
  );
}

export async function roomOfSession(db: Kysely<Database>, userId: number, sessionId: string): Promise<Room> {
  await requireSessionAccess(db, userId, sessionId, "read", roomNotFound);
  const row = await findRoomBySession(db, sessionId);
  if (!row) throw roomNotFound();
  return describeRoom(db, userId, row.id);
}

/**
 * The session's room for whoever may read it (null when it has none) and what opening one asks
 * (which side the workspace's team plays, decision 046); 404 when they may not read it.
 */
export async function lookupRoomOfSession(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<SessionRoomLookup> {
  await requireSessionAccess(db, userId, sessionId, "read", sessionNotFound);
  const row = await findRoomBySession(db, sessionId);
  const [room, ourSide] = await Promise.all([
    row ? describeRoom(db, userId, row.id) : null,
    ourSideQuestion(db, sessionId),
  ]);
  return { room, our_side: ourSide };
}

/**
 * Rotates (new token) or revokes a link. Either way the old token stops working at once and its
 * open sockets are closed (through a `seat` event every process sees).
 */
export async function changeLink(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  linkId: string,
  change: "rotate" | "revoke",
): Promise<RoomLink> {
  const row = await getOwnedRoom(db, userId, roomId);
  const link = await findLink(db, roomId, linkId);
  if (!link || link.revoked_at !== null) throw new AppError(404, "not_found", "Link not found.");
  const changed = await replaceLinkToken(db, roomId, Number(link.id), change);
  if (!changed) throw new AppError(404, "not_found", "Link not found.");
  return toLink(changed.link, roomId, toRecord(row).sides, changed.token);
}

/** A link's row id from its public id, for a module that keeps a foreign key to it (a practice's bot seat). */
export async function linkRowId(
  db: Kysely<Database>,
  roomId: string,
  linkId: string,
): Promise<number | undefined> {
  const link = await findLink(db, roomId, linkId);
  return link ? Number(link.id) : undefined;
}

/**
 * A link's new token (rotate) or its end (revoke); no access check. The old token stops working
 * at once and the link's sockets close on every process. A rotated link's `created_at` is the new
 * token's: a device holding the old token's address sees that it is stale. Undefined when the link
 * is unknown.
 */
async function replaceLinkToken(
  db: Kysely<Database>,
  roomId: string,
  linkId: number,
  change: "rotate" | "revoke",
): Promise<{ link: LinkRow; token: string | null } | undefined> {
  const token = change === "rotate" ? newLinkToken() : null;
  const updated = await updateLink(
    db,
    linkId,
    token === null ? { revoked_at: nowIso() } : { token_hash: hashToken(token), created_at: nowIso() },
  );
  if (!updated) return undefined;
  if (updated.role === "member") {
    // A team link's sockets close through the team channel: the public log never mentions them.
    await teamChannelOf(db)?.linkRevoked(roomId, linkId);
  } else {
    await recordSeatEvent(db, roomId, updated, {
      connected: false,
      epoch: Number(updated.epoch),
      revoked: true,
    });
  }
  return { link: updated, token };
}

/**
 * A workspace membership ended (left, removed, suspended): every usable team link of our team in
 * the workspace's open live rooms gets a new token, so a link the member kept stops opening the
 * team channel and the followed plan (decision 040). Team links are handed around the team, so
 * any of them may be in the member's hands. The other team's link is theirs and stays (decision
 * 046), unless no side is known as ours. Returns the rooms' sessions whose links changed.
 */
export async function rotateWorkspaceTeamLinks(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<{ sessionId: string; links: number }[]> {
  const rotated: { sessionId: string; links: number }[] = [];
  for (const room of await listOpenLiveRooms(db)) {
    const owner = await sessionOwnership(db, room.session_id);
    if (owner?.workspace_id !== workspaceId) continue;
    const ours = await ourTeamOf(db, room, await sessionTeams(db, room.session_id));
    let links = 0;
    for (const link of await listActiveTeamLinks(db, room.id)) {
      if (ours !== null && link.team !== ours) continue;
      if (await replaceLinkToken(db, room.id, Number(link.id), "rotate")) links++;
    }
    if (links > 0) rotated.push({ sessionId: room.session_id, links });
  }
  return rotated;
}

export interface ResolvedLink {
  readonly room: RoomRow;
  readonly link: LinkRow;
  readonly seat: ActingSeat;
}

/** The seat a link token opens, or undefined (unknown, revoked or expired). */
export async function resolveLink(db: Kysely<Database>, token: string): Promise<ResolvedLink | undefined> {
  const link = await findActiveLink(db, hashToken(token));
  if (!link) return undefined;
  const room = await findRoom(db, link.room_id);
  if (!room) return undefined;
  return {
    room,
    link,
    seat: { role: link.role, team: link.team, linkId: Number(link.id), linkPublicId: link.public_id },
  };
}

export async function joinByToken(db: Kysely<Database>, token: string): Promise<RoomJoin> {
  const resolved = await resolveLink(db, token);
  const session = resolved ? await getSession(db, null, resolved.room.session_id) : undefined;
  if (!resolved || !session)
    throw new AppError(404, "not_found", "This room link is not valid (revoked or unknown).");
  return { room_id: resolved.room.id, seat: seatInfo(toRecord(resolved.room), resolved.seat), session };
}

/** What a spectator of the public view (holding the session's public id) may do. */
export const PUBLIC_SPECTATOR: ActingSeat = { role: "spectator", team: null, linkId: null };

/**
 * The room a session's public id opens for watching: the session's room, its solo room created
 * now when it never had one. 404 `not_found` for an unknown id (the public view's answer too).
 */
export async function watchSession(db: Kysely<Database>, sessionId: string): Promise<RoomWatch> {
  const session = await getSession(db, null, sessionId);
  if (!session) throw new AppError(404, "not_found", "Draft session not found.");
  const existing = await findRoomBySession(db, sessionId);
  if (existing) return { room_id: existing.id };
  try {
    await db.transaction().execute((trx) => ensureRoomRow(trx, sessionId));
  } catch (error) {
    // Two first viewers at once: the other one created the row.
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await findRoomBySession(db, sessionId);
  if (!row) throw new AppError(404, "not_found", "Draft session not found.");
  return { room_id: row.id };
}

/**
 * A captain (re)joins: the newest connection holds the seat. The link's epoch moves on in the
 * transaction that logs the seat event, so the event and the epoch it names commit together (one
 * commit per hello; decision 052 measured no speed gain from it on two cores).
 */
export async function takeSeat(db: Kysely<Database>, roomId: string, link: LinkRow): Promise<number> {
  const seat = { id: Number(link.id), public_id: link.public_id, role: link.role, team: link.team };
  const written = await writeRoom(db, { roomId }, async (trx) => {
    const epoch = await bumpLinkEpoch(trx, seat.id);
    return seatWrite(seat, { connected: true, epoch }, epoch);
  });
  // The room went meanwhile (deleted): nothing to log, but an older connection still yields.
  return written.ok ? written.value : bumpLinkEpoch(db, seat.id);
}

export async function snapshotOf(db: Kysely<Database>, roomId: string): Promise<RoomSnapshot | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [session, actions, nowMs] = await Promise.all([
    getSession(db, null, row.session_id),
    sessionActions(db, row.session_id),
    databaseNowMs(db),
  ]);
  if (!session) return undefined;
  const record = toRecord(row);
  const step = actions.length;
  const [series, quick] = await Promise.all([roomSeriesInfo(db, row.id), quickInfoOfRoom(db, row.id)]);
  return {
    room_id: row.id,
    mode: record.mode,
    seq: Number(row.seq),
    session,
    sides: { A: record.sides.A, B: record.sides.B },
    ready: { A: record.ready.A, B: record.ready.B },
    actions,
    clock: { ...clockOf(record, null, nowMs), step: session.status === "complete" ? null : step },
    hover: record.hover && record.hover.step === step ? record.hover : null,
    series,
    quick,
    correction: record.correction ?? null,
  };
}

export { listEventsAfter };
