import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Threaded comments with @mentions on workspace sessions and series (decision record 028). The
 * item is checked through its owning module, so `item_id` is not a foreign key.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspace_comments")
    .addColumn("id", c.idType, c.id)
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("item_type", "text", (col) => col.notNull().check(sqlIn("item_type", ["session", "series"])))
    .addColumn("item_id", "text", (col) => col.notNull())
    .addColumn("parent_id", c.ref, (col) => col.references("workspace_comments.id").onDelete("cascade"))
    .addColumn("author_id", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("edited_at", c.timestamp)
    .addColumn("deleted_at", c.timestamp)
    .execute();
  await db.schema
    .createIndex("workspace_comments_item_idx")
    .on("workspace_comments")
    .columns(["item_type", "item_id", "id"])
    .execute();

  await db.schema
    .createTable("workspace_mentions")
    .addColumn("id", c.idType, c.id)
    .addColumn("comment_id", c.ref, (col) =>
      col.notNull().references("workspace_comments.id").onDelete("cascade"),
    )
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("read_at", c.timestamp)
    .addUniqueConstraint("workspace_mentions_comment_user_key", ["comment_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("workspace_mentions_user_idx")
    .on("workspace_mentions")
    .columns(["user_id", "id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_mentions").execute();
  await db.schema.dropTable("workspace_comments").execute();
}
