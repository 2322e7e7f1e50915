import type { Room, WorkspaceCapability } from "@draftroom/contracts";
import { type RoomTeam, type Side, seriesRoomSides } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { AppError } from "../../../errors.ts";
import { latestSeriesGame, seriesGameOfSession, seriesOwnership } from "../../series/service.ts";
import { requireOwnershipAccess } from "../../workspaces/access.ts";
import { CLOCK_AT_REST, findRoom, toRecord } from "../repository.ts";
import { describeRoom, type LiveRoomSettings, openLiveRoom } from "../service.ts";
import { writeRoom } from "../store.ts";

/**
 * A series played as one live room (decision 012). The room row stays; its `session_id` moves
 * to each new game's session when the organiser starts it, with that game's sides. Links are
 * keyed by team (A/B), so a captain's link means "team A" whichever side A plays, and every link
 * stays the same for the whole series. A `game` event tells every connected seat (on every
 * process) that the series moved or a result was recorded; each then gets a fresh snapshot.
 */

function seriesNotFound(): AppError {
  return new AppError(404, "not_found", "Series not found.");
}

function noSeriesRoom(): AppError {
  return new AppError(404, "not_found", "This series has no live room.");
}

/**
 * May `userId` do `capability` with a series' room? The rule of every room (decision 040): a
 * personal series is its creator's, a workspace series any member's whose role allows it; anyone
 * else gets `notFound()`, the answer of a series that does not exist.
 */
async function requireSeriesAccess(
  db: Kysely<Database>,
  userId: number,
  seriesId: string,
  capability: WorkspaceCapability,
  notFound: () => AppError,
): Promise<void> {
  await requireOwnershipAccess(db, userId, await seriesOwnership(db, seriesId), capability, notFound);
}

/** The link kind of a captain once team A plays `teamASide`. */
function withSides(room: Room, sides: Record<RoomTeam, Side>): Room {
  return {
    ...room,
    links: room.links.map((link) =>
      link.role === "captain" && link.team
        ? { ...link, kind: sides[link.team] === "BLUE" ? "blue_captain" : "red_captain" }
        : link,
    ),
  };
}

/**
 * Opens the series' live room on the game being played (the latest), with its links (tokens only
 * in this answer): its creator's, or a workspace's for a member who edits drafts there. 404 when
 * the caller may not see the series; 403 for a role that cannot, or `workspace_read_only` past
 * the plan; 409 `series_room_exists` when it has one already (or `room_exists` when that game's
 * session was made live on its own).
 */
export async function openSeriesRoom(
  db: Kysely<Database>,
  userId: number,
  seriesId: string,
  settings: LiveRoomSettings,
): Promise<Room> {
  await requireSeriesAccess(db, userId, seriesId, "edit_drafts", seriesNotFound);
  const existing = await db
    .selectFrom("series_rooms")
    .select("room_id")
    .where("series_id", "=", seriesId)
    .executeTakeFirst();
  if (existing) throw new AppError(409, "series_room_exists", "This series already has a live room.");
  const game = await latestSeriesGame(db, seriesId);
  if (!game) throw seriesNotFound();
  const sides = seriesRoomSides(game.blue_team);
  const room = await openLiveRoom(db, userId, game.session_id, { ...settings, teamASide: sides.A });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("draft_rooms").set({ team_a_side: sides.A }).where("id", "=", room.id).execute();
    await trx
      .insertInto("series_rooms")
      .values({ series_id: seriesId, room_id: room.id, game_number: game.number })
      .execute();
  });
  return withSides(room, sides);
}

/**
 * The series' room with its links (no tokens), for whoever may read the series; 404 (the same
 * answer) when it has no room or the caller may not see it.
 */
export async function getSeriesRoom(db: Kysely<Database>, userId: number, seriesId: string): Promise<Room> {
  await requireSeriesAccess(db, userId, seriesId, "read", noSeriesRoom);
  const row = await db
    .selectFrom("series_rooms")
    .select("room_id")
    .where("series_id", "=", seriesId)
    .executeTakeFirst();
  if (!row) throw noSeriesRoom();
  return describeRoom(db, userId, row.room_id);
}

/**
 * After a series changed (a game started, a result recorded): moves its room to the latest game
 * when that is a new one (lobby, fresh banks, that game's sides), and logs a `game` event either
 * way so every seat reloads. No-op for a series without a room.
 */
export async function announceSeriesChange(db: Kysely<Database>, seriesId: string): Promise<void> {
  const seriesRoom = await db
    .selectFrom("series_rooms")
    .select("room_id")
    .where("series_id", "=", seriesId)
    .executeTakeFirst();
  if (!seriesRoom) return;
  await writeRoom(db, { roomId: seriesRoom.room_id }, async (trx, row) => {
    // Read under the room's lock: two changes at once move the room once.
    const link = await trx
      .selectFrom("series_rooms")
      .select("game_number")
      .where("series_id", "=", seriesId)
      .executeTakeFirst();
    const game = await latestSeriesGame(trx, seriesId);
    if (!link || !game) return { ok: false, code: "not_found" };
    const moved = game.number !== Number(link.game_number);
    if (moved) {
      // A game's session only ever had a solo room if someone watched it before it started.
      await trx
        .deleteFrom("draft_rooms")
        .where("session_id", "=", game.session_id)
        .where("id", "!=", row.id)
        .execute();
      const bank = Number(row.bank_initial_ms);
      await trx
        .updateTable("draft_rooms")
        .set({
          session_id: game.session_id,
          status: "lobby",
          team_a_side: seriesRoomSides(game.blue_team).A,
          ready_a: false,
          ready_b: false,
          bank_a_ms: bank,
          bank_b_ms: bank,
          ...CLOCK_AT_REST,
        })
        .where("id", "=", row.id)
        .execute();
      await trx
        .updateTable("series_rooms")
        .set({ game_number: game.number })
        .where("series_id", "=", seriesId)
        .execute();
    }
    const updated = (await findRoom(trx, row.id))!;
    return {
      ok: true,
      events: [
        {
          kind: "game",
          game: game.number,
          moved,
          session_id: game.session_id,
          // The game the room leaves and the side team A plays now: the delayed view folds each
          // game of the log on its own (decision 018).
          from_session_id: row.session_id,
          team_a_side: seriesRoomSides(game.blue_team).A,
          winner: game.winner,
        },
      ],
      actor: { role: "organiser", team: null, linkId: null },
      deadlineMs: null,
      record: toRecord(updated),
      sessionId: game.session_id,
      actionsChanged: moved,
      value: null,
    };
  });
}

/** After a session's result changed (the draft page's result buttons): its series room follows. */
export async function announceSessionResult(db: Kysely<Database>, sessionId: string): Promise<void> {
  const game = await seriesGameOfSession(db, sessionId);
  if (game) await announceSeriesChange(db, game.series_id);
}
