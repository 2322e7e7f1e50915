import {
  isUuid,
  type Paginated,
  type Room,
  type Series,
  type SeriesCreateBody,
  type SeriesSummary,
} from "@draftroom/contracts";
import type { BestOf, SeriesInput, SeriesTeam } from "@draftroom/draft";
import { api, requestById } from "./api.ts";

/**
 * The series API, shared by the series screens and the draft page of a series game (one fetch
 * function per cache key).
 */
export const seriesKeys = {
  all: ["series"] as const,
  lists: ["series", "list"] as const,
  list: (page: number, workspace?: string | null) => ["series", "list", page, workspace ?? null] as const,
  detail: (id: string) => ["series", "detail", id] as const,
  public: (id: string) => ["series", "public", id] as const,
  room: (id: string) => ["series", "room", id] as const,
};

export const seriesApi = {
  /** The personal series, or (`workspace`, the header's current one) a workspace's. */
  list: (page: number, workspace?: string | null) =>
    api.get<Paginated<SeriesSummary>>("/series/", { query: { page, workspace: workspace ?? undefined } }),
  get: (id: string) => requestById(id, isUuid, () => api.get<Series>(`/series/${id}/`)),
  getPublic: (id: string) => requestById(id, isUuid, () => api.get<Series>(`/series/${id}/public/`)),
  create: (body: SeriesCreateBody, workspace?: string | null) =>
    api.post<Series>("/series/", body, workspace ? { query: { workspace } } : {}),
  startGame: (id: string, blueTeam?: SeriesTeam) =>
    api.post<Series>(`/series/${id}/games/`, blueTeam ? { blue_team: blueTeam } : {}),
  setWinner: (id: string, number: number, winner: SeriesTeam | null) =>
    api.patch<Series>(`/series/${id}/games/${number}/`, { winner }),
  remove: (id: string) => api.delete<void>(`/series/${id}/`),
  /** The series' one live room (links stay the same for every game); tokens only in this answer. */
  openRoom: (id: string, timers: { turn_seconds: number; bank_seconds: number }) =>
    api.post<Room>(`/series/${id}/room/`, timers),
  /** The series' live room (404 when it has none). */
  room: (id: string) => api.get<Room>(`/series/${id}/room/`),
};

/**
 * A series answer as packages/draft's series rules take it (`lockedFor`, `draftLocks`,
 * `seriesScore`).
 *
 * @example
 * lockedFor(seriesInput(series), 3, "A");
 */
export function seriesInput(series: Series): SeriesInput {
  return {
    best_of: series.best_of as BestOf,
    rule: series.rule,
    disabled: series.disabled_champions,
    side_choice: series.side_choice,
    scrim_block: series.scrim_block,
    games: series.games.map((game) => ({
      number: game.number,
      blue: game.blue_team,
      winner: game.winner,
      actions: game.actions,
    })),
  };
}

/** A team's display name in a series. */
export function seriesTeamName(series: Pick<Series, "team_a" | "team_b">, team: SeriesTeam): string {
  return team === "A" ? series.team_a.name : series.team_b.name;
}
