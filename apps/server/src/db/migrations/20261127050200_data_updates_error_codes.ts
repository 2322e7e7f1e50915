import type { Kysely } from "kysely";

/**
 * The last update error as a code and its params (JSON) beside its English text, so the data page
 * says it in the reader's language (docs/decisions/021).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_sources").addColumn("last_error_code", "varchar(32)").execute();
  await db.schema.alterTable("data_sources").addColumn("last_error_params", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("data_sources").dropColumn("last_error_params").execute();
  await db.schema.alterTable("data_sources").dropColumn("last_error_code").execute();
}
