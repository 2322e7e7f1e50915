import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Practice drafts against a modelled opponent (decision 017): which session is a practice, against
 * which team, on which side, the opponent's seat in the room and its sampling seed, and the review
 * saved when the draft completes. Deleting the session deletes its practice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("practice_drafts")
    .addColumn("session_id", "text", (col) =>
      col.primaryKey().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("room_id", "text", (col) => col.notNull().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("opponent_team", "text", (col) => col.notNull())
    .addColumn("user_side", "text", (col) => col.notNull().check(sqlIn("user_side", ["BLUE", "RED"])))
    .addColumn("bot_team", "text", (col) => col.notNull().check(sqlIn("bot_team", ["A", "B"])))
    .addColumn("bot_link_id", c.ref, (col) => col.notNull().references("room_links.id").onDelete("cascade"))
    .addColumn("style", "text", (col) =>
      col.notNull().check(sqlIn("style", ["predictable", "balanced", "adventurous"])),
    )
    .addColumn("seed", "bigint", (col) => col.notNull())
    .addColumn("review", c.json)
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("completed_at", c.timestamp)
    .execute();
  await db.schema.createIndex("practice_drafts_room_idx").on("practice_drafts").column("room_id").execute();
  await db.schema.createIndex("practice_drafts_user_idx").on("practice_drafts").column("user_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("practice_drafts").execute();
}
