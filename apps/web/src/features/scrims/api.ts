import type {
  Scrim,
  ScrimAnalytics,
  ScrimAuditEntry,
  ScrimCreateBody,
  ScrimDraftLogBody,
  ScrimLedgerFilters,
  ScrimLedgerRow,
  ScrimResultBody,
  ScrimReviewBody,
  ScrimSummary,
  ScrimUpdateBody,
} from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api.ts";

/** Server state of the scrim ledger (issue 33): one cache key per resource. */
export const scrimKeys = {
  all: ["scrims"] as const,
  list: (workspaceId: string) => ["scrims", "list", workspaceId] as const,
  one: (id: string) => ["scrims", "one", id] as const,
  tags: (workspaceId: string) => ["scrims", "tags", workspaceId] as const,
  history: (id: string, gameId: string) => ["scrims", "history", id, gameId] as const,
  analytics: (workspaceId: string, filters: ScrimLedgerFilters & { player?: string }) =>
    ["scrims", "analytics", workspaceId, filters] as const,
};

/** Query values the server reads: empty filters are left out rather than sent blank. */
function query(filters: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
}

export const scrimsApi = {
  /** Every scrim of a workspace: the server pages by 50; the ledger page shows them all. */
  list: async (workspaceId: string): Promise<ScrimSummary[]> => {
    const all: ScrimSummary[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const answer = await api.get<{ results: ScrimSummary[]; next: string | null }>(
        `/workspaces/${workspaceId}/scrims/`,
        { query: { page: String(page) } },
      );
      all.push(...answer.results);
      if (!answer.next) break;
    }
    return all;
  },
  get: (id: string) => api.get<Scrim>(`/scrims/${id}/`),
  create: (workspaceId: string, body: ScrimCreateBody) =>
    api.post<Scrim>(`/workspaces/${workspaceId}/scrims/`, body),
  update: (id: string, body: ScrimUpdateBody) => api.patch<Scrim>(`/scrims/${id}/`, body),
  remove: (id: string) => api.delete(`/scrims/${id}/`),
  logDraft: (id: string, gameId: string, body: ScrimDraftLogBody) =>
    api.put<Scrim>(`/scrims/${id}/games/${gameId}/draft/`, body),
  saveResult: (id: string, gameId: string, body: ScrimResultBody) =>
    api.put<Scrim>(`/scrims/${id}/games/${gameId}/result/`, body),
  clearResult: (id: string, gameId: string) => api.delete(`/scrims/${id}/games/${gameId}/result/`),
  saveReview: (id: string, gameId: string, body: ScrimReviewBody) =>
    api.put<Scrim>(`/scrims/${id}/games/${gameId}/review/`, body),
  history: (id: string, gameId: string) =>
    api.get<ScrimAuditEntry[]>(`/scrims/${id}/games/${gameId}/history/`),
  tags: (workspaceId: string) =>
    api.get<{ suggestions: { tag: string; uses: number }[] }>(`/workspaces/${workspaceId}/scrims/tags/`),
  analytics: (workspaceId: string, filters: ScrimLedgerFilters & { player?: string }) =>
    api.get<ScrimAnalytics>(`/workspaces/${workspaceId}/scrims/analytics/`, {
      query: query(filters as Record<string, string | undefined>),
    }),
  ledger: (workspaceId: string, filters: ScrimLedgerFilters) =>
    api
      .get<{ rows: ScrimLedgerRow[]; mixed: boolean }>(`/workspaces/${workspaceId}/scrims/ledger/`, {
        query: query(filters as Record<string, string | undefined>),
      })
      .then((answer) => answer.rows),
};

export function useScrims(workspaceId: string) {
  return useQuery({ queryKey: scrimKeys.list(workspaceId), queryFn: () => scrimsApi.list(workspaceId) });
}

export function useScrim(id: string) {
  return useQuery({ queryKey: scrimKeys.one(id), queryFn: () => scrimsApi.get(id), enabled: id !== "" });
}

export function useScrimTags(workspaceId: string) {
  return useQuery({
    queryKey: scrimKeys.tags(workspaceId),
    queryFn: () => scrimsApi.tags(workspaceId).then((answer) => answer.suggestions),
    staleTime: 60_000,
  });
}

export function useScrimAnalytics(workspaceId: string, filters: ScrimLedgerFilters & { player?: string }) {
  return useQuery({
    queryKey: scrimKeys.analytics(workspaceId, filters),
    queryFn: () => scrimsApi.analytics(workspaceId, filters),
    enabled: workspaceId !== "",
  });
}

/** Writes answer the whole scrim: it replaces the cached one, the lists and figures refresh. */
export function useScrimMutations() {
  const client = useQueryClient();
  const stored = (scrim: Scrim) => {
    client.setQueryData(scrimKeys.one(scrim.id), scrim);
    void client.invalidateQueries({ queryKey: ["scrims", "list"] });
    void client.invalidateQueries({ queryKey: ["scrims", "analytics"] });
    void client.invalidateQueries({ queryKey: ["scrims", "history", scrim.id] });
    return scrim;
  };
  return {
    create: useMutation({
      mutationFn: ({ workspaceId, body }: { workspaceId: string; body: ScrimCreateBody }) =>
        scrimsApi.create(workspaceId, body).then(stored),
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ScrimUpdateBody }) => scrimsApi.update(id, body).then(stored),
    }),
    remove: useMutation({
      mutationFn: (id: string) => scrimsApi.remove(id),
      onSuccess: () => void client.invalidateQueries({ queryKey: scrimKeys.all }),
    }),
    logDraft: useMutation({
      mutationFn: ({ id, gameId, body }: { id: string; gameId: string; body: ScrimDraftLogBody }) =>
        scrimsApi.logDraft(id, gameId, body).then(stored),
    }),
    saveResult: useMutation({
      mutationFn: ({ id, gameId, body }: { id: string; gameId: string; body: ScrimResultBody }) =>
        scrimsApi.saveResult(id, gameId, body).then(stored),
    }),
    saveReview: useMutation({
      mutationFn: ({ id, gameId, body }: { id: string; gameId: string; body: ScrimReviewBody }) =>
        scrimsApi.saveReview(id, gameId, body).then(stored),
    }),
  };
}
