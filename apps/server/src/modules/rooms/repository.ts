import { randomUUID } from "node:crypto";
import type { RoomClock, RoomEvent } from "@draftroom/contracts";
import type { RoomCorrection, RoomHover, RoomRecord, RoomTeam } from "@draftroom/draft";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { ROOMS_CHANNEL } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf, fromJson, nowIso, toBool, toJson, toNumberOrNull } from "../../db/values.ts";
import { type EventInsert, toEvent } from "./event-log.ts";
import type { DraftRoomsTable, RoomLinksTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type RoomRow = Selectable<DraftRoomsTable>;
export type LinkRow = Selectable<RoomLinksTable>;

/**
 * The database's clock in epoch ms: the only clock that decides deadlines. Whole milliseconds cut
 * down as `Date.now()` cuts them, since the hub and the delayed feed set one against the other.
 * PostgreSQL's bigint cast rounds half up, so it is floored first; SQLite keeps whole ms but hands
 * them out as a float Julian day that often lands a hair below, so it is rounded back, not cut.
 */
function nowMsExpression(db: Db) {
  return dialectOf(db) === "postgres"
    ? sql<number>`floor(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast(round((julianday('now') - 2440587.5) * 86400000.0) as integer)`;
}

export async function databaseNowMs(db: Db): Promise<number> {
  const { rows } = await sql<{ now_ms: number }>`select ${nowMsExpression(db)} as now_ms`.execute(db);
  return Number(rows[0]!.now_ms);
}

// ---- rooms -----------------------------------------------------------------------------------

export function toRecord(row: RoomRow): RoomRecord {
  const teamA = row.team_a_side;
  return {
    mode: row.mode,
    status: row.status,
    sides: { A: teamA, B: teamA === "BLUE" ? "RED" : "BLUE" },
    ready: { A: toBool(row.ready_a), B: toBool(row.ready_b) },
    turn_ms: Number(row.turn_ms),
    bank_ms: { A: Number(row.bank_a_ms), B: Number(row.bank_b_ms) },
    turn_started_ms: toNumberOrNull(row.turn_started_ms),
    deadline_ms: toNumberOrNull(row.deadline_ms),
    paused_ms: toNumberOrNull(row.paused_ms),
    resumes_ms: toNumberOrNull(row.resumes_ms),
    hover:
      row.hover_step === null || row.hover_team === null
        ? null
        : {
            step: Number(row.hover_step),
            team: row.hover_team,
            champion_id: toNumberOrNull(row.hover_champion_id),
          },
    correction: fromJson<RoomCorrection | null>(row.correction) ?? null,
  };
}

function recordColumns(record: RoomRecord) {
  return {
    mode: record.mode,
    status: record.status,
    team_a_side: record.sides.A,
    ready_a: record.ready.A,
    ready_b: record.ready.B,
    turn_ms: record.turn_ms,
    bank_a_ms: record.bank_ms.A,
    bank_b_ms: record.bank_ms.B,
    turn_started_ms: record.turn_started_ms,
    deadline_ms: record.deadline_ms,
    paused_ms: record.paused_ms,
    resumes_ms: record.resumes_ms,
    // Hovers are ephemeral (decision 018): never stored; the columns stay empty.
    hover_step: null,
    hover_team: null,
    hover_champion_id: null,
    correction: record.correction ? toJson(record.correction) : null,
  };
}

/**
 * A room row's clock and hover columns with nothing running: what a new room, a room opened on a
 * saved session and a series' next game start from.
 */
export const CLOCK_AT_REST = {
  turn_started_ms: null,
  deadline_ms: null,
  paused_ms: null,
  resumes_ms: null,
  hover_step: null,
  hover_team: null,
  hover_champion_id: null,
} as const;

/**
 * Reads the room and holds its row lock until the transaction ends (PostgreSQL `FOR UPDATE`;
 * SQLite runs one write transaction at a time anyway).
 */
export async function lockRoom(
  trx: Transaction<Database>,
  by: { roomId: string } | { sessionId: string },
): Promise<RoomRow | undefined> {
  let query = trx.selectFrom("draft_rooms").selectAll();
  query = "roomId" in by ? query.where("id", "=", by.roomId) : query.where("session_id", "=", by.sessionId);
  if (dialectOf(trx) === "postgres") query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findRoom(db: Db, roomId: string): Promise<RoomRow | undefined> {
  return db.selectFrom("draft_rooms").selectAll().where("id", "=", roomId).executeTakeFirst();
}

export async function findRoomBySession(db: Db, sessionId: string): Promise<RoomRow | undefined> {
  return db.selectFrom("draft_rooms").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
}

export async function storeRoom(db: Db, roomId: string, record: RoomRecord, seq: number): Promise<void> {
  await db
    .updateTable("draft_rooms")
    .set({ ...recordColumns(record), seq, updated_at: nowIso() })
    .where("id", "=", roomId)
    .execute();
}

/**
 * Running rooms whose deadline has passed on the database clock, locked for this transaction;
 * on PostgreSQL rows another process is applying are skipped (`SKIP LOCKED`), never waited for.
 */
export async function lockExpiredRooms(trx: Transaction<Database>, limit: number): Promise<RoomRow[]> {
  let query = trx
    .selectFrom("draft_rooms")
    .selectAll()
    .where("status", "=", "running")
    .where("deadline_ms", "is not", null)
    .where("deadline_ms", "<", nowMsExpression(trx))
    .orderBy("deadline_ms")
    .limit(limit);
  if (dialectOf(trx) === "postgres") query = query.forUpdate().skipLocked();
  return query.execute();
}

/** Rooms with a clock running (to arm timers at boot). */
export async function listTimedRooms(db: Db): Promise<Array<{ id: string; deadline_ms: number }>> {
  const rows = await db
    .selectFrom("draft_rooms")
    .select(["id", "deadline_ms"])
    .where("status", "=", "running")
    .where("deadline_ms", "is not", null)
    .execute();
  return rows.map((row) => ({ id: row.id, deadline_ms: Number(row.deadline_ms) }));
}

// ---- events ----------------------------------------------------------------------------------

export async function insertEvents(db: Db, rows: readonly EventInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("room_events")
    .values(
      rows.map((row) => ({
        ...row,
        data: toJson(row.data),
        clock: row.clock ? toJson(row.clock) : null,
      })),
    )
    .execute();
}

/** The seq of the event that ended the command sent with `commandKey`, when the log has it. */
export async function commandSeq(db: Db, roomId: string, commandKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("room_events")
    .select("seq")
    .where("room_id", "=", roomId)
    .where("command_key", "=", commandKey)
    .executeTakeFirst();
  return row ? Number(row.seq) : undefined;
}

/**
 * True when the room's log holds an outage written at or after `fromMs`: it was written once the
 * database was back from an outage that began by then, so it already gave that outage's time back.
 */
export async function outageLoggedSince(db: Db, roomId: string, fromMs: number): Promise<boolean> {
  const row = await db
    .selectFrom("room_events")
    .select("seq")
    .where("room_id", "=", roomId)
    .where("kind", "=", "outage")
    // A column of whole ms: a fraction would be refused by PostgreSQL (and mean the same ms).
    .where("at_ms", ">=", Math.floor(fromMs))
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a room's seq on (its log grew; the rest of its row is unchanged). */
export async function setRoomSeq(db: Db, roomId: string, seq: number): Promise<void> {
  await db.updateTable("draft_rooms").set({ seq }).where("id", "=", roomId).execute();
}

/** The room's spectator delay (public view, overlay) and its spectator links' delay, seconds. */
export async function setRoomDelay(db: Db, roomId: string, delaySeconds: number): Promise<void> {
  await db
    .updateTable("draft_rooms")
    .set({ spectator_delay_seconds: delaySeconds })
    .where("id", "=", roomId)
    .execute();
  await db
    .updateTable("room_links")
    .set({ delay_seconds: delaySeconds })
    .where("room_id", "=", roomId)
    .where("role", "=", "spectator")
    .execute();
}

/** Tells other processes (PostgreSQL) that the room's log grew to `seq`; sent at commit. */
export async function notifyRoom(db: Db, roomId: string, seq: number): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`select pg_notify(${ROOMS_CHANNEL}, ${`${roomId}:${seq}`})`.execute(db);
}

/**
 * Tells other processes (PostgreSQL) of a hover, in the hint itself: hovers are never written to
 * a table. Payload `room:0:hover:team:step:champion:origin` (champion empty for none; origin: the
 * sending process, which skips its own).
 */
/** Whether other processes may serve the room (PostgreSQL): hovers then go out in a NOTIFY. */
export function sharesHovers(db: Db): boolean {
  return dialectOf(db) === "postgres";
}

export async function notifyHover(db: Db, roomId: string, hover: RoomHover, origin: string): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  const payload = `${roomId}:0:hover:${hover.team}:${hover.step}:${hover.champion_id ?? ""}:${origin}`;
  await sql`select pg_notify(${ROOMS_CHANNEL}, ${payload})`.execute(db);
}

/** The stored log rows after `afterSeq`, in order (at most `limit`). */
function logRowsAfter(db: Db, roomId: string, afterSeq: number, limit: number) {
  return db
    .selectFrom("room_events")
    .selectAll()
    .where("room_id", "=", roomId)
    .where("seq", ">", afterSeq)
    .orderBy("seq")
    .limit(limit)
    .execute();
}

/** The log after `afterSeq`, in order (at most `limit`). */
export async function listEventsAfter(
  db: Db,
  roomId: string,
  afterSeq: number,
  limit = 1000,
): Promise<RoomEvent[]> {
  return (await logRowsAfter(db, roomId, afterSeq, limit)).map(toEvent);
}

/** A log entry with the clock stored beside it (the delayed spectator feed replays both). */
export interface LoggedEvent {
  readonly event: RoomEvent;
  readonly clock: RoomClock | null;
}

/** Like `listEventsAfter`, with each event's stored clock. */
export async function listLogAfter(
  db: Db,
  roomId: string,
  afterSeq: number,
  limit = 5000,
): Promise<LoggedEvent[]> {
  const rows = await logRowsAfter(db, roomId, afterSeq, limit);
  return rows.map((row) => ({ event: toEvent(row), clock: fromJson<RoomClock | null>(row.clock) ?? null }));
}

// ---- links -----------------------------------------------------------------------------------

export async function insertLink(
  db: Db,
  values: { room_id: string; role: LinkRow["role"]; team: RoomTeam | null; token_hash: string },
): Promise<LinkRow> {
  return db
    .insertInto("room_links")
    .values({ ...values, public_id: randomUUID(), created_at: nowIso(), revoked_at: null, expires_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listLinks(db: Db, roomId: string): Promise<LinkRow[]> {
  return db.selectFrom("room_links").selectAll().where("room_id", "=", roomId).orderBy("id").execute();
}

/** A usable link by its token's hash (not revoked, not expired). */
export async function findActiveLink(db: Db, tokenHash: string): Promise<LinkRow | undefined> {
  const link = await db
    .selectFrom("room_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!link) return undefined;
  if (link.expires_at !== null && Date.parse(String(link.expires_at)) <= Date.now()) return undefined;
  return link;
}

/** A room's link by its public id (the only id routes know). */
export async function findLink(db: Db, roomId: string, publicId: string): Promise<LinkRow | undefined> {
  return db
    .selectFrom("room_links")
    .selectAll()
    .where("room_id", "=", roomId)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
}

export async function updateLink(
  db: Db,
  linkId: number,
  values: Partial<Pick<LinkRow, "token_hash" | "revoked_at" | "created_at">>,
): Promise<LinkRow | undefined> {
  return db
    .updateTable("room_links")
    .set({ ...values, epoch: sql<number>`epoch + 1` })
    .where("id", "=", linkId)
    .returningAll()
    .executeTakeFirst();
}

/** Open live rooms (not complete): where a membership's end may leave a team link to rotate. */
export async function listOpenLiveRooms(db: Db): Promise<RoomRow[]> {
  return db
    .selectFrom("draft_rooms")
    .selectAll()
    .where("mode", "=", "live")
    .where("status", "!=", "complete")
    .execute();
}

/** A room's usable team links (role `member`, not revoked). */
export async function listActiveTeamLinks(db: Db, roomId: string): Promise<LinkRow[]> {
  return db
    .selectFrom("room_links")
    .selectAll()
    .where("room_id", "=", roomId)
    .where("role", "=", "member")
    .where("revoked_at", "is", null)
    .orderBy("id")
    .execute();
}

/** A captain opened the link again: the newer connection holds the seat. */
export async function bumpLinkEpoch(db: Db, linkId: number): Promise<number> {
  const row = await db
    .updateTable("room_links")
    .set({ epoch: sql<number>`epoch + 1` })
    .where("id", "=", linkId)
    .returning("epoch")
    .executeTakeFirstOrThrow();
  return Number(row.epoch);
}
