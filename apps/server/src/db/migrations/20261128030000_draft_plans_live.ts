import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * Draft plans followed live (decision record 027): the plan a session's board or one team of a
 * live room follows, and its plan-vs-actual review once the draft is complete. `key` is
 * `session:<session>` or `room:<room>:<team>`, so a room holds one selection per team.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("draft_plan_live")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("session_id", "text", (col) =>
      col.notNull().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("room_id", "text", (col) => col.references("draft_rooms.id").onDelete("cascade"))
    .addColumn("team", "text")
    .addColumn("side", "text", (col) => col.notNull())
    .addColumn("plan_id", "text", (col) => col.notNull().references("draft_plans.id").onDelete("cascade"))
    .addColumn("selected_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("selected_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("review", c.json)
    .addColumn("reviewed_version", "integer")
    .execute();
  await db.schema
    .createIndex("draft_plan_live_session_idx")
    .on("draft_plan_live")
    .column("session_id")
    .execute();
  await db.schema.createIndex("draft_plan_live_plan_idx").on("draft_plan_live").column("plan_id").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("draft_plan_live").execute();
}
