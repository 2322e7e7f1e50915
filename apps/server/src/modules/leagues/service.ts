import type { League, PriorityEntry, Team } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findLeague, findTeams, listLeagues, listTeams, prioritiesByTeam } from "./repository.ts";
import { viewerOf } from "./workspace-scope.ts";

export { type ImportedGames, registerImportedTeams } from "./imported.ts";
export { registerTeamWorkspaces } from "./workspace-scope.ts";

/** What other modules may ask of leagues and teams (they never read the leagues tables). */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The league if the user may use it (seeded or imported, their own, or one of a workspace they
 * are an active member of), else undefined.
 */
export async function visibleLeague(db: Db, userId: number, leagueId: number): Promise<League | undefined> {
  return findLeague(db, await viewerOf(db, userId), leagueId);
}

/** The teams among `teamIds` the user may use (as `visibleLeague`); unknown ids are left out. */
export async function visibleTeams(db: Db, userId: number, teamIds: readonly number[]): Promise<Team[]> {
  if (teamIds.length === 0) return [];
  return findTeams(db, await viewerOf(db, userId), teamIds);
}

/** Every team the user may use (as `visibleLeague`), each with its league's name. */
export async function visibleTeamsWithLeague(
  db: Db,
  userId: number,
): Promise<{ team: Team; league: string }[]> {
  const viewer = await viewerOf(db, userId);
  const [leagues, teams] = await Promise.all([listLeagues(db, viewer), listTeams(db, viewer)]);
  const names = new Map(leagues.map((league) => [league.id, league.name]));
  return teams.map((team) => ({ team, league: names.get(team.league_id) ?? "" }));
}

/**
 * What another module needs to know about the teams of a draft: their names (to match match
 * history) and the user's priorities for each, keyed by team id. One call for both teams.
 */
export async function teamsForDraft(
  db: Db,
  userId: number,
  teamIds: readonly (number | null)[],
): Promise<{ names: Map<number, string>; priorities: Map<number, PriorityEntry[]> }> {
  const ids = teamIds.filter((id): id is number => id !== null);
  const [teams, priorities] = await Promise.all([
    visibleTeams(db, userId, ids),
    prioritiesByTeam(db, userId, ids),
  ]);
  return { names: new Map(teams.map((team) => [team.id, team.name])), priorities };
}
