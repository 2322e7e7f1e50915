import type { Kysely } from "kysely";

/**
 * A Discord post's key (decision 057): posts about a ledger item ("scrim_confirmed:<scrim>",
 * "scrim_result:<game>") are queued once per workspace even when two processes hear the same
 * change: the unique index makes the second insert a no-op. Posts without a key (null) repeat.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("integration_deliveries").addColumn("item_key", "text").execute();
  await db.schema
    .createIndex("integration_deliveries_item_key")
    .on("integration_deliveries")
    .columns(["workspace_id", "item_key"])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("integration_deliveries_item_key").execute();
  await db.schema.alterTable("integration_deliveries").dropColumn("item_key").execute();
}
