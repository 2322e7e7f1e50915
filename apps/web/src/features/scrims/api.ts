import type {
  Champion,
  DraftPlan,
  DraftPlanSummary,
  RosterPlayer,
  Scrim,
  ScrimAuditEntry,
  ScrimCreateBody,
  ScrimDraftLogBody,
  ScrimLedgerFilters,
  ScrimResultBody,
  ScrimReviewBody,
  ScrimSummary,
  ScrimUpdateBody,
} from "@draftroom/contracts";
import { isUuid, STORAGE_KEYS } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchScrimAnalytics, scrimAnalyticsKey } from "@/components/scrims/scrim-analytics.ts";
import { saveFile } from "@/components/share/share-api.ts";
import { ApiRequestError, api, buildUrl, listResults, parseApiError, requestById } from "@/lib/api.ts";
import { collabKeys, workspaceQuery } from "@/lib/collab-api.ts";
import { scrimsKey } from "@/lib/scrim-of-draft.ts";
import { storage } from "@/lib/storage.ts";

/** Server state of the scrim ledger (issue 33): one cache key per resource. */
export const scrimKeys = {
  workspace: collabKeys.workspace,
  roster: (id: string) => ["workspaces", "roster", id] as const,
  champions: ["workspaces", "champions"] as const,
  plans: (workspaceId: string) => ["draft-plans", "list", workspaceId] as const,
  plan: (id: string) => ["draft-plans", "plan", id] as const,
  all: scrimsKey,
  list: (workspaceId: string) => ["scrims", "list", workspaceId] as const,
  one: (id: string) => ["scrims", "one", id] as const,
  tags: (workspaceId: string) => ["scrims", "tags", workspaceId] as const,
  history: (id: string, gameId: string) => ["scrims", "history", id, gameId] as const,
  analytics: scrimAnalyticsKey,
};

/** Query values the server reads: empty filters are left out rather than sent blank. */
function query(filters: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""),
  );
}

export const scrimsApi = {
  // The workspace, its roster, the champions and its plans: read here too (features never import
  // each other), under the same cache keys the workspace and plan pages use.
  roster: (id: string) => api.get<RosterPlayer[]>(`/workspaces/${id}/roster/`),
  champions: () => api.get<Champion[] | { results: Champion[] }>("/drafts/champions/").then(listResults),
  plans: (workspaceId: string) =>
    api
      .get<{ results: DraftPlanSummary[] }>("/draft-plans/", { query: { workspace_id: workspaceId } })
      .then((answer) => answer.results),
  plan: (id: string) => api.get<DraftPlan>(`/draft-plans/${id}/`),
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
  get: (id: string) => requestById(id, isUuid, () => api.get<Scrim>(`/scrims/${id}/`)),
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
    fetchScrimAnalytics(workspaceId, filters),
};

export function useWorkspace(id: string) {
  return useQuery({ ...workspaceQuery(id), enabled: id !== "" });
}

export function useRoster(workspaceId: string, enabled = true) {
  return useQuery({
    queryKey: scrimKeys.roster(workspaceId),
    queryFn: () => scrimsApi.roster(workspaceId),
    enabled,
  });
}

export function useChampions() {
  return useQuery({ queryKey: scrimKeys.champions, queryFn: scrimsApi.champions, staleTime: 300_000 });
}

export function usePlans(workspaceId: string) {
  return useQuery({ queryKey: scrimKeys.plans(workspaceId), queryFn: () => scrimsApi.plans(workspaceId) });
}

export function usePlan(id: string) {
  return useQuery({ queryKey: scrimKeys.plan(id), queryFn: () => scrimsApi.plan(id), enabled: id !== "" });
}

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
      mutationFn: ({ id, body }: { id: string; body: ScrimUpdateBody }) =>
        scrimsApi.update(id, body).then(stored),
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

/**
 * The ledger as CSV, written by the server for the same filters (`export` capability: staff), and
 * saved as a file under the server's name. The web never builds its own copy of the columns.
 */
export async function downloadLedgerCsv(workspaceId: string, filters: ScrimLedgerFilters): Promise<void> {
  const token = storage.get(STORAGE_KEYS.authToken);
  const response = await fetch(
    buildUrl(
      `/workspaces/${workspaceId}/scrims/export/`,
      query(filters as Record<string, string | undefined>),
    ),
    { headers: token ? { Authorization: `Token ${token}` } : {} },
  );
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const error = parseApiError(body);
    throw new ApiRequestError({
      kind: "HTTP_ERROR",
      status: response.status,
      error,
      body,
      message: error?.detail ?? `Request failed with status ${response.status}`,
    });
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  saveFile(await response.blob(), named ?? "scrim-ledger.csv");
}
