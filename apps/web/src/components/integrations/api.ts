import type { IntegrationsOverview, RiotGameComparison, TournamentCode } from "@draftroom/contracts";
import { api } from "@/lib/api.ts";

/**
 * The integrations calls other pages use (decision 057: a scrim game's Riot fill and a scrim's
 * tournament codes), with the cache keys the integrations page shares.
 */
export const integrationKeys = {
  overview: (workspaceId: string) => ["integrations", "overview", workspaceId] as const,
  riotPlayers: (workspaceId: string) => ["integrations", "riot-players", workspaceId] as const,
  codes: (workspaceId: string, scrimId: string) => ["integrations", "codes", workspaceId, scrimId] as const,
};

const base = (workspaceId: string) => `/workspaces/${workspaceId}/integrations`;

export const ledgerIntegrationsApi = {
  overview: (workspaceId: string) => api.get<IntegrationsOverview>(`${base(workspaceId)}/`),
  /** A Match-V5 game compared with a ledger game's draft, with the ledger result it would fill. */
  lookupMatch: (workspaceId: string, matchId: string, scrimId: string, gameId: string) =>
    api.post<RiotGameComparison>(`${base(workspaceId)}/riot/matches/`, {
      match_id: matchId,
      scrim_id: scrimId,
      game_id: gameId,
    }),
  recentGames: (workspaceId: string, scrimId: string, gameId: string) =>
    api
      .get<{ results: RiotGameComparison[] }>(
        `${base(workspaceId)}/riot/scrims/${scrimId}/games/${gameId}/recent/`,
      )
      .then((answer) => answer.results),
  scrimCodes: (workspaceId: string, scrimId: string) =>
    api
      .get<{ results: TournamentCode[] }>(`${base(workspaceId)}/tournament/scrims/${scrimId}/codes/`)
      .then((answer) => answer.results),
  makeScrimCodes: (workspaceId: string, scrimId: string, games: number) =>
    api
      .post<{ results: TournamentCode[] }>(`${base(workspaceId)}/tournament/codes/`, {
        scrim_id: scrimId,
        games,
      })
      .then((answer) => answer.results),
};
