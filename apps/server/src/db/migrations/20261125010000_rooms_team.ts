import { createHash, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Team seats of live rooms (decision 010).
 *
 * - `room_members`: one row per team-link connection (a player or coach), with the name they gave;
 *   `left_at` when the socket closed, `removed_at` when the organiser removed them. The roster is
 *   the rows with neither.
 * - `room_team_messages`: a team's private channel (chat and champion suggestions), kept apart from
 *   `room_events` so the public log, its `seq` and every resync stay free of it.
 * - Every live room that exists gets its two team links (role `member`, team A/B); their tokens
 *   are unknown, so the organiser hands one out with "New link".
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  const team = (name: string) => (col: import("kysely").ColumnDefinitionBuilder) =>
    col.notNull().check(sqlIn(name, ["A", "B"]));

  await db.schema
    .createTable("room_members")
    .addColumn("id", c.idType, c.id)
    .addColumn("room_id", "text", (col) => col.notNull().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("link_id", c.ref, (col) => col.notNull().references("room_links.id").onDelete("cascade"))
    .addColumn("team", "text", team("team"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("joined_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("left_at", c.timestamp)
    .addColumn("removed_at", c.timestamp)
    .execute();
  await db.schema.createIndex("room_members_room_idx").on("room_members").column("room_id").execute();

  await db.schema
    .createTable("room_team_messages")
    .addColumn("id", c.idType, c.id)
    .addColumn("room_id", "text", (col) => col.notNull().references("draft_rooms.id").onDelete("cascade"))
    .addColumn("team", "text", team("team"))
    .addColumn("kind", "text", (col) => col.notNull().check(sqlIn("kind", ["chat", "suggestion"])))
    .addColumn("member_id", c.ref, (col) => col.references("room_members.id").onDelete("set null"))
    .addColumn("role", "text", (col) => col.notNull().check(sqlIn("role", ["captain", "member"])))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("text", "text")
    .addColumn("step", "integer")
    .addColumn("champion_id", c.ref)
    .addColumn("at_ms", sql`bigint`, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("room_team_messages_room_team_idx")
    .on("room_team_messages")
    .columns(["room_id", "team", "id"])
    .execute();

  const live = await db.selectFrom("draft_rooms").select("id").where("mode", "=", "live").execute();
  for (const room of live) {
    for (const teamName of ["A", "B"]) {
      const unusable = createHash("sha256").update(randomBytes(32)).digest("hex");
      await db
        .insertInto("room_links")
        .values({ room_id: room.id, role: "member", team: teamName, token_hash: unusable })
        .execute();
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("room_team_messages").execute();
  await db.schema.dropTable("room_members").execute();
  await db.deleteFrom("room_links").where("role", "=", "member").execute();
}
