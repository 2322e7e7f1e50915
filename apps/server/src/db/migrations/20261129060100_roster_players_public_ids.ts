import type { Kysely } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn } from "../public-id-column.ts";

/**
 * Roster players get a random public id (decision record 041): `/api/workspaces/:id/roster/:playerId/`,
 * a player's `id` and a pool record's `player_id` were the sequential row id. Existing players
 * are backfilled; pool entries keep pointing at the row id.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await addPublicIdColumn(db, "workspace_players");
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await dropPublicIdColumn(db, "workspace_players");
}
