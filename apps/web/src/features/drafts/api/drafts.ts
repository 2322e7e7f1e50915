import type {
  ActionCreateBody,
  Champion,
  ChampionPositions,
  DraftAction,
  DraftSession,
  League,
  Paginated,
  PriorityEntry,
  Recommendations,
  SessionPatchBody,
  SessionPlayers,
  SessionWriteBody,
  Team,
} from "@draftroom/contracts";
import { isRowId, isUuid } from "@draftroom/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api, listResults, requestById } from "@/lib/api.ts";
import { leagueKeys } from "@/lib/leagues.ts";

const asList = listResults;

export interface SessionListParams {
  page: number;
  league?: number | null;
  team?: number | null;
  search?: string;
  /** A workspace's sessions (the header's current workspace); absent: the personal ones. */
  workspace?: string;
}

export interface PublicDraft {
  session: DraftSession;
  actions: DraftAction[];
  champions: Champion[];
}

export const draftsApi = {
  listSessions(params: SessionListParams): Promise<Paginated<DraftSession>> {
    const query = {
      page: params.page,
      league: params.league,
      team: params.team,
      search: params.search?.trim(),
      workspace: params.workspace,
    };
    return api
      .get<Paginated<DraftSession> | DraftSession[]>("/drafts/sessions/", { query })
      .then((data) =>
        Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data,
      );
  },
  getSession: (id: string) => requestById(id, isUuid, () => api.get<DraftSession>(`/drafts/sessions/${id}/`)),
  createSession: (body: SessionWriteBody, workspace?: string | null) =>
    api.post<DraftSession>("/drafts/sessions/", body, workspace ? { query: { workspace } } : {}),
  updateSession: (id: string, body: SessionWriteBody) =>
    api.put<DraftSession>(`/drafts/sessions/${id}/`, body),
  patchSession: (id: string, body: SessionPatchBody) =>
    api.patch<DraftSession>(`/drafts/sessions/${id}/`, body),
  deleteSession: (id: string) => api.delete<void>(`/drafts/sessions/${id}/`),
  listActions: (id: string) =>
    requestById(id, isUuid, () =>
      api.get<DraftAction[] | { results: DraftAction[] }>(`/drafts/sessions/${id}/actions/`).then(asList),
    ),
  createAction: (id: string, body: ActionCreateBody) =>
    api.post<DraftAction>(`/drafts/sessions/${id}/actions/`, body),
  /** Removes the action and every later one; answers the remaining actions. */
  truncateFrom: (id: string, actionId: number) =>
    api
      .delete<DraftAction[] | { results: DraftAction[] } | null>(
        `/drafts/sessions/${id}/actions/${actionId}/`,
      )
      .then((data) => (data ? asList(data) : null)),
  listChampions: () => api.get<Champion[] | { results: Champion[] }>("/drafts/champions/").then(asList),
  championPositions: () => api.get<ChampionPositions>("/drafts/champions/positions/"),
  /** The roster's player names of a draft's teams (a workspace's), public like the draft. */
  publicPlayers: (sessionId: string) =>
    requestById(sessionId, isUuid, () =>
      api.get<SessionPlayers>(`/drafts/sessions/${sessionId}/public/players/`),
    ),
  getRecommendations: (id: string, limit: number) =>
    api.get<Recommendations>(`/drafts/sessions/${id}/recommendations/`, { query: { limit } }),
  getPublic: (id: string) =>
    requestById(id, isUuid, () => api.get<PublicDraft>(`/drafts/sessions/${id}/public/`)),
  listTeams: (leagueId: number) =>
    api.get<Team[] | { results: Team[] }>(`/drafts/leagues/${leagueId}/teams/`).then(asList),
  createLeague: (body: { name: string; workspace_id?: string }) => api.post<League>("/drafts/leagues/", body),
  createTeam: (leagueId: number, body: { name: string; workspace_id?: string }) =>
    api.post<Team>(`/drafts/leagues/${leagueId}/teams/`, body),
  getPriorities: (teamId: number) =>
    requestById(String(teamId), isRowId, () =>
      api
        .get<{ priorities: PriorityEntry[] } | PriorityEntry[]>(`/drafts/teams/${teamId}/priorities/`)
        .then((data) => (Array.isArray(data) ? data : data.priorities)),
    ),
  putPriorities: (teamId: number, priorities: PriorityEntry[]) =>
    api.put<{ priorities: PriorityEntry[] }>(`/drafts/teams/${teamId}/priorities/`, { priorities }),
};

