import type { Kysely } from "kysely";

/**
 * What an untitled item's name is made from, kept with its feed entries (JSON, null for an item
 * with a title of its own): an untitled scrim's kind and opponent. An entry about a scrim that was
 * deleted can then still name it in its reader's language (decision 085); the stored `item_title`
 * was the English default. Entries written before keep that title.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspace_activity").addColumn("item_untitled", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspace_activity").dropColumn("item_untitled").execute();
}
