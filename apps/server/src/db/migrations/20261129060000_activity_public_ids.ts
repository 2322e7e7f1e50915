import type { Kysely } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn } from "../public-id-column.ts";

/**
 * Activity entries get a random public id (decision record 041): an entry's `id` and the feed's
 * `?before=` cursor were its sequential row id, which told how many entries exist. Existing
 * entries are backfilled; the row id stays the feed's order.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await addPublicIdColumn(db, "workspace_activity");
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await dropPublicIdColumn(db, "workspace_activity");
}
