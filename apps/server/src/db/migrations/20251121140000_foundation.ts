import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/** Champion pool, leagues with teams, subscription tiers. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);

  await db.schema
    .createTable("champions")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("champion_key", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("tags", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("icon_url", "text", (col) => col.notNull())
    .addColumn("splash_url", "text", (col) => col.notNull())
    .addColumn("version", "text", (col) => col.notNull())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("champions_name_idx").on("champions").column("name").execute();

  await db.schema
    .createTable("leagues")
    .addColumn("id", c.idType, c.id)
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("short_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("region", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("is_custom", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("leagues_name_idx").on("leagues").column("name").execute();

  await db.schema
    .createTable("teams")
    .addColumn("id", c.idType, c.id)
    .addColumn("league_id", c.ref, (col) => col.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("short_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("is_custom", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("teams_league_id_idx").on("teams").column("league_id").execute();

  await db.schema
    .createTable("tiers")
    .addColumn("id", c.idType, c.id)
    .addColumn("key", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("price_monthly", c.decimal, (col) => col.notNull())
    .addColumn("price_annual", c.decimal)
    .addColumn("original_monthly", c.decimal)
    .addColumn("original_annual", c.decimal)
    .addColumn("features", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tiers").execute();
  await db.schema.dropTable("teams").execute();
  await db.schema.dropTable("leagues").execute();
  await db.schema.dropTable("champions").execute();
}
