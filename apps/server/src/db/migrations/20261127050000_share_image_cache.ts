import { type Kysely, sql } from "kysely";
import { dialectOf } from "../values.ts";

/**
 * Rendered PNG cards shared by every server process (docs/decisions/021): the key is the hash of
 * everything the image shows, so an entry never needs invalidating; old entries are pruned.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const binary = dialectOf(db) === "postgres" ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable("share_image_cache")
    .addColumn("cache_key", "varchar(64)", (col) => col.primaryKey())
    .addColumn("png", binary, (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("share_image_cache_created_at_idx")
    .on("share_image_cache")
    .column("created_at")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("share_image_cache").execute();
}
