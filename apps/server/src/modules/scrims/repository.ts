import { PAGE_SIZE, type ScrimLedgerQuery, type ScrimListQuery } from "@draftroom/contracts";
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { Database } from "../../db/schema.ts";
import { dialectOf, toJson } from "../../db/values.ts";
import type { ScrimGameAuditTable, ScrimGamePlayersTable, ScrimGamesTable, ScrimsTable } from "./tables.ts";

/** The scrim ledger's own tables (decision record 050); other modules reach them through service.ts. */

type Db = Kysely<Database> | Transaction<Database>;
export type ScrimRow = Selectable<ScrimsTable>;
export type GameRow = Selectable<ScrimGamesTable>;
export type PlayerRow = Selectable<ScrimGamePlayersTable>;
export type AuditRow = Selectable<ScrimGameAuditTable>;

/** A date filter's bound: a bare date means the start of that day (UTC), or of the next for `to`. */
export function boundOf(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    if (end) day.setUTCDate(day.getUTCDate() + 1);
    return day.toISOString();
  }
  return new Date(value).toISOString();
}

export async function insertScrim(db: Db, values: Insertable<ScrimsTable>): Promise<void> {
  await db.insertInto("scrims").values(values).execute();
}

export async function updateScrimRow(db: Db, id: string, values: Updateable<ScrimsTable>): Promise<void> {
  await db.updateTable("scrims").set(values).where("id", "=", id).execute();
}

export async function deleteScrimRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("scrims").where("id", "=", id).execute();
}

