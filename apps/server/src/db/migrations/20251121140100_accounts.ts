import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

/** Users, their API tokens (hashes only) and the failed-login / registration log for rate limits. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);

  await db.schema
    .createTable("users")
    .addColumn("id", c.idType, c.id)
    .addColumn("username", "text", (col) => col.notNull())
    // Lower-cased copies carry the unique keys, so lookups are case-insensitive on both dialects.
    .addColumn("username_lower", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("email_lower", "text", (col) => col.notNull().unique())
    .addColumn("first_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("last_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("theme", "text", (col) => col.notNull().defaultTo("light"))
    .addColumn("language", "text", (col) => col.notNull().defaultTo("en"))
    .addColumn("custom_hues", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();

  await db.schema
    .createTable("auth_tokens")
    .addColumn("id", c.idType, c.id)
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("auth_tokens_user_id_idx").on("auth_tokens").column("user_id").execute();

  await db.schema
    .createTable("auth_attempts")
    .addColumn("id", c.idType, c.id)
    /** login_username | login_ip | register_ip */
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    /** Epoch milliseconds: plain numbers compare the same way on both dialects. */
    .addColumn("created_at_ms", c.dialect === "postgres" ? sql`bigint` : sql`integer`, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("auth_attempts_lookup_idx")
    .on("auth_attempts")
    .columns(["bucket", "subject", "created_at_ms"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_attempts").execute();
  await db.schema.dropTable("auth_tokens").execute();
  await db.schema.dropTable("users").execute();
}
