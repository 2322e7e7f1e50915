import {
  type ApiError,
  type DataSourceName,
  type DataSources,
  type DataUpdateRun,
  type MatchImportResult,
  type MatchSummary,
  STORAGE_KEYS,
} from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { API_BASE, api, parseApiError } from "@/lib/api.ts";
import { storage } from "@/lib/storage.ts";

export const dataKeys = { summary: ["matches", "summary"] as const };

/** The imported games' summary: the page's content (and, in `can_import`, whether it shows the sources). */
export const matchSummaryQuery = queryOptions({
  queryKey: dataKeys.summary,
  queryFn: () => api.get<MatchSummary>("/matches/summary/"),
});

export function useMatchSummary() {
  return useQuery(matchSummaryQuery);
}

/** An upload that the server refused as a whole (401, 403, 413, 400 …) or that never arrived. */
export class UploadError extends Error {
  readonly status: number;
  readonly body: ApiError | null;
  constructor(status: number, body: ApiError | null) {
    super(body?.detail ?? `upload failed (${status})`);
    this.status = status;
    this.body = body;
  }
}

/**
 * Sends a CSV file to `POST /api/matches/imports/` and reports the bytes sent (`onProgress`,
 * 0-1). XMLHttpRequest, not fetch: only it reports upload progress. Resolves with the import's
 * result (imported, or rejected with its problems).
 */
export function uploadMatches(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<MatchImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${API_BASE}/matches/imports/`);
    request.setRequestHeader("Content-Type", "text/csv");
    request.setRequestHeader("Accept", "application/json");
    const token = storage.get(STORAGE_KEYS.authToken);
    if (token) request.setRequestHeader("Authorization", `Token ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200) resolve(body as MatchImportResult);
      else reject(new UploadError(request.status, parseApiError(body)));
    };
    request.onerror = () => reject(new UploadError(0, null));
    request.send(file);
  });
}

export const updateKeys = { sources: ["data", "sources"] as const };

/** Each data source's state (data administrators only). */
export const dataSourcesQuery = queryOptions({
  queryKey: updateKeys.sources,
  queryFn: () => api.get<DataSources>("/data/sources/"),
});

/** Each data source's state; polled every 2 s while an update runs. */
export function useDataSources() {
  return useQuery({
    ...dataSourcesQuery,
    refetchInterval: (query) =>
      query.state.data?.sources.some((source) => source.running !== null) ? 2000 : false,
  });
}

export function startUpdate(source: DataSourceName): Promise<DataUpdateRun> {
  return api.post<DataUpdateRun>(`/data/sources/${source}/update/`);
}
