import type { Kysely } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn } from "../public-id-column.ts";

/**
 * Subscriptions get a random public id (decision record 041, third round): a subscription's `id`
 * in `GET /subscriptions/` and `/subscriptions/{id}/` was its sequential row id, which told every
 * user how many subscriptions the platform has started. The row id stays internal.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await addPublicIdColumn(db, "subscriptions");
}

export async function down(db: Db): Promise<void> {
  await dropPublicIdColumn(db, "subscriptions");
}
