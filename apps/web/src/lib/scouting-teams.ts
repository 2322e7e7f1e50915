import type { ScoutingTeamList } from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";

/**
 * Every team the caller can scout, with its league and imported games: one fetcher and one cache
 * key for the scouting pages and the plan editor's opponent picker.
 */
export const scoutingTeamsKey = ["scouting", "teams"] as const;

export const scoutingTeamsQuery = queryOptions({
  queryKey: scoutingTeamsKey,
  queryFn: () => api.get<ScoutingTeamList>("/scouting/teams/"),
  staleTime: 60_000,
});

export function useScoutingTeams() {
  return useQuery(scoutingTeamsQuery);
}
