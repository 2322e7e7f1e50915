import { PAGE_SIZE } from "@draftroom/contracts";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso, toCount } from "../../db/values.ts";
import type { SeriesGamesTable, SeriesTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type SeriesRow = Selectable<SeriesTable> & { league_name: string | null };
export type SeriesInsert = Omit<Selectable<SeriesTable>, "created_at" | "updated_at">;

/** A game with its session's draft columns. */
export interface GameRow {
  number: number;
  session_id: string;
  blue_team: "A" | "B";
  winner: "A" | "B" | null;
  status: "in_progress" | "complete";
  current_step: number;
  format: unknown;
}

function seriesSelect(db: Db) {
  return db
    .selectFrom("series as s")
    .leftJoin("leagues as l", "l.id", "s.league_id")
    .selectAll("s")
    .select("l.name as league_name");
}

export async function insertSeries(db: Db, values: SeriesInsert): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("series")
    .values({ ...values, created_at: now, updated_at: now })
    .execute();
}

/** The series if it exists and is the user's (`userId: null` = any owner, the public view). */
export async function findSeriesRow(
  db: Db,
  userId: number | null,
  id: string,
): Promise<SeriesRow | undefined> {
  let query = seriesSelect(db).where("s.id", "=", id);
  if (userId !== null) query = query.where("s.user_id", "=", userId);
  return query.executeTakeFirst();
}

/**
 * Touches the series (owner-checked) so that, on PostgreSQL, writes to one series (starting a
 * game, recording a winner) run one after another until commit.
 */
export async function lockSeries(trx: Transaction<Database>, userId: number, id: string): Promise<boolean> {
  const row = await trx
    .updateTable("series")
    .set({ updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's personal series, or (`workspaceId`, access checked by the caller) a workspace's. */
export async function listSeriesRows(
  db: Db,
  userId: number,
  page: number,
  workspaceId?: string,
): Promise<{ count: number; rows: SeriesRow[] }> {
  let counting = db.selectFrom("series").select((eb) => eb.fn.countAll().as("count"));
  counting =
    workspaceId === undefined
      ? counting.where("user_id", "=", userId).where("workspace_id", "is", null)
      : counting.where("workspace_id", "=", workspaceId);
  const counted = await counting.executeTakeFirst();
  const count = toCount(counted?.count);
  if (count === 0) return { count, rows: [] };
  let listing = seriesSelect(db);
  listing =
    workspaceId === undefined
      ? listing.where("s.user_id", "=", userId).where("s.workspace_id", "is", null)
      : listing.where("s.workspace_id", "=", workspaceId);
  const rows = await listing
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { count, rows };
}

/** The games of several series, in game order. */
export async function listGames(
  db: Db,
  seriesIds: readonly string[],
): Promise<(GameRow & { series_id: string })[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .selectFrom("series_games as g")
    .innerJoin("draft_sessions as d", "d.id", "g.session_id")
    .select([
      "g.series_id",
      "g.number",
      "g.session_id",
      "g.blue_team",
      "g.winner",
      "d.status",
      "d.current_step",
      "d.format",
    ])
    .where("g.series_id", "in", seriesIds)
    .orderBy("g.series_id")
    .orderBy("g.number")
    .execute();
  return rows.map((row) => ({
    ...row,
    number: Number(row.number),
    current_step: Number(row.current_step),
  }));
}

/** The series and game number a session belongs to, or undefined for a standalone session. */
export async function findGameOfSession(
  db: Db,
  sessionId: string,
): Promise<{ series_id: string; number: number; blue_team: "A" | "B" } | undefined> {
  const row = await db
    .selectFrom("series_games")
    .select(["series_id", "number", "blue_team"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row ? { ...row, number: Number(row.number) } : undefined;
}

export async function insertGame(
  db: Db,
  values: Omit<Selectable<SeriesGamesTable>, "id" | "created_at" | "winner">,
): Promise<void> {
  await db
    .insertInto("series_games")
    .values({ ...values, winner: null, created_at: nowIso() })
    .execute();
}

export async function setGameWinner(
  db: Db,
  seriesId: string,
  number: number,
  winner: "A" | "B" | null,
): Promise<void> {
  await db
    .updateTable("series_games")
    .set({ winner })
    .where("series_id", "=", seriesId)
    .where("number", "=", number)
    .execute();
}

/** Deletes the series, its games and their draft sessions. */
export async function deleteSeriesRow(
  trx: Transaction<Database>,
  userId: number,
  id: string,
): Promise<boolean> {
  const owned = await trx
    .selectFrom("series")
    .select("id")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!owned) return false;
  const sessions = await trx
    .selectFrom("series_games")
    .select("session_id")
    .where("series_id", "=", id)
    .execute();
  await trx.deleteFrom("series").where("id", "=", id).execute();
  if (sessions.length > 0) {
    await trx
      .deleteFrom("draft_sessions")
      .where(
        "id",
        "in",
        sessions.map((row) => row.session_id),
      )
      .execute();
  }
  return true;
}

/** Who created a series and which workspace holds it (undefined when it does not exist). */
export async function findSeriesOwnership(
  db: Db,
  id: string,
): Promise<{ user_id: number; workspace_id: string | null } | undefined> {
  const row = await db
    .selectFrom("series")
    .select(["user_id", "workspace_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { user_id: Number(row.user_id), workspace_id: row.workspace_id } : undefined;
}

/** Moves the creator's series row; returns false when it is not theirs. */
export async function setSeriesWorkspace(
  db: Db,
  userId: number,
  id: string,
  workspaceId: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("series")
    .set({ workspace_id: workspaceId, updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
