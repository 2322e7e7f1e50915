import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

/**
 * A workspace's team priorities, set by its coaches and analysts (decision record 029): one list
 * per workspace, for the team it prepares. While it is empty, the priorities are derived from the
 * players' pools.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspace_priorities")
    .addColumn("id", c.idType, c.id)
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("champion_id", c.ref, (col) => col.notNull().references("champions.id").onDelete("cascade"))
    .addColumn("tier", "text", (col) => col.notNull().check(sql`tier in ('S', 'A', 'B', 'C')`))
    .addColumn("positions", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("workspace_priorities_workspace_champion_key", ["workspace_id", "champion_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_priorities").execute();
}