export const draftKeys = {
  sessions: ["drafts", "sessions"] as const,
  sessionLists: ["drafts", "sessionList"] as const,
  sessionList: (params: SessionListParams) => ["drafts", "sessionList", params] as const,
  session: (id: string) => ["drafts", "sessions", id] as const,
  actions: (id: string) => ["drafts", "sessions", id, "actions"] as const,
  publicDraft: (id: string) => ["drafts", "public", id] as const,
  champions: ["drafts", "champions"] as const,
  publicPlayers: (sessionId: string) => ["drafts", "public-players", sessionId] as const,
  championPositions: ["drafts", "champions", "positions"] as const,
  leagues: leagueKeys.leagues,
  teams: (leagueId: number) => ["drafts", "leagues", leagueId, "teams"] as const,
  allTeams: leagueKeys.allTeams,
  recommendations: (id: string, step: number) => ["drafts", "sessions", id, "recommendations", step] as const,
  priorities: (teamId: number) => ["drafts", "teams", teamId, "priorities"] as const,
};

/** How many suggestions the board's panel shows (one request per step, shared with the win estimate). */
export const RECOMMENDATIONS_SHOWN = 5;

/** What the sessions list asks for first: the space's first page, with no filter. */
export const firstSessionPage = (workspace: string | undefined): SessionListParams => ({
  page: 1,
  league: null,
  team: null,
  workspace,
});

/**
 * The drafts' queries, one definition for the hooks that read them and for the page loads that
 * ask for them ahead (sessions-list.ahead.ts, session-board.ahead.ts): the same key always comes
 * with the same function.
 */
export const draftQueries = {
  /** A page of a space's drafts (the list, the dashboard's first steps, the list's page load). */
  sessionList: (params: SessionListParams) => ({
    queryKey: draftKeys.sessionList(params),
    queryFn: () => draftsApi.listSessions(params),
  }),
  session: (id: string) => ({ queryKey: draftKeys.session(id), queryFn: () => draftsApi.getSession(id) }),
  /**
   * Kept current by the board itself (its locks and the room's events), so never stale while
   * shown, and read again whenever a board mounts: its saved locks are not written back here. On
   * a page load the board draws from the answer asked for ahead, then reads again beside it.
   */
  actions: (id: string) =>
    queryOptions({
      queryKey: draftKeys.actions(id),
      queryFn: () => draftsApi.listActions(id),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: "always",
    }),
  champions: { queryKey: draftKeys.champions, queryFn: draftsApi.listChampions, staleTime: 5 * 60_000 },
  /** A team's saved priorities; none (or a failing call) means no priorities. */
  priorities: (teamId: number) => ({
    queryKey: draftKeys.priorities(teamId),
    queryFn: () => draftsApi.getPriorities(teamId).catch(() => [] as PriorityEntry[]),
    staleTime: 30_000,
  }),
  /** The server's suggestions for a session at a step (the board's panel, the win estimate). */
  recommendations: (sessionId: string, step: number) => ({
    queryKey: draftKeys.recommendations(sessionId, step),
    queryFn: () => draftsApi.getRecommendations(sessionId, RECOMMENDATIONS_SHOWN),
    staleTime: 30_000,
  }),
  championPositions: {
    queryKey: draftKeys.championPositions,
    queryFn: draftsApi.championPositions,
    staleTime: 10 * 60_000,
  },
};