export async function findScrim(db: Db, id: string): Promise<ScrimRow | undefined> {
  return db.selectFrom("scrims").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Locks a game's row for the rest of the transaction (PostgreSQL; SQLite writes one at a time). */
export async function lockGame(trx: Transaction<Database>, id: string): Promise<void> {
  const query = trx.selectFrom("scrim_games").select("id").where("id", "=", id);
  await (dialectOf(trx) === "postgres" ? query.forUpdate() : query).execute();
}

/**
 * A workspace's open scrims (planned or confirmed) on one side of `now`: from now on, soonest
 * first, or before now, most recent first; at most `limit`, with how many there are in all.
 */
export async function openScrimRows(
  db: Db,
  workspaceId: string,
  now: string,
  side: "ahead" | "past",
  limit: number,
): Promise<{ count: number; rows: ScrimRow[] }> {
  const query = db
    .selectFrom("scrims")
    .where("workspace_id", "=", workspaceId)
    .where("status", "in", ["planned", "confirmed"])
    .where("starts_at", side === "ahead" ? ">=" : "<", now);
  const total = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy("starts_at", side === "ahead" ? "asc" : "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return { count: Number(total?.count ?? 0), rows };
}

/** A workspace's scrims that start after `from`, earliest first (its calendar feed). */
export async function scrimsFrom(db: Db, workspaceId: string, from: string): Promise<ScrimRow[]> {
  return db
    .selectFrom("scrims")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("starts_at", ">=", from)
    .orderBy("starts_at")
    .orderBy("id")
    .limit(500)
    .execute();
}

/**
 * Files an imported result into a game that has none, by one conditional update: of two callers
 * (a retry, another process) only one changes the row. False: the game has a result already.
 */
export async function claimEmptyResult(
  db: Db,
  gameId: string,
  values: Updateable<ScrimGamesTable>,
): Promise<boolean> {
  const updated = await db
    .updateTable("scrim_games")
    .set(values)
    .where("id", "=", gameId)
    .where("result_source", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function findScrimOfSeries(db: Db, seriesId: string): Promise<ScrimRow | undefined> {
  return db.selectFrom("scrims").selectAll().where("series_id", "=", seriesId).executeTakeFirst();
}

/** A workspace's scrims for a list page, latest start first, with the filters. */
export async function listScrimRows(
  db: Db,
  workspaceId: string,
  filters: Omit<ScrimListQuery, "page">,
  page: number,
): Promise<{ count: number; rows: ScrimRow[] }> {
  let query = db.selectFrom("scrims").where("workspace_id", "=", workspaceId);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.kind) query = query.where("kind", "=", filters.kind);
  if (filters.from) query = query.where("starts_at", ">=", boundOf(filters.from, false));
  if (filters.to) query = query.where("starts_at", "<", boundOf(filters.to, true));
  if (filters.opponent) query = whereOpponent(query, filters.opponent);
  const total = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy("starts_at", "desc")
    .orderBy("id")
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return { count: Number(total?.count ?? 0), rows };
}

// biome-ignore lint/suspicious/noExplicitAny: the filter applies to any query over `scrims`.
function whereOpponent<Q extends { where: (...args: any[]) => Q }>(query: Q, key: string): Q {
  if (key.startsWith("team:")) {
    const id = Number(key.slice(5));
    return Number.isInteger(id) && id > 0
      ? query.where("opponent_team_id", "=", id)
      : query.where("id", "=", "");
  }
  const name = key.startsWith("name:") ? key.slice(5) : key;
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's expression builder, typed by the caller's query.
  return query.where((eb: any) =>
    eb.and([
      eb("opponent_team_id", "is", null),
      eb(eb.fn("lower", ["opponent_name"]), "=", name.toLowerCase()),
    ]),
  );
}

export async function insertGames(db: Db, rows: Insertable<ScrimGamesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("scrim_games").values(rows).execute();
}

export async function listGames(db: Db, scrimIds: readonly string[]): Promise<GameRow[]> {
  if (scrimIds.length === 0) return [];
  return db
    .selectFrom("scrim_games")
    .selectAll()
    .where("scrim_id", "in", [...scrimIds])
    .orderBy("scrim_id")
    .orderBy("number")
    .execute();
}

export async function findGame(db: Db, scrimId: string, gameId: string): Promise<GameRow | undefined> {
  return db
    .selectFrom("scrim_games")
    .selectAll()
    .where("scrim_id", "=", scrimId)
    .where("id", "=", gameId)
    .executeTakeFirst();
}

export async function findGameOfSession(db: Db, sessionId: string): Promise<GameRow | undefined> {
  return db.selectFrom("scrim_games").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
}

export async function updateGame(db: Db, id: string, values: Updateable<ScrimGamesTable>): Promise<void> {
  await db.updateTable("scrim_games").set(values).where("id", "=", id).execute();
}

export async function deleteGamesAbove(db: Db, scrimId: string, count: number): Promise<void> {
  await db.deleteFrom("scrim_games").where("scrim_id", "=", scrimId).where("number", ">", count).execute();
}

export async function listPlayers(db: Db, gameIds: readonly string[]): Promise<PlayerRow[]> {
  if (gameIds.length === 0) return [];
  const rows: PlayerRow[] = [];
  // Bounded `in` lists: a ledger of thousands of games stays under every driver's parameter limit.
  for (let i = 0; i < gameIds.length; i += 500) {
    const chunk = gameIds.slice(i, i + 500);
    rows.push(
      ...(await db.selectFrom("scrim_game_players").selectAll().where("game_id", "in", chunk).execute()),
    );
  }
  return rows;
}

export async function replacePlayers(
  db: Db,
  gameId: string,
  lines: Insertable<ScrimGamePlayersTable>[],
): Promise<void> {
  await db.deleteFrom("scrim_game_players").where("game_id", "=", gameId).execute();
  if (lines.length > 0) await db.insertInto("scrim_game_players").values(lines).execute();
}

export async function insertAudit(
  db: Db,
  entry: { game_id: string; action: string; actor_id: number | null; before: unknown; after: unknown },
): Promise<void> {
  await db
    .insertInto("scrim_game_audit")
    .values({
      game_id: entry.game_id,
      action: entry.action,
      actor_id: entry.actor_id,
      before: entry.before === null ? null : toJson(entry.before),
      after: entry.after === null ? null : toJson(entry.after),
    })
    .execute();
}

export async function listAudit(db: Db, gameId: string): Promise<AuditRow[]> {
  return db.selectFrom("scrim_game_audit").selectAll().where("game_id", "=", gameId).orderBy("id").execute();
}

/** Every tag of a workspace's games (one array per game), for the suggestions. */
export async function workspaceTags(db: Db, workspaceId: string): Promise<unknown[]> {
  const rows = await db
    .selectFrom("scrim_games")
    .innerJoin("scrims", "scrims.id", "scrim_games.scrim_id")
    .select("scrim_games.tags")
    .where("scrims.workspace_id", "=", workspaceId)
    .execute();
  return rows.map((row) => row.tags);
}

/** The ledger's scrim and game rows of a workspace for the filters, oldest first. */
export async function ledgerRows(
  db: Db,
  workspaceId: string,
  filters: ScrimLedgerQuery,
): Promise<{ scrims: ScrimRow[]; games: GameRow[] }> {
  let query = db.selectFrom("scrims").selectAll().where("workspace_id", "=", workspaceId);
  if (filters.kind !== "all") query = query.where("kind", "=", filters.kind);
  if (filters.from) query = query.where("starts_at", ">=", boundOf(filters.from, false));
  if (filters.to) query = query.where("starts_at", "<", boundOf(filters.to, true));
  if (filters.opponent) query = whereOpponent(query, filters.opponent);
  const scrims = await query.orderBy("starts_at").orderBy("id").execute();
  const games: GameRow[] = [];
  for (let i = 0; i < scrims.length; i += 500) {
    const ids = scrims.slice(i, i + 500).map((s) => s.id);
    let gameQuery = db.selectFrom("scrim_games").selectAll().where("scrim_id", "in", ids);
    if (filters.plan) gameQuery = gameQuery.where("plan_id", "=", filters.plan);
    games.push(...(await gameQuery.execute()));
  }
  return { scrims, games };
}
