import {
  isUuid,
  type League,
  type Paginated,
  type Review,
  type ReviewWriteBody,
  type Team,
} from "@draftroom/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, listResults } from "@/lib/api.ts";

export interface ReviewFilters {
  page: number;
  league: number | null;
  team: number | null;
  season: string;
  status: Review["status"] | null;
  /** The header's current workspace (null: the personal, shared reviews). */
  workspace: string | null;
}

/** Whether a route param can name a review (its public id, a uuid) before asking the server. */
export const isReviewId = (id: string): boolean => isUuid(id);

export const reviewKeys = {
  all: ["reviews"] as const,
  lists: () => [...reviewKeys.all, "list"] as const,
  list: (filters: ReviewFilters) => [...reviewKeys.lists(), filters] as const,
  detail: (id: string) => [...reviewKeys.all, "detail", id] as const,
  leagues: () => ["leagues"] as const,
  teams: (leagueId: number) => ["leagues", leagueId, "teams"] as const,
};

function toPage<T>(data: Paginated<T> | T[]): Paginated<T> {
  return Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data;
}

export function useReviews(filters: ReviewFilters) {
  return useQuery({
    queryKey: reviewKeys.list(filters),
    queryFn: () =>
      api
        .get<Paginated<Review> | Review[]>("/rosters/reviews/", {
          query: {
            page: filters.page,
            league: filters.league,
            team: filters.team,
            season: filters.season.trim(),
            status: filters.status,
            workspace: filters.workspace,
          },
        })
        .then(toPage),
    placeholderData: keepPreviousData,
  });
}

export function useReview(id: string) {
  return useQuery({
    queryKey: reviewKeys.detail(id),
    queryFn: () => api.get<Review>(`/rosters/reviews/${id}/`),
    enabled: isReviewId(id),
  });
}

export function useLeagues() {
  return useQuery({
    queryKey: reviewKeys.leagues(),
    queryFn: () => api.get<League[] | Paginated<League>>("/drafts/leagues/").then(listResults),
    staleTime: 5 * 60_000,
  });
}

export function useTeams(leagueId: number | null) {
  return useQuery({
    queryKey: reviewKeys.teams(leagueId ?? 0),
    queryFn: () => api.get<Team[] | Paginated<Team>>(`/drafts/leagues/${leagueId}/teams/`).then(listResults),
    enabled: leagueId !== null && leagueId > 0,
    staleTime: 5 * 60_000,
  });
}

/** Writes a review in the personal space, or in `workspace` (the header's current one). */
export function useCreateReview(workspace: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewWriteBody) =>
      api.post<Review>("/rosters/reviews/", body, workspace ? { query: { workspace } } : {}),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKeys.detail(review.id), review);
      return queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    },
  });
}

export function useUpdateReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewWriteBody) => api.put<Review>(`/rosters/reviews/${id}/`, body),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKeys.detail(review.id), review);
      return queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    },
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/rosters/reviews/${id}/`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: reviewKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    },
  });
}
