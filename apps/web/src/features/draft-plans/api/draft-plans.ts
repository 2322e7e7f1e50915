import {
  type Champion,
  type DraftPlan,
  type DraftPlanAnalysis,
  type DraftPlanBudget,
  type DraftPlanContentBody,
  type DraftPlanDrillBody,
  type DraftPlanFile,
  isUuid,
  type Language,
  STORAGE_KEYS,
} from "@draftroom/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { saveFile } from "@/components/share/share-api.ts";
import { ApiRequestError, api, buildUrl, listResults, parseApiError, requestById } from "@/lib/api.ts";
import { draftPlanListKey } from "@/lib/draft-plan-list.ts";
import { storage } from "@/lib/storage.ts";

/** Server state of draft plans (decision 020). */

export const draftPlanKeys = {
  all: ["draft-plans"] as const,
  list: draftPlanListKey,
  plan: (id: string) => [...draftPlanKeys.all, "plan", id] as const,
  versions: (id: string) => [...draftPlanKeys.all, "versions", id] as const,
  champions: ["draft-plans", "champions"] as const,
};

export interface DraftPlanVersion {
  version: number;
  name: string;
  created_by: number | null;
  created_at: string;
  restored_from: number | null;
}

/** The champions the plans pick from, and a plan: for the screens and their page loads' aheads. */
export const draftPlanQueries = {
  champions: queryOptions({
    queryKey: draftPlanKeys.champions,
    queryFn: () => api.get<Champion[] | { results: Champion[] }>("/drafts/champions/").then(listResults),
    staleTime: 5 * 60_000,
  }),
  plan: (id: string) =>
    queryOptions({
      queryKey: draftPlanKeys.plan(id),
      queryFn: () => requestById(id, isUuid, () => api.get<DraftPlan>(`/draft-plans/${id}/`)),
    }),
};

export function useChampionList() {
  return useQuery(draftPlanQueries.champions);
}

export function useDraftPlan(id: string) {
  return useQuery(draftPlanQueries.plan(id));
}

export function useDraftPlanVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: draftPlanKeys.versions(id),
    queryFn: () =>
      api.get<{ results: DraftPlanVersion[] }>(`/draft-plans/${id}/versions/`).then((data) => data.results),
    enabled,
  });
}

export function useDraftPlanMutations() {
  const client = useQueryClient();
  const stored = (plan: DraftPlan) => {
    client.setQueryData(draftPlanKeys.plan(plan.id), plan);
    void client.invalidateQueries({ queryKey: [...draftPlanKeys.all, "list"] });
    void client.invalidateQueries({ queryKey: draftPlanKeys.versions(plan.id) });
    return plan;
  };
  return {
    create: useMutation({
      mutationFn: (body: { workspace_id: string | null; content: DraftPlanContentBody }) =>
        api.post<DraftPlan>("/draft-plans/", body).then(stored),
    }),
    save: useMutation({
      mutationFn: ({
        id,
        content,
        base_version,
      }: {
        id: string;
        content: DraftPlanContentBody;
        base_version: number;
      }) => api.put<DraftPlan>(`/draft-plans/${id}/`, { content, base_version }).then(stored),
    }),
    restore: useMutation({
      mutationFn: ({ id, version }: { id: string; version: number }) =>
        api.post<DraftPlan>(`/draft-plans/${id}/versions/${version}/restore/`).then(stored),
    }),
    duplicate: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.post<DraftPlan>(`/draft-plans/${id}/duplicate/`, { name }).then(stored),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/draft-plans/${id}/`),
      onSuccess: () => void client.invalidateQueries({ queryKey: [...draftPlanKeys.all, "list"] }),
    }),
    importFile: useMutation({
      mutationFn: (body: { workspace_id: string | null; file: DraftPlanFile }) =>
        api.post<DraftPlan>("/draft-plans/import/", body).then(stored),
    }),
    analyse: useMutation({
      mutationFn: ({ id, body }: { id: string; body: DraftPlanDrillBody }) =>
        api.post<DraftPlanAnalysis>(`/draft-plans/${id}/analysis/`, body),
    }),
  };
}

export function exportDraftPlan(id: string) {
  return api.get<DraftPlanFile>(`/draft-plans/${id}/export/`);
}

export function useFearlessBudget() {
  return useMutation({
    mutationFn: (games: { game: number; plan_id: string }[]) =>
      api.post<DraftPlanBudget>("/draft-plans/budget/", { games }),
  });
}

/** The plan's one-page PNG sheet (server-drawn, A4 at 150 dpi), saved as a file. */
export async function downloadPlanSheet(id: string, lang: Language, name: string): Promise<void> {
  const token = storage.get(STORAGE_KEYS.authToken);
  const response = await fetch(buildUrl(`/draft-plans/${id}/sheet.png`, { lang }), {
    headers: token ? { Authorization: `Token ${token}` } : {},
  });
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
  saveFile(await response.blob(), `${name.replace(/[^\p{L}\p{N}_-]+/gu, "-") || "draft-plan"}.png`);
}
