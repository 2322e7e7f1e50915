import type {
  Practice,
  PracticeLookup,
  PracticeStart,
  PracticeStartBody,
  PracticeTeam,
} from "@draftroom/contracts";
import { api } from "@/lib/api.ts";

export const practiceApi = {
  /** Teams with history (imported games and the caller's finished drafts), most games first. */
  teams: () => api.get<{ teams: PracticeTeam[] }>("/practice/teams/?limit=500"),
  start: (body: PracticeStartBody) => api.post<PracticeStart>("/practice/", body),
  /** A new captain link for one of the caller's practices. */
  resume: (sessionId: string) => api.post<PracticeStart>(`/practice/sessions/${sessionId}/resume/`),
  /**
   * The practice of a session (anyone with its public id); null when the session is not one. The
   * lookup answers 200 either way: every room and draft page asks, and a plain draft is no error.
   */
  ofSession: async (sessionId: string): Promise<Practice | null> =>
    (await api.get<PracticeLookup>(`/practice/sessions/${sessionId}/lookup/`)).practice,
};

export const practiceKeys = {
  teams: ["practice", "teams"] as const,
  session: (sessionId: string) => ["practice", "session", sessionId] as const,
};
