import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * Room lifecycle (decision 012):
 * - `quick_rooms`: a live room created without an account. Its session belongs to the internal
 *   quick-rooms account until someone claims it; unclaimed rows past `expires_at` are deleted with
 *   their session (the cascade takes the room, its links and events).
 * - `series_rooms`: the one live room a series plays in. The room row moves from game to game
 *   (its `session_id` follows the current game), so its links stay the same for the whole series.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("quick_rooms")
    .addColumn("room_id", "text", (col) => col.primaryKey().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("session_id", "text", (col) =>
      col.notNull().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("expires_at", c.timestamp, (col) => col.notNull())
    .addColumn("claimed_at", c.timestamp)
    .addColumn("claimed_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("quick_rooms_expires_idx").on("quick_rooms").column("expires_at").execute();

  await db.schema
    .createTable("series_rooms")
    .addColumn("series_id", "text", (col) => col.primaryKey().references("series.id").onDelete("cascade"))
    .addColumn("room_id", "text", (col) =>
      col.notNull().unique().references("draft_rooms.id").onDelete("cascade"),
    )
    .addColumn("game_number", "integer", (col) => col.notNull())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("series_rooms").execute();
  await db.schema.dropTable("quick_rooms").execute();
}
