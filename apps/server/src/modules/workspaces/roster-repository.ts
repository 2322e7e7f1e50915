import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import type { WorkspacePlayersTable, WorkspacePoolEntriesTable } from "./tables.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type PlayerRow = Selectable<WorkspacePlayersTable>;
export type PoolRow = Selectable<WorkspacePoolEntriesTable> & { updated_by_username: string | null };

export async function listPlayers(db: Db, workspaceId: string): Promise<PlayerRow[]> {
  return db
    .selectFrom("workspace_players")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("status")
    .orderBy("id")
    .execute();
}

/** A workspace's player by its public id (the only id routes know). */
export async function findPlayer(
  db: Db,
  workspaceId: string,
  publicId: string,
): Promise<PlayerRow | undefined> {
  return db
    .selectFrom("workspace_players")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
}

/** A roster player by public id alone, whichever workspace holds it (for the feed's current names). */
export async function findPlayerAnywhere(db: Db, publicId: string): Promise<PlayerRow | undefined> {
  return db.selectFrom("workspace_players").selectAll().where("public_id", "=", publicId).executeTakeFirst();
}

/** Adds a player; returns their public id. */
export async function insertPlayer(
  db: Db,
  values: Omit<PlayerRow, "id" | "public_id" | "created_at">,
): Promise<string> {
  const publicId = randomUUID();
  await db
    .insertInto("workspace_players")
    .values({ ...values, public_id: publicId, created_at: nowIso() })
    .execute();
  return publicId;
}

export async function updatePlayer(
  db: Db,
  workspaceId: string,
  id: number,
  changes: Partial<Omit<PlayerRow, "id" | "public_id" | "workspace_id" | "created_at">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable("workspace_players")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .execute();
}

export async function deletePlayer(db: Db, workspaceId: string, publicId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("workspace_players")
    .where("workspace_id", "=", workspaceId)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listPoolEntries(db: Db, playerIds: readonly number[]): Promise<PoolRow[]> {
  if (playerIds.length === 0) return [];
  return db
    .selectFrom("workspace_pool_entries as e")
    .leftJoin("users as u", "u.id", "e.updated_by")
    .selectAll("e")
    .select("u.username as updated_by_username")
    .where("e.player_id", "in", playerIds)
    .orderBy("e.player_id")
    .orderBy("e.id")
    .execute();
}

/** Replaces a player's pool; entries whose tier and notes did not change keep their author and time. */
export async function replacePool(
  trx: Transaction<Database>,
  playerId: number,
  userId: number,
  entries: readonly { champion_id: number; tier: PoolRow["tier"]; notes: string }[],
): Promise<void> {
  const existing = await trx
    .selectFrom("workspace_pool_entries")
    .selectAll()
    .where("player_id", "=", playerId)
    .execute();
  const before = new Map(existing.map((row) => [Number(row.champion_id), row]));
  const keep = new Set<number>();
  const now = nowIso();
  for (const entry of entries) {
    const old = before.get(entry.champion_id);
    if (old && old.tier === entry.tier && old.notes === entry.notes) {
      keep.add(entry.champion_id);
      continue;
    }
    if (old) {
      await trx
        .updateTable("workspace_pool_entries")
        .set({ tier: entry.tier, notes: entry.notes, updated_by: userId, updated_at: now })
        .where("id", "=", old.id)
        .execute();
    } else {
      await trx
        .insertInto("workspace_pool_entries")
        .values({ player_id: playerId, ...entry, updated_by: userId, updated_at: now })
        .execute();
    }
    keep.add(entry.champion_id);
  }
  const gone = [...before.keys()].filter((id) => !keep.has(id));
  if (gone.length > 0) {
    await trx
      .deleteFrom("workspace_pool_entries")
      .where("player_id", "=", playerId)
      .where("champion_id", "in", gone)
      .execute();
  }
}
