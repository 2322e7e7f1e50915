import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * A workspace's activity feed: who did what to which item, repeated steps folded into one row
 * (decision record 028). Item ids are not foreign keys: an entry outlives its item.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspace_activity")
    .addColumn("id", c.idType, c.id)
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("actor_id", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("verb", "text", (col) => col.notNull())
    .addColumn("item_type", "text", (col) =>
      col.notNull().check(sqlIn("item_type", ["session", "series", "plan"])),
    )
    .addColumn("item_id", "text", (col) => col.notNull())
    .addColumn("item_title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("count", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema
    .createIndex("workspace_activity_feed_idx")
    .on("workspace_activity")
    .columns(["workspace_id", "id"])
    .execute();
  await db.schema
    .createIndex("workspace_activity_item_idx")
    .on("workspace_activity")
    .columns(["item_type", "item_id", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_activity").execute();
}
