import type { League, Team } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findLeague, findTeams } from "./repository.ts";

/** What other modules may ask of leagues and teams (they never read the leagues tables). */

type Db = Kysely<Database> | Transaction<Database>;

/** The league if the user may use it (a seeded league or one of their own), else undefined. */
export function visibleLeague(db: Db, userId: number, leagueId: number): Promise<League | undefined> {
  return findLeague(db, userId, leagueId);
}

/** The teams among `teamIds` the user may use (seeded or their own); unknown ids are left out. */
export function visibleTeams(db: Db, userId: number, teamIds: readonly number[]): Promise<Team[]> {
  return findTeams(db, userId, teamIds);
}
