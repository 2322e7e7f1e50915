import type { PracticeStartBody } from "@draftroom/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { practiceApi, practiceKeys } from "./api.ts";

/** The practice of a session, or null when it is not one (also asked for ahead by the board). */
export const sessionPracticeQuery = (sessionId: string) =>
  queryOptions({
    queryKey: practiceKeys.session(sessionId),
    queryFn: () => practiceApi.ofSession(sessionId),
    staleTime: 60_000,
  });

/**
 * The practice of a session, or null when it is not one. Once the draft is complete the server
 * stores the review a moment later: until it is there, look again every second.
 */
export function usePractice(sessionId: string, complete: boolean) {
  return useQuery({
    ...sessionPracticeQuery(sessionId),
    refetchInterval: (query) => (complete && query.state.data && !query.state.data.review ? 1000 : false),
  });
}

export function usePracticeTeams(enabled: boolean) {
  return useQuery({
    queryKey: practiceKeys.teams,
    queryFn: practiceApi.teams,
    enabled,
    staleTime: 60_000,
  });
}

/** Starts a practice and goes to its room with the user's captain link. */
export function useStartPractice() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: PracticeStartBody) => practiceApi.start(body),
    onSuccess: (started) => navigate(started.path),
  });
}
