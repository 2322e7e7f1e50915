import { randomBytes } from "node:crypto";
import {
  DEFAULT_BLUE_TEAM_NAME,
  DEFAULT_DRAFT_FORMAT,
  DEFAULT_DRAFT_SETTINGS,
  DEFAULT_RED_TEAM_NAME,
  QUICK_ROOM_KEEP_DAYS,
  type QuickRoom,
  type QuickRoomClaim,
  ROUTES,
  type Room,
  type RoomLink,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { nowIso, toIso } from "../../../db/values.ts";
import { AppError } from "../../../errors.ts";
import { internalAccountId } from "../../accounts/service.ts";
import { hashToken } from "../../accounts/tokens.ts";
import { createGameSession, sessionsChangedOwner } from "../../drafts/service.ts";
import { createWithinDraftLimit } from "../../subscriptions/service.ts";
import { setSpectatorDelay } from "../delay.ts";
import { findActiveLink, findLink, insertLink, listLinks } from "../repository.ts";
import {
  changeLink,
  describeRoom,
  type LiveRoomSettings,
  openLiveRoom,
  recordSeatEvent,
} from "../service.ts";

/**
 * Quick rooms (decision 012): a live room made without an account. Its draft session belongs to
 * an internal account nobody can sign in to (its username is outside what registration accepts,
 * its password hash matches nothing) until the organiser claims it into their own account. The
 * creator keeps an organiser link; every link of an unclaimed room expires with it.
 */

/** Outside the registration pattern (`[\w.-]+`): nobody can register or sign in as it. */
const OWNER_USERNAME = "~quick-rooms";
const owners = new WeakMap<object, number>();

const DAY_MS = 86_400_000;

/** The internal account that holds unclaimed quick rooms (created on first use). */
export async function quickRoomsOwnerId(db: Kysely<Database>): Promise<number> {
  const cached = owners.get(db);
  if (cached !== undefined) return cached;
  const id = await internalAccountId(db, OWNER_USERNAME, "quick-rooms@draftroom.invalid");
  owners.set(db, id);
  return id;
}

/** The instant an unclaimed room made at `nowMs` is deleted. */
export function quickRoomExpiry(nowMs: number): string {
  return new Date(nowMs + QUICK_ROOM_KEEP_DAYS * DAY_MS).toISOString();
}

/**
 * Creates a quick room: a session with free-text team names (no league, no saved teams), its
 * live room with the three usual links, and the organiser's link. Tokens appear only here.
 */
export async function createQuickRoom(
  db: Kysely<Database>,
  body: { blue_team_name: string; red_team_name: string },
  settings: LiveRoomSettings,
): Promise<QuickRoom> {
  const ownerId = await quickRoomsOwnerId(db);
  const blue = body.blue_team_name.trim() || DEFAULT_BLUE_TEAM_NAME;
  const red = body.red_team_name.trim() || DEFAULT_RED_TEAM_NAME;
  const sessionId = await db.transaction().execute((trx) =>
    createGameSession(trx, ownerId, {
      title: `${blue} vs ${red}`,
      league: null,
      blue: { id: null, name: blue },
      red: { id: null, name: red },
      settings: DEFAULT_DRAFT_SETTINGS,
      format: DEFAULT_DRAFT_FORMAT,
    }),
  );
  try {
    const room = await openLiveRoom(db, ownerId, sessionId, settings);
    const expiresAt = quickRoomExpiry(Date.now());
    const token = randomBytes(16).toString("base64url");
    await db.transaction().execute(async (trx) => {
      await insertLink(trx, {
        room_id: room.id,
        role: "organiser",
        team: null,
        token_hash: hashToken(token),
      });
      await trx
        .updateTable("room_links")
        .set({ expires_at: expiresAt })
        .where("room_id", "=", room.id)
        .execute();
      await trx
        .insertInto("quick_rooms")
        .values({
          room_id: room.id,
          session_id: sessionId,
          expires_at: expiresAt,
          claimed_at: null,
          claimed_by: null,
        })
        .execute();
    });
    return {
      room,
      organiser: { token, path: `${ROUTES.room(room.id)}#${token}` },
      expires_at: expiresAt,
    };
  } catch (error) {
    // Nothing half-made stays behind: the session takes its room and links with it.
    await db.deleteFrom("draft_sessions").where("id", "=", sessionId).execute();
    throw error;
  }
}

/**
 * Moves a quick room into the caller's account: its session becomes theirs (counted by the plan
 * like any saved draft, checked atomically) and its links stop expiring. The organiser's token
 * proves the caller runs it. A full plan is a 403 `plan_limit` and changes nothing.
 */
export async function claimQuickRoom(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  token: string,
): Promise<QuickRoomClaim> {
  const link = await findActiveLink(db, hashToken(token));
  const quick = await db
    .selectFrom("quick_rooms")
    .selectAll()
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  if (!link || link.room_id !== roomId || link.role !== "organiser" || !quick) {
    throw new AppError(404, "not_found", "This quick room does not exist or has expired.");
  }
  if (quick.claimed_at !== null) {
    if (Number(quick.claimed_by) === userId) return { room_id: roomId, session_id: quick.session_id };
    throw new AppError(409, "room_claimed", "This room has already been saved to another account.");
  }
  try {
    await createWithinDraftLimit(db, userId, async (trx) => {
      const claimed = await trx
        .updateTable("quick_rooms")
        .set({ claimed_at: nowIso(), claimed_by: userId })
        .where("room_id", "=", roomId)
        .where("claimed_at", "is", null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        throw new AppError(409, "room_claimed", "This room has already been saved to another account.");
      }
      await trx
        .updateTable("draft_sessions")
        .set({ user_id: userId })
        .where("id", "=", quick.session_id)
        .execute();
      await trx.updateTable("room_links").set({ expires_at: null }).where("room_id", "=", roomId).execute();
    });
    sessionsChangedOwner([quick.session_id]);
  } catch (error) {
    if (error instanceof AppError && error.code === "plan_limit") {
      throw new AppError(
        403,
        "plan_limit",
        `${error.detail} The room stays open from its links until ${toIso(quick.expires_at)}.`,
      );
    }
    throw error;
  }
  return { room_id: roomId, session_id: quick.session_id };
}

/**
 * Deletes every unclaimed quick room past its expiry with its session (the cascade takes the
 * room, links and events). Sockets still open on them are closed first, as for a revoked link.
 * Returns how many it deleted.
 */
export async function deleteExpiredQuickRooms(db: Kysely<Database>): Promise<number> {
  const expired = await db
    .selectFrom("quick_rooms")
    .select(["room_id", "session_id"])
    .where("claimed_at", "is", null)
    .where("expires_at", "<=", nowIso())
    .limit(500)
    .execute();
  if (expired.length === 0) return 0;
  for (const { room_id: roomId } of expired) {
    for (const link of await listLinks(db, roomId)) {
      if (link.revoked_at !== null) continue;
      await recordSeatEvent(
        db,
        roomId,
        { id: Number(link.id), public_id: link.public_id, role: link.role, team: link.team },
        { connected: false, epoch: Number(link.epoch), revoked: true },
      );
    }
  }
  await db
    .deleteFrom("draft_sessions")
    .where(
      "id",
      "in",
      expired.map((row) => row.session_id),
    )
    .execute();
  return expired.length;
}

// ---- the organiser's controls (no account: the organiser link's token is the credential) ----

/**
 * The account holding a quick room's session (the internal one, or the claimer's), when `token`
 * is the room's organiser link: 404 for an unknown or foreign token, 403 for another seat's.
 */
async function organiserOwner(db: Kysely<Database>, roomId: string, token: string): Promise<number> {
  const link = await findActiveLink(db, hashToken(token));
  if (!link || link.room_id !== roomId) {
    throw new AppError(404, "not_found", "This quick room does not exist or the link is no longer valid.");
  }
  if (link.role !== "organiser")
    throw new AppError(403, "forbidden", "Only the organiser link runs the room.");
  const row = await db
    .selectFrom("draft_rooms as r")
    .innerJoin("draft_sessions as s", "s.id", "r.session_id")
    .innerJoin("quick_rooms as q", "q.room_id", "r.id")
    .select("s.user_id")
    .where("r.id", "=", roomId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "not_found", "This quick room does not exist or has expired.");
  return Number(row.user_id);
}

/** The quick room as its organiser sees it: settings, delay and links (without tokens). */
export async function quickRoomForOrganiser(
  db: Kysely<Database>,
  roomId: string,
  token: string,
): Promise<Room> {
  return describeRoom(db, await organiserOwner(db, roomId, token), roomId);
}

/** The organiser sets the spectator delay, as a signed-in owner does. */
export async function setQuickRoomDelay(
  db: Kysely<Database>,
  roomId: string,
  token: string,
  delaySeconds: number,
): Promise<Room> {
  return setSpectatorDelay(db, await organiserOwner(db, roomId, token), roomId, delaySeconds);
}

/**
 * "New link" for a captain, spectator or team link (the old token stops working at once). The
 * organiser's own link is not rotated here: the page holding it would lock itself out.
 */
export async function rotateQuickRoomLink(
  db: Kysely<Database>,
  roomId: string,
  token: string,
  linkId: string,
): Promise<RoomLink> {
  const owner = await organiserOwner(db, roomId, token);
  const link = await findLink(db, roomId, linkId);
  if (link?.role === "organiser") {
    throw new AppError(403, "forbidden", "The organiser link cannot be replaced from the room.");
  }
  return changeLink(db, owner, roomId, linkId, "rotate");
}
