import type { TeamMember, TeamMessage } from "@draftroom/contracts";
import { buildFormat, type RoomTeam, TEAM_HISTORY_LIMIT } from "@draftroom/draft";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { storedFormat } from "../../db/stored-format.ts";
import { dialectOf, nowIso } from "../../db/values.ts";
import type { RoomTeamMessagesTable } from "./team-tables.ts";

/** Reads and writes of a room's team seats: members (the roster) and the team channel. */

type Db = Kysely<Database> | Transaction<Database>;

export function toTeamMessage(row: Selectable<RoomTeamMessagesTable>): TeamMessage {
  return {
    id: Number(row.id),
    team: row.team,
    kind: row.kind,
    member_id: row.member_id === null ? null : Number(row.member_id),
    role: row.role,
    name: row.name,
    text: row.text,
    step: row.step === null ? null : Number(row.step),
    champion_id: row.champion_id === null ? null : Number(row.champion_id),
    at: Number(row.at_ms),
  };
}

export async function insertMember(
  db: Db,
  values: { room_id: string; link_id: number; team: RoomTeam; name: string },
): Promise<number> {
  const row = await db
    .insertInto("room_members")
    .values({ ...values, joined_at: nowIso(), left_at: null, removed_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
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
): Promise<number | null> {
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

/** Marks a member of the room removed; undefined when there is no such member (or already gone). */
export async function markMemberRemoved(
  db: Db,
  roomId: string,
  memberId: number,
): Promise<{ id: number; removed_at: string } | undefined> {
  const removedAt = nowIso();
  const row = await db
    .updateTable("room_members")
    .set({ removed_at: removedAt })
    .where("id", "=", memberId)
    .where("room_id", "=", roomId)
    .where("removed_at", "is", null)
    .where("left_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row ? { id: Number(row.id), removed_at: removedAt } : undefined;
}

/** Members connected now (neither left nor removed), in joining order. */
export async function listRoster(db: Db, roomId: string): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("room_members as m")
    .innerJoin("room_links as l", "l.id", "m.link_id")
    .select(["m.id", "m.team", "m.name", "l.public_id as link_id"])
    .where("m.room_id", "=", roomId)
    .where("m.left_at", "is", null)
    .where("m.removed_at", "is", null)
    .orderBy("m.id")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
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

export async function insertTeamMessage(
  db: Db,
  values: Omit<Selectable<RoomTeamMessagesTable>, "id">,
): Promise<TeamMessage> {
  const row = await db
    .insertInto("room_team_messages")
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTeamMessage(row);
}

export async function findTeamMessage(db: Db, messageId: number): Promise<TeamMessage | undefined> {
  const row = await db
    .selectFrom("room_team_messages")
    .selectAll()
    .where("id", "=", messageId)
    .executeTakeFirst();
  return row ? toTeamMessage(row) : undefined;
}

/** The team's last TEAM_HISTORY_LIMIT messages, oldest first. */
export async function listTeamHistory(db: Db, roomId: string, team: RoomTeam): Promise<TeamMessage[]> {
  const rows = await db
    .selectFrom("room_team_messages")
    .selectAll()
    .where("room_id", "=", roomId)
    .where("team", "=", team)
    .orderBy("id", "desc")
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
