import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/** Roster reviews: a rumour or confirmation about a team's line-up, with player entries as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("roster_reviews")
    .addColumn("id", c.idType, c.id)
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("league_id", c.ref, (col) => col.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("team_id", c.ref, (col) => col.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("season", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("review_text", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("rumor"))
    .addColumn("players", c.json, (col) => col.notNull().defaultTo(c.emptyJsonArray))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("roster_reviews_user_id_idx").on("roster_reviews").column("user_id").execute();
  await db.schema
    .createIndex("roster_reviews_league_team_idx")
    .on("roster_reviews")
    .columns(["league_id", "team_id"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("roster_reviews").execute();
}
