import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { toCount } from "../../db/values.ts";
import { registerImportedTeams } from "../leagues/service.ts";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Hands the leagues and teams of the imported games, with their counts, to the leagues module
 * (decision record 053): any team with games is then listed, scouted and drafted against. Run
 * inside the import's transaction (the list changes with the games or not at all) and once at
 * start (games imported before this existed). Two grouped queries, whatever the data's size.
 */
export async function syncImportedTeams(db: Db): Promise<void> {
  const [leagues, blue, red] = await Promise.all([
    db
      .selectFrom("match_games")
      .select((eb) => ["league", eb.fn.countAll().as("games")])
      .groupBy("league")
      .execute(),
    db
      .selectFrom("match_games")
      .select((eb) => ["league", "blue_team as team", eb.fn.countAll().as("games")])
      .groupBy(["league", "blue_team"])
      .execute(),
    db
      .selectFrom("match_games")
      .select((eb) => ["league", "red_team as team", eb.fn.countAll().as("games")])
      .whereRef("red_team", "!=", "blue_team")
      .groupBy(["league", "red_team"])
      .execute(),
  ]);
  await registerImportedTeams(db, {
    leagues: leagues.map((row) => ({ league: row.league, games: toCount(row.games) })),
    teams: [...blue, ...red].map((row) => ({
      league: row.league,
      team: row.team,
      games: toCount(row.games),
    })),
  });
}
