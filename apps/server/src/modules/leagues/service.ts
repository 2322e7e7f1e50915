import type { PriorityEntry } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findTeams, prioritiesByTeam } from "./repository.ts";

/**
 * What another module needs to know about the teams of a draft: their names (to match match
 * history) and the user's priorities for each, keyed by team id. One call for both teams.
 */
export async function teamsForDraft(
  db: Kysely<Database>,
  userId: number,
  teamIds: readonly (number | null)[],
): Promise<{ names: Map<number, string>; priorities: Map<number, PriorityEntry[]> }> {
  const ids = teamIds.filter((id): id is number => id !== null);
  const [teams, priorities] = await Promise.all([
    findTeams(db, userId, ids),
    prioritiesByTeam(db, userId, ids),
  ]);
  return { names: new Map(teams.map((team) => [team.id, team.name])), priorities };
}
