import type { Practice, PracticeStart, PracticeStartBody, PracticeTeam } from "@draftroom/contracts";
import { api, isApiRequestError } from "@/lib/api.ts";

export const practiceApi = {
  /** Teams with history (imported games and the caller's finished drafts), most games first. */
  teams: () => api.get<{ teams: PracticeTeam[] }>("/practice/teams/?limit=500"),
  start: (body: PracticeStartBody) => api.post<PracticeStart>("/practice/", body),
  /** A new captain link for one of the caller's practices. */
  resume: (sessionId: string) => api.post<PracticeStart>(`/practice/sessions/${sessionId}/resume/`),
  /** The practice of a session (anyone with its public id); null when the session is not one. */
  ofSession: async (sessionId: string): Promise<Practice | null> => {
    try {
      return await api.get<Practice>(`/practice/sessions/${sessionId}/`);
    } catch (error) {
      if (isApiRequestError(error) && error.status === 404) return null;
      throw error;
    }
  },
};

export const practiceKeys = {
  teams: ["practice", "teams"] as const,
  session: (sessionId: string) => ["practice", "session", sessionId] as const,
};
