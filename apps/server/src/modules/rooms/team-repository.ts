import { randomUUID } from "node:crypto";
import type { TeamMember, TeamMessage } from "@draftroom/contracts";
import { buildFormat, type RoomTeam, TEAM_HISTORY_LIMIT } from "@draftroom/draft";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { dialectOf, nowIso } from "../../db/values.ts";
import type { RoomTeamMessagesTable } from "./team-tables.ts";

/** Reads and writes of a room's team seats: members (the roster) and the team channel. */

type Db = Kysely<Database> | Transaction<Database>;

/** A message row with its member's public id (null for a captain's), as the channel sends it. */
type TeamMessageRow = Selectable<RoomTeamMessagesTable> & { member_public_id: string | null };

export function toTeamMessage(row: TeamMessageRow): TeamMessage {
  return {
    id: row.public_id,
    team: row.team,
    kind: row.kind,
    member_id: row.member_public_id,
    role: row.role,
    name: row.name,
    text: row.text,
    step: row.step === null ? null : Number(row.step),
    champion_id: row.champion_id === null ? null : Number(row.champion_id),
    at: Number(row.at_ms),
  };
}

/** A member's row id (internal: hints, the message's column) and public id (every answer). */
export interface MemberIds {
  readonly id: number;
  readonly publicId: string;
}

export async function insertMember(
  db: Db,
  values: { room_id: string; link_id: number; team: RoomTeam; name: string },
): Promise<MemberIds> {
  const publicId = randomUUID();
  const row = await db
    .insertInto("room_members")
    .values({ ...values, public_id: publicId, joined_at: nowIso(), left_at: null, removed_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), publicId };
}

/**
 * A member seat on a team link, unless the link already has `max` members connected (null then).
 * The link's row is locked while counting (PostgreSQL), so two processes cannot both take the last
 * place; SQLite runs one write transaction at a time.
 */
export async function insertMemberCapped(
  db: Kysely<Database>,
  values: { room_id: string; link_id: number; team: RoomTeam; name: string },
  max: number,
): Promise<MemberIds | null> {
  return db.transaction().execute(async (trx) => {
    let link = trx.selectFrom("room_links").select("id").where("id", "=", values.link_id);
    if (dialectOf(trx) === "postgres") link = link.forUpdate();
    await link.executeTakeFirst();
    const { count } = await trx
      .selectFrom("room_members")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("link_id", "=", values.link_id)
      .where("left_at", "is", null)
      .where("removed_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return null;
    return insertMember(trx, values);
  });
}

export async function markMemberLeft(db: Db, memberId: number): Promise<void> {
  await db
    .updateTable("room_members")
    .set({ left_at: nowIso() })
    .where("id", "=", memberId)
    .where("left_at", "is", null)
    .execute();
}

/**
 * Marks a member of the room removed, named by their public id; undefined when there is no such
 * member in this room (or already gone). Answers the row id too, for the hint to other processes.
 */
export async function markMemberRemoved(
  db: Db,
  roomId: string,
  memberPublicId: string,
): Promise<{ rowId: number; id: string; removed_at: string } | undefined> {
  const removedAt = nowIso();
  const row = await db
    .updateTable("room_members")
    .set({ removed_at: removedAt })
    .where("public_id", "=", memberPublicId)
    .where("room_id", "=", roomId)
    .where("removed_at", "is", null)
    .where("left_at", "is", null)
    .returning(["id", "public_id"])
    .executeTakeFirst();
  return row ? { rowId: Number(row.id), id: row.public_id, removed_at: removedAt } : undefined;
}

/** Members connected now (neither left nor removed), in joining order. */
export async function listRoster(db: Db, roomId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("room_members as m")
    .innerJoin("room_links as l", "l.id", "m.link_id")
    .select(["m.public_id", "m.team", "m.name", "l.public_id as link_id"])
    .where("m.room_id", "=", roomId)
    .where("m.left_at", "is", null)
    .where("m.removed_at", "is", null)
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({
    id: row.public_id,
    team: row.team,
    name: row.name,
    // The link's public id (decision 041): its row id stays on the server.
    link_id: row.link_id,
  }));
}

/** At the boot of a single-process server (SQLite) no member is connected yet. */
export async function closeAllMembers(db: Db): Promise<void> {
  await db.updateTable("room_members").set({ left_at: nowIso() }).where("left_at", "is", null).execute();
}

/**
 * Stores a message; `memberPublicId` is the public id of the member row `values.member_id` names.
 * Answers the message as sent and its row id (for the hint to other processes).
 */
export async function insertTeamMessage(
  db: Db,
  values: Omit<Selectable<RoomTeamMessagesTable>, "id" | "public_id">,
  memberPublicId: string | null,
): Promise<{ rowId: number; message: TeamMessage }> {
  const row = await db
    .insertInto("room_team_messages")
    .values({ ...values, public_id: randomUUID() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { rowId: Number(row.id), message: toTeamMessage({ ...row, member_public_id: memberPublicId }) };
}

/** Messages with their member's public id (the member row may be gone: null then, as a captain's). */
function messagesWithMembers(db: Db) {
  return db
    .selectFrom("room_team_messages as t")
    .leftJoin("room_members as m", "m.id", "t.member_id")
    .selectAll("t")
    .select("m.public_id as member_public_id");
}

export async function findTeamMessage(db: Db, messageRowId: number): Promise<TeamMessage | undefined> {
  const row = await messagesWithMembers(db).where("t.id", "=", messageRowId).executeTakeFirst();
  return row ? toTeamMessage(row) : undefined;
}

/** The team's last TEAM_HISTORY_LIMIT messages, oldest first. */
export async function listTeamHistory(db: Db, roomId: string, team: RoomTeam): Promise<TeamMessage[]> {
  const rows = await messagesWithMembers(db)
    .where("t.room_id", "=", roomId)
    .where("t.team", "=", team)
    .orderBy("t.id", "desc")
    .limit(TEAM_HISTORY_LIMIT)
    .execute();
  return rows.reverse().map(toTeamMessage);
}

/** What a suggestion is checked against: the step on the clock, whose it is, champions used. */
export interface SuggestionContext {
  readonly step: number | null;
  readonly stepTeam: RoomTeam | null;
  readonly used: ReadonlySet<number>;
}

export async function suggestionContext(db: Db, roomId: string): Promise<SuggestionContext | undefined> {
  const room = await db
    .selectFrom("draft_rooms as r")
    .innerJoin("draft_sessions as s", "s.id", "r.session_id")
    .select(["r.session_id", "r.team_a_side", "r.status as room_status", "s.format", "s.status"])
    .where("r.id", "=", roomId)
    .executeTakeFirst();
  if (!room) return undefined;
  const actions = await db
    .selectFrom("draft_actions")
    .select(["phase_number", "champion_id"])
    .where("session_id", "=", room.session_id)
    .execute();
  const used = new Set(actions.flatMap((a) => (a.champion_id === null ? [] : [Number(a.champion_id)])));
  const format = buildFormat(storedFormat(room.format));
  const step = actions.length;
  const current = room.status === "complete" ? undefined : format.steps[step];
  if (!current) return { step: null, stepTeam: null, used };
  const stepTeam: RoomTeam = current.side === room.team_a_side ? "A" : "B";
  return { step, stepTeam, used };
}

export async function championExists(db: Db, championId: number): Promise<boolean> {
  const row = await db.selectFrom("champions").select("id").where("id", "=", championId).executeTakeFirst();
  return row !== undefined;
}
