import { can, ROOM_CLOSE, type WorkspaceCapability } from "@draftroom/contracts";
import { type Kysely, sql } from "kysely";
import type { WebSocket } from "ws";
import { type ChangeFeed, MEMBERS_CHANNEL } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";
import type { AppError } from "../../errors.ts";
import { userIdOfToken } from "../accounts/service.ts";
import { sessionTeams } from "../drafts/service.ts";
import { onMembershipEnded } from "../workspaces/members.ts";
import { activeRole, isWorkspaceReadOnly, readOnlyError } from "../workspaces/service.ts";
import { ourTeamOf } from "./our-team.ts";
import { findRoom, type RoomRow } from "./repository.ts";
import { noteLinksRotated } from "./room-activity.ts";
import { type ActingSeat, ORGANISER, rotateWorkspaceTeamLinks } from "./service.ts";

/**
 * Sockets of workspace rooms (decision records 029, 046). A room whose session lives in a
 * workspace admits our team's captain seat and the organiser only for a member whose role allows
 * it (a captain seat needs `take_captain_seat`, the organiser `edit_drafts`), while the other
 * team's links work without an account; it checks the role again before every command,
 * and closes a member's sockets at once when the membership ends, on every process (PostgreSQL
 * NOTIFY on MEMBERS_CHANNEL). Personal rooms are left exactly as they were.
 */

/** A socket bound to a workspace member's account. */
export interface MemberBinding {
  readonly workspaceId: string;
  readonly userId: number;
}

export type WorkspaceAdmission =
  /** Not a workspace room: the link or owner rules apply unchanged. */
  | { readonly kind: "personal" }
  | { readonly kind: "admitted"; readonly seat: ActingSeat; readonly binding: MemberBinding | undefined }
  | { readonly kind: "refused"; readonly close: { code: number; reason: string } };

/** What a seat needs in a workspace room. */
export function seatCapability(role: ActingSeat["role"]): WorkspaceCapability {
  if (role === "captain") return "take_captain_seat";
  if (role === "organiser") return "edit_drafts";
  return "read";
}

/** A member seat (auth only): organiser for those who edit drafts, else a live spectator. */
const MEMBER_SPECTATOR: ActingSeat = { role: "spectator", team: null, linkId: null };

/**
 * Decides the `hello` of a room socket. `seat` is what the link (or the creator's account)
 * gave; `auth` the account token the client sent along. In a workspace room a captain or
 * organiser seat needs an active member allowed to hold it (no account: invalid link; a role
 * that cannot: `seat_forbidden`); a member with an account and no link gets a seat by role.
 * The other team is always welcome (decision 046): the captain link of the team that is not ours
 * (`ourTeamOf`: chosen when the room opened, else the linked league team's side) seats whoever
 * holds it without an account (the opponent's captain, an outsider the organiser handed it to);
 * team and spectator links need none either. A member holding a captain link is still held to
 * their role. With no side known as ours, both captain seats need members.
 *
 * @example
 * await admitWorkspaceSocket(db, room, captainSeat, viewerToken); // { kind: "refused", ... }
 */
export async function admitWorkspaceSocket(
  db: Kysely<Database>,
  room: RoomRow,
  seat: ActingSeat | undefined,
  auth: string | undefined,
): Promise<WorkspaceAdmission> {
  const session = await sessionTeams(db, room.session_id);
  const workspaceId = session?.workspace_id;
  if (!workspaceId) return { kind: "personal" };
  const userId = auth ? await userIdOfToken(db, auth) : undefined;
  const role = userId === undefined ? undefined : await activeRole(db, userId, workspaceId);
  const binding = userId !== undefined && role ? { workspaceId, userId } : undefined;
  if (!seat) {
    if (!role) return { kind: "refused", close: ROOM_CLOSE.invalidLink };
    return { kind: "admitted", seat: can(role, "edit_drafts") ? ORGANISER : MEMBER_SPECTATOR, binding };
  }
  if (seat.role === "captain" || seat.role === "organiser") {
    if (!role && seat.role === "captain" && seat.team) {
      const ours = await ourTeamOf(db, room, session);
      if (ours !== null && seat.team !== ours) return { kind: "admitted", seat, binding: undefined };
    }
    if (!role) return { kind: "refused", close: ROOM_CLOSE.invalidLink };
    if (!can(role, seatCapability(seat.role))) return { kind: "refused", close: ROOM_CLOSE.seatForbidden };
  }
  return { kind: "admitted", seat, binding };
}

