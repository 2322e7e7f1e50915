import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
const POSITIONS = ["top", "jungle", "mid", "bot", "support"];

/**
 * A workspace's roster (players with a main and an optional secondary position, active or
 * substitute, optionally linked to a member account) and each player's champion pool (comfort
 * tier S/A/B/learning and notes, with who changed it last).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspace_players")
    .addColumn("id", c.idType, c.id)
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("user_id", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("position", "text", (col) => col.notNull().check(sqlIn("position", POSITIONS)))
    .addColumn("secondary_position", "text", (col) => col.check(sqlIn("secondary_position", POSITIONS)))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("active")
        .check(sqlIn("status", ["active", "substitute"])),
    )
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema
    .createIndex("workspace_players_workspace_idx")
    .on("workspace_players")
    .column("workspace_id")
    .execute();

  await db.schema
    .createTable("workspace_pool_entries")
    .addColumn("id", c.idType, c.id)
    .addColumn("player_id", c.ref, (col) =>
      col.notNull().references("workspace_players.id").onDelete("cascade"),
    )
    .addColumn("champion_id", c.ref, (col) => col.notNull().references("champions.id").onDelete("cascade"))
    .addColumn("tier", "text", (col) => col.notNull().check(sqlIn("tier", ["S", "A", "B", "learning"])))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("updated_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("workspace_pool_entries_player_champion_key", ["player_id", "champion_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_pool_entries").execute();
  await db.schema.dropTable("workspace_players").execute();
}
