import type { Kysely } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn } from "../public-id-column.ts";

/**
 * Room links get a random public id (decision record 041): a link's `id` in a room's answer and
 * `/api/rooms/:id/links/:link_id/` (and the quick rooms' routes) were the sequential row id.
 * Existing links are backfilled; room members, practice bots and the event log keep the row id.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await addPublicIdColumn(db, "room_links");
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await dropPublicIdColumn(db, "room_links");
}
