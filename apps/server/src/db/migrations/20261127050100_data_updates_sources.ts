import type { Kysely } from "kysely";

/**
 * Scheduled data updates (docs/decisions/021): each source's state (validators of the last good
 * download, its version, when it was checked and when next) and every run with its outcome.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("data_sources")
    .addColumn("source", "varchar(32)", (col) => col.primaryKey())
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("version", "text")
    .addColumn("last_checked_at", "text")
    .addColumn("last_success_at", "text")
    .addColumn("last_error", "text")
    .addColumn("next_check_at", "text")
    .execute();
  await db.schema
    .createTable("data_update_runs")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("source", "varchar(32)", (col) => col.notNull())
    .addColumn("trigger", "varchar(16)", (col) => col.notNull())
    .addColumn("status", "varchar(16)", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("added", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("changed", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("progress", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("version", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("data_update_runs_source_started_idx")
    .on("data_update_runs")
    .columns(["source", "started_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_update_runs").execute();
  await db.schema.dropTable("data_sources").execute();
}
