import type { League, Team } from "@draftroom/contracts";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, listResults } from "./api.ts";

/**
 * Leagues and every team the signed-in user can see: one fetcher per cache key, shared by the
 * drafts screens and the workspace page's league team (the keys are the ones the drafts feature
 * has always used, so both read one cache).
 */
export const leagueKeys = {
  leagues: ["drafts", "leagues"] as const,
  allTeams: ["drafts", "teams", "all"] as const,
};

export function fetchLeagues(): Promise<League[]> {
  return api.get<League[] | { results: League[] }>("/drafts/leagues/").then(listResults);
}

/**
 * Every team the user can see; falls back to one league at a time, skipping a failing league.
 * `leagues` is asked only for that fallback, so the teams never wait for the leagues first.
 */
export async function fetchAllTeams(leagues: () => Promise<readonly League[]>): Promise<Team[]> {
  try {
    return listResults(await api.get<Team[] | { results: Team[] }>("/drafts/teams/"));
  } catch {
    const lists = await Promise.all(
      (await leagues().catch(() => [])).map((league) =>
        api
          .get<Team[] | { results: Team[] }>(`/drafts/leagues/${league.id}/teams/`)
          .then(listResults)
          .catch(() => []),
      ),
    );
    return lists.flat();
  }
}

/** The leagues the user can see (a minute fresh). */
export const leaguesQuery = queryOptions({
  queryKey: leagueKeys.leagues,
  queryFn: fetchLeagues,
  staleTime: 60_000,
});

/** Every team the user can see, asked beside the leagues (the fallback reads the leagues' query). */
export const fetchTeamsSeen = (client: QueryClient) =>
  fetchAllTeams(() => client.ensureQueryData(leaguesQuery));

export const allTeamsQuery = (client: QueryClient) =>
  queryOptions({ queryKey: leagueKeys.allTeams, queryFn: () => fetchTeamsSeen(client), staleTime: 60_000 });
