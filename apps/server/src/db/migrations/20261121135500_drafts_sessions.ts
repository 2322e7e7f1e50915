import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
const sqlBetween = (column: string, low: number, high: number) =>
  sql`${sql.ref(column)} between ${sql.lit(low)} and ${sql.lit(high)}`;

/**
 * Draft sessions and their actions, team priorities, and owners of user-created leagues and teams.
 * The database, not the route, makes a step or a champion impossible to take twice per session:
 * UNIQUE(session_id, phase_number) and UNIQUE(session_id, champion_id). A skipped ban has a NULL
 * champion, and both SQLite and PostgreSQL treat NULLs as distinct in a UNIQUE constraint, so any
 * number of skipped bans fit.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);

  // Seeded rows keep NULL; a user sees the seeded rows plus their own.
  await db.schema.alterTable("leagues").addColumn("owner_user_id", c.ref).execute();
  await db.schema.alterTable("teams").addColumn("owner_user_id", c.ref).execute();
  await db.schema.createIndex("leagues_owner_user_id_idx").on("leagues").column("owner_user_id").execute();
  await db.schema.createIndex("teams_owner_user_id_idx").on("teams").column("owner_user_id").execute();

  await db.schema
    .createTable("draft_sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", c.ref, (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("league_id", c.ref, (col) => col.references("leagues.id").onDelete("set null"))
    .addColumn("blue_team_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("red_team_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("blue_team_name", "text", (col) => col.notNull())
    .addColumn("red_team_name", "text", (col) => col.notNull())
    .addColumn("ban_timer", "integer", (col) => col.notNull().defaultTo(30))
    .addColumn("pick_timer", "integer", (col) => col.notNull().defaultTo(30))
    .addColumn("auto_advance", c.boolean, (col) => col.notNull().defaultTo(c.true))
    .addColumn("current_phase", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("current_step", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("in_progress")
        .check(sqlIn("status", ["in_progress", "complete"])),
    )
    .addColumn("winner", "text", (col) => col.check(sqlIn("winner", ["BLUE", "RED"])))
    // Lower-case, accent-free title, league and team names: the list's search runs on it.
    .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("completed_at", c.timestamp)
    .execute();
  await db.schema
    .createIndex("draft_sessions_user_created_idx")
    .on("draft_sessions")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("draft_actions")
    .addColumn("id", c.idType, c.id)
    .addColumn("session_id", "text", (col) =>
      col.notNull().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("champion_id", c.ref, (col) => col.references("champions.id"))
    .addColumn("phase_number", "integer", (col) => col.notNull().check(sqlBetween("phase_number", 0, 19)))
    .addColumn("action_type", "text", (col) => col.notNull().check(sqlIn("action_type", ["BAN", "PICK"])))
    .addColumn("team_side", "text", (col) => col.notNull().check(sqlIn("team_side", ["BLUE", "RED"])))
    .addColumn("is_auto", c.boolean, (col) => col.notNull().defaultTo(c.false))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("draft_actions_session_step_key", ["session_id", "phase_number"])
    .addUniqueConstraint("draft_actions_session_champion_key", ["session_id", "champion_id"])
    .execute();

  await db.schema
    .createTable("team_priorities")
    .addColumn("id", c.idType, c.id)
    .addColumn("user_id", c.ref, (col) => col.notNull())
    .addColumn("team_id", c.ref, (col) => col.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("champion_id", c.ref, (col) => col.notNull().references("champions.id").onDelete("cascade"))
    .addColumn("tier", "text", (col) => col.notNull().check(sqlIn("tier", ["S", "A", "B", "C"])))
    .addColumn("positions", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addUniqueConstraint("team_priorities_user_team_champion_key", ["user_id", "team_id", "champion_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("team_priorities").execute();
  await db.schema.dropTable("draft_actions").execute();
  await db.schema.dropTable("draft_sessions").execute();
  await db.schema.dropIndex("teams_owner_user_id_idx").execute();
  await db.schema.dropIndex("leagues_owner_user_id_idx").execute();
  await db.schema.alterTable("teams").dropColumn("owner_user_id").execute();
  await db.schema.alterTable("leagues").dropColumn("owner_user_id").execute();
}