/**
 * Whether a bound socket may still act: the member is active and the role (which may have
 * changed since the hello) allows `capability`.
 */
export async function memberMayAct(
  db: Kysely<Database>,
  binding: MemberBinding,
  capability: WorkspaceCapability,
): Promise<boolean> {
  const role = await activeRole(db, binding.userId, binding.workspaceId);
  return role !== undefined && can(role, capability);
}

/**
 * Socket commands that start a draft: `start`, and `ready` (both teams ready starts it). Everything
 * a running draft needs to finish (locks, hovers, pause and resume, the correction flow, the
 * clock) stays allowed.
 */
const STARTS_A_DRAFT: ReadonlySet<string> = new Set(["start", "ready"]);

/**
 * The refusal of a socket command in a room of a read-only workspace (decision 040): a command
 * that would start a draft gets the REST paths' 403 `workspace_read_only`; undefined otherwise
 * (and for every command of a personal room). Checked per command, whoever holds the seat (a
 * member, or the opponent's captain link without an account).
 */
export async function readOnlyRefusal(
  db: Kysely<Database>,
  roomId: string,
  command: string,
): Promise<AppError | undefined> {
  if (!STARTS_A_DRAFT.has(command)) return undefined;
  const room = await findRoom(db, roomId);
  const workspaceId = room ? (await sessionTeams(db, room.session_id))?.workspace_id : undefined;
  if (!workspaceId || !(await isWorkspaceReadOnly(db, workspaceId))) return undefined;
  return readOnlyError();
}

const bound = new Map<WebSocket, MemberBinding>();

/** Remembers which member a socket belongs to, until it closes. */
export function bindMemberSocket(socket: WebSocket, binding: MemberBinding): void {
  bound.set(socket, binding);
  socket.once("close", () => bound.delete(socket));
}

/**
 * Closes this process's sockets of a member in a workspace's rooms (code 4412
 * `membership_ended`). Returns how many were closed.
 *
 * @example
 * closeSocketsOfUser(workspaceId, removedUserId); // 1
 */
export function closeSocketsOfUser(workspaceId: string, userId: number): number {
  let closed = 0;
  for (const [socket, binding] of bound) {
    if (binding.workspaceId !== workspaceId || binding.userId !== userId) continue;
    bound.delete(socket);
    socket.close(ROOM_CLOSE.membershipEnded.code, ROOM_CLOSE.membershipEnded.reason);
    closed++;
  }
  return closed;
}

/**
 * Subscribes the rooms to ended memberships: this process closes the member's sockets at once
 * and, on PostgreSQL, tells every other process through NOTIFY (they close theirs when it
 * arrives); then the team links of the workspace's open rooms are rotated (decision 040).
 * Returns the function that unsubscribes.
 */
export function watchMembershipEnds(db: Kysely<Database>, feed: ChangeFeed | undefined): () => void {
  feed?.subscribeMembers((payload) => {
    const [workspaceId, userText] = payload.split(":");
    const userId = Number(userText);
    if (workspaceId && Number.isInteger(userId)) closeSocketsOfUser(workspaceId, userId);
  });
  return onMembershipEnded(async (workspaceId, userId) => {
    closeSocketsOfUser(workspaceId, userId);
    if (feed) await sql`select pg_notify(${MEMBERS_CHANNEL}, ${`${workspaceId}:${userId}`})`.execute(db);
    // A team link needs no account: one the member kept would still open the team channel and
    // the followed plan. Each gets a new token (its sockets close on every process), once, on the
    // process that ended the membership, and the feed says so.
    for (const { sessionId } of await rotateWorkspaceTeamLinks(db, workspaceId)) {
      await noteLinksRotated(db, workspaceId, userId, sessionId);
    }
  });
}
