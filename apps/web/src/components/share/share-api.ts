import {
  type DraftAction,
  type DraftExport,
  type DraftSession,
  type ImageSize,
  type ImageTheme,
  type Language,
  type SeriesExport,
  STORAGE_KEYS,
} from "@draftroom/contracts";
import { ApiRequestError, api, buildUrl, parseApiError } from "@/lib/api.ts";
import { storage } from "@/lib/storage.ts";

/** What is shared: a draft session or a series, seen by its owner or through the public link. */
export interface ShareSubject {
  readonly kind: "draft" | "series";
  readonly id: string;
  readonly title: string;
  readonly access: "owner" | "public";
}

/** `/drafts/sessions/{id}/image.png`, or the public variant, for the API. */
export function imagePath(subject: ShareSubject): string {
  const base = subject.kind === "draft" ? `/drafts/sessions/${subject.id}` : `/series/${subject.id}`;
  return subject.access === "owner" ? `${base}/image.png` : `${base}/public/image.png`;
}

/** A file name from the title: `draft-t1-vs-gen-social.png`. */
export function fileName(subject: ShareSubject, suffix: string, extension: "png" | "json"): string {
  const slug = subject.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${subject.kind}-${slug || subject.kind}${suffix ? `-${suffix}` : ""}.${extension}`;
}

/** The PNG card; rejects with an ApiRequestError like every other call. */
export async function fetchImage(
  subject: ShareSubject,
  options: { size: ImageSize; theme: ImageTheme; lang: Language },
): Promise<Blob> {
  const token = subject.access === "owner" ? storage.get(STORAGE_KEYS.authToken) : null;
  let response: Response;
  try {
    response = await fetch(buildUrl(imagePath(subject), options), {
      headers: token ? { Authorization: `Token ${token}` } : {},
    });
  } catch {
    throw new ApiRequestError({ kind: "FETCH_ERROR", message: "Network request failed" });
  }
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
  return response.blob();
}

/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const shareApi = {
  /** A draft's actions: the owner's list, or the public view's. */
  draftActions: async (subject: ShareSubject): Promise<DraftAction[]> =>
    subject.access === "owner"
      ? api.get<DraftAction[]>(`/drafts/sessions/${subject.id}/actions/`)
      : (await api.get<{ actions: DraftAction[] }>(`/drafts/sessions/${subject.id}/public/`)).actions,
  exportDraft: (id: string) => api.get<DraftExport>(`/drafts/sessions/${id}/export/`),
  exportSeries: (id: string) => api.get<SeriesExport>(`/series/${id}/export/`),
  /** Into the workspace when one is given (the caller may write drafts there), else the personal space. */
  importDraft: (file: unknown, workspace: string | null = null) =>
    api.post<DraftSession>("/drafts/sessions/import/", file, workspace ? { query: { workspace } } : {}),
};
