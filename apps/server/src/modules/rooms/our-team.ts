import { type SessionRoomLookup, validationMessageEn } from "@draftroom/contracts";
import type { OurPreparation, RoomTeam, Side } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { sessionTeams } from "../drafts/service.ts";
import { workspaceDraftInputs } from "../workspaces/priorities.ts";
import { ownTeamSide } from "../workspaces/service.ts";
import { findRoom, findRoomBySession, type RoomRow, toRecord } from "./repository.ts";

/**
 * Which team of a workspace's room is the workspace's own (decision record 046). Only that team's
 * seats follow the workspace's roles; the other team's captain, team and spectator links work
 * without an account, as in any room, and only our team's side gets the workspace's pools and
 * priorities in its suggestions.
 *
 * The room stores it (`our_team`, keyed by team like the links, so it follows a series' side
 * changes), chosen when the live room opens. A room without it (opened before its session moved
 * into the workspace, or before this record) falls back on the side the workspace's linked league
 * team plays; with neither, no side is ours and both captain seats need members.
 */

/** A session's workspace and teams, as the drafts service answers them. */
export type SessionTeams = NonNullable<Awaited<ReturnType<typeof sessionTeams>>>;

const teamOnSide = (sides: Record<RoomTeam, Side>, side: Side): RoomTeam => (sides.A === side ? "A" : "B");

/**
 * The side a workspace session's own team plays: its linked league team's, else the team named
 * as the workspace (decision 053); null for a personal session, or not known.
 */
function linkedSideOf(db: Kysely<Database>, session: SessionTeams): Promise<Side | null> {
  if (!session.workspace_id) return Promise.resolve(null);
  return ownTeamSide(db, session.workspace_id, {
    BLUE: { id: session.blue_team_id, name: session.blue_team_name },
    RED: { id: session.red_team_id, name: session.red_team_name },
  });
}

/**
 * Our team in a room: the one stored when it opened, else the one on the side the workspace's
 * linked league team plays. Null in a personal room (no side is anybody's) and when neither says.
 *
 * @example
 * await ourTeamOf(db, room, await sessionTeams(db, room.session_id)); // "B"
 */
export async function ourTeamOf(
  db: Kysely<Database>,
  room: RoomRow,
  session: SessionTeams | undefined,
): Promise<RoomTeam | null> {
  if (!session?.workspace_id) return null;
  if (room.our_team) return room.our_team;
  const side = await linkedSideOf(db, session);
  return side === null ? null : teamOnSide(toRecord(room).sides, side);
}

/** The side our team plays in the room's current draft, or null (see `ourTeamOf`). */
export async function ourSideOfRoom(
  db: Kysely<Database>,
  room: RoomRow,
  session: SessionTeams | undefined,
): Promise<Side | null> {
  const team = await ourTeamOf(db, room, session);
  return team === null ? null : toRecord(room).sides[team];
}

/** A session's workspace (null: personal) and our side in it: its live room's, else the linked team's. */
async function ourSideInSession(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ workspaceId: string | null; side: Side | null }> {
  const [session, room] = await Promise.all([sessionTeams(db, sessionId), findRoomBySession(db, sessionId)]);
  if (!session?.workspace_id) return { workspaceId: null, side: null };
  const side =
    room?.mode === "live" ? await ourSideOfRoom(db, room, session) : await linkedSideOf(db, session);
  return { workspaceId: session.workspace_id, side };
}

/**
 * Our side in a session's draft, for its suggestions: its live room's, else the side the
 * workspace's linked league team plays; null for a personal session or when nothing says.
 *
 * @example
 * await ourSideOfSession(db, sessionId); // "BLUE"
 */
export async function ourSideOfSession(db: Kysely<Database>, sessionId: string): Promise<Side | null> {
  return (await ourSideInSession(db, sessionId)).side;
}

/**
 * The team a new live room stores as ours: the side asked for ("we play blue / red") or, without
 * one, the side the linked league team plays, as the team on that side once the room has `sides`.
 * 400 `validation_error` on `our_side` when the asked side is the one the linked team does not play.
 */
export async function ourTeamAtOpen(
  db: Kysely<Database>,
  sessionId: string,
  asked: Side | undefined,
  sides: Record<RoomTeam, Side>,
): Promise<RoomTeam | null> {
  const session = await sessionTeams(db, sessionId);
  const linked = session ? await linkedSideOf(db, session) : null;
  if (asked && linked && asked !== linked) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      our_side: validationMessageEn("ourSideConflict"),
    });
  }
  const side = asked ?? linked;
  return side ? teamOnSide(sides, side) : null;
}

/**
 * What the open-room dialog asks of a session (`SessionRoomLookup.our_side`): a workspace
 * session whose side is not known asks "we play blue / red"; one whose linked league team plays
 * a side (or whose live room knows) says which. A personal session asks nothing.
 */
export async function ourSideQuestion(
  db: Kysely<Database>,
  sessionId: string,
): Promise<SessionRoomLookup["our_side"]> {
  const { workspaceId, side } = await ourSideInSession(db, sessionId);
  return { ask: workspaceId !== null && side === null, side };
}

/**
 * Our team's preparation in a live room (decision 061): the side it plays now, its active
 * players' pools and its priorities (set, or derived from the pools), as its captain's advice
 * ranks with; null in a personal room or when no side is ours.
 *
 * @example
 * await ourPreparationOf(db, roomId); // { side: "BLUE", pools: [...], priorities: [...] }
 */
export async function ourPreparationOf(db: Kysely<Database>, roomId: string): Promise<OurPreparation | null> {
  const room = await findRoom(db, roomId);
  if (!room) return null;
  const session = await sessionTeams(db, room.session_id);
  if (!session?.workspace_id) return null;
  const side = await ourSideOfRoom(db, room, session);
  if (side === null) return null;
  const inputs = await workspaceDraftInputs(db, session.workspace_id, side);
  return { side, pools: inputs.pools[side] ?? [], priorities: inputs.priorities[side] ?? [] };
}
