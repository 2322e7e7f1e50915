import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/**
 * Best-of-N series. A series holds the identity the links point to, the
 * fearless rule, the disabled champions and the side choice; each game is a draft session, linked
 * by `series_games` (one row per game: its number, which team is on blue, the winning team).
 * Deleting a series deletes its games' rows; the service deletes their sessions in the same
 * transaction.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("series")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("league_id", c.ref, (col) => col.references("leagues.id").onDelete("set null"))
    .addColumn("team_a_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("team_b_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("team_a_name", "text", (col) => col.notNull())
    .addColumn("team_b_name", "text", (col) => col.notNull())
    .addColumn("best_of", "integer", (col) => col.notNull().check(sql`best_of in (1, 3, 5, 7)`))
    .addColumn("fearless_from", "text", (col) =>
      col.notNull().check(sqlIn("fearless_from", ["none", "picks", "picks+bans"])),
    )
    .addColumn("fearless_scope", "text", (col) =>
      col.notNull().check(sqlIn("fearless_scope", ["both", "own"])),
    )
    .addColumn("reset_last_game", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("disabled_champions", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("side_choice", "text", (col) =>
      col.notNull().check(sqlIn("side_choice", ["loser", "alternate", "organiser"])),
    )
    .addColumn("scrim_block", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("format", c.json, (col) => col.notNull())
    .addColumn("ban_timer", "integer", (col) => col.notNull().defaultTo(30))
    .addColumn("pick_timer", "integer", (col) => col.notNull().defaultTo(30))
    .addColumn("auto_advance", c.boolean, (col) => col.notNull().defaultTo(c.true))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema
    .createIndex("series_user_created_idx")
    .on("series")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("series_games")
    .addColumn("id", c.idType, c.id)
    .addColumn("series_id", "text", (col) => col.notNull().references("series.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull().check(sql`number between 1 and 7`))
    .addColumn("session_id", "text", (col) =>
      col.notNull().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("blue_team", "text", (col) => col.notNull().check(sqlIn("blue_team", ["A", "B"])))
    .addColumn("winner", "text", (col) => col.check(sqlIn("winner", ["A", "B"])))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("series_games_series_number_key", ["series_id", "number"])
    .addUniqueConstraint("series_games_session_key", ["session_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("series_games").execute();
  await db.schema.dropTable("series").execute();
}
