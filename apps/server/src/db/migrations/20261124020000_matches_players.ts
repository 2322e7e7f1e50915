import type { Kysely } from "kysely";

/**
 * Keeps the player of each imported pick (Oracle's Elixir `playername`), for player pools and
 * scouting. Games imported before this migration have an empty name until they are imported again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("match_picks")
    .addColumn("player", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("match_games_imported_at_idx")
    .on("match_games")
    .column("imported_at")
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("match_games_imported_at_idx").execute();
  await db.schema.alterTable("match_picks").dropColumn("player").execute();
}
