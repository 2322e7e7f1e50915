import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Live rooms (decision 006): one room per draft session, the links that open its seats, and the
 * append-only event log. Instants of the clock are epoch milliseconds (`bigint`) read from the
 * database's own clock, so both dialects compare them the same way.
 *
 * - `draft_rooms`: the room's state (packages/draft `RoomRecord`), `seq` the last event's number.
 * - `room_links`: a seat's link; only the SHA-256 of its token is stored. A seat belongs to a team
 *   (`A`/`B`), not a side. `epoch` counts takeovers (a newer tab wins). `delay_seconds` and
 *   `expires_at` are for the spectator delay and expiring links of a later issue.
 * - `room_events`: who did what, when, at which deadline, with which bank left; UNIQUE(room, seq).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  const ms = sql`bigint`;
  const team = (name: string) => (col: import("kysely").ColumnDefinitionBuilder) =>
    col.check(sqlIn(name, ["A", "B"]));

  await db.schema
    .createTable("draft_rooms")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("session_id", "text", (col) =>
      col.notNull().unique().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("mode", "text", (col) => col.notNull().check(sqlIn("mode", ["solo", "live"])))
    .addColumn("status", "text", (col) =>
      col.notNull().check(sqlIn("status", ["lobby", "running", "paused", "complete"])),
    )
    .addColumn("team_a_side", "text", (col) =>
      col
        .notNull()
        .defaultTo("BLUE")
        .check(sqlIn("team_a_side", ["BLUE", "RED"])),
    )
    .addColumn("ready_a", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("ready_b", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("turn_ms", "integer", (col) => col.notNull())
    .addColumn("bank_initial_ms", "integer", (col) => col.notNull())
    .addColumn("bank_a_ms", "integer", (col) => col.notNull())
    .addColumn("bank_b_ms", "integer", (col) => col.notNull())
    .addColumn("turn_started_ms", ms)
    .addColumn("deadline_ms", ms)
    .addColumn("paused_ms", ms)
    .addColumn("resumes_ms", ms)
    .addColumn("hover_step", "integer")
    .addColumn("hover_team", "text", team("hover_team"))
    .addColumn("hover_champion_id", c.ref)
    .addColumn("seq", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("draft_rooms_deadline_idx").on("draft_rooms").column("deadline_ms").execute();

  await db.schema
    .createTable("room_links")
    .addColumn("id", c.idType, c.id)
    .addColumn("room_id", "text", (col) => col.notNull().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("team", "text", team("team"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("epoch", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("delay_seconds", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("revoked_at", c.timestamp)
    .addColumn("expires_at", c.timestamp)
    .execute();
  await db.schema.createIndex("room_links_room_idx").on("room_links").column("room_id").execute();

  await db.schema
    .createTable("room_events")
    .addColumn("id", c.idType, c.id)
    .addColumn("room_id", "text", (col) => col.notNull().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("actor_role", "text")
    .addColumn("actor_team", "text", team("actor_team"))
    .addColumn("actor_link_id", c.ref)
    .addColumn("step", "integer")
    .addColumn("team", "text", team("team"))
    .addColumn("side", "text")
    .addColumn("action_type", "text")
    .addColumn("champion_id", c.ref)
    .addColumn("is_auto", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("at_ms", ms, (col) => col.notNull())
    .addColumn("deadline_ms", ms)
    .addColumn("bank_after_ms", "integer")
    .addColumn("data", c.json, (col) => col.notNull().defaultTo(c.emptyJsonObject))
    .addUniqueConstraint("room_events_room_seq_key", ["room_id", "seq"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("room_events").execute();
  await db.schema.dropTable("room_links").execute();
  await db.schema.dropTable("draft_rooms").execute();
}
