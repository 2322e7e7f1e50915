import type { Kysely } from "kysely";

/**
 * Scouting reads one team's imported games by its name on either side, within a date range:
 * indexes on (blue_team, played_at) and (red_team, played_at) keep that a lookup instead of a
 * scan of every game, and let the per-team game counts read the index alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("match_games_blue_team_idx")
    .on("match_games")
    .columns(["blue_team", "played_at"])
    .execute();
  await db.schema
    .createIndex("match_games_red_team_idx")
    .on("match_games")
    .columns(["red_team", "played_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("match_games_red_team_idx").execute();
  await db.schema.dropIndex("match_games_blue_team_idx").execute();
}
