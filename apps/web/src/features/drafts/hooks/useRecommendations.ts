import type { Champion, DraftSession, PriorityEntry } from "@draftroom/contracts";
import { type DraftState, type Reason, type RecommendResult, recommend, type Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { draftKeys, draftsApi } from "../api/drafts.ts";
import { translateKey } from "../utils/errors.ts";

/** A team's saved priorities; none (or a failing call) means no priorities. */
export function useTeamPriorities(teamId: number | null | undefined) {
  return useQuery({
    queryKey: draftKeys.priorities(teamId ?? 0),
    queryFn: () => draftsApi.getPriorities(teamId!).catch(() => [] as PriorityEntry[]),
    enabled: Boolean(teamId),
    staleTime: 30_000,
  });
}

/**
 * Recommendations for the team on the clock. The engine ranks them in the browser from the draft
 * state, the pool and both teams' priorities, so they follow every action instantly; once the
 * server has confirmed the step, its answer (same engine, plus match statistics) replaces them.
 */
export function useRecommendations(
  session: DraftSession | null,
  state: DraftState | null,
  champions: readonly Champion[] | null,
  settled: boolean,
  limit = 5,
): RecommendResult | null {
  const blue = useTeamPriorities(session?.blue_team?.id);
  const red = useTeamPriorities(session?.red_team?.id);
  const step = state?.actions.length ?? -1;
  const server = useQuery({
    queryKey: draftKeys.recommendations(session?.id ?? "", step),
    queryFn: () => draftsApi.getRecommendations(session!.id, limit),
    enabled: Boolean(session) && settled && step >= 0 && step < 20,
    staleTime: 30_000,
  });
  const local = useMemo(() => {
    if (!state || !champions || champions.length === 0) return null;
    const priorities: Partial<Record<Side, readonly PriorityEntry[]>> = {
      BLUE: blue.data ?? [],
      RED: red.data ?? [],
    };
    return recommend({ state, champions, priorities, limit });
  }, [state, champions, blue.data, red.data, limit]);
  // The server's answer counts only while it still describes this step and these priorities.
  const fresh =
    server.data && server.dataUpdatedAt >= Math.max(blue.dataUpdatedAt, red.dataUpdatedAt)
      ? server.data
      : null;
  if (fresh && local && settled && fresh.side === local.side && fresh.action === local.action) {
    return {
      ...local,
      items: fresh.items as unknown as RecommendResult["items"],
      summary: fresh.summary as unknown as RecommendResult["summary"],
      basis: fresh.basis,
    };
  }
  return local;
}

/** A recommendation reason or summary entry in the user's language. */
export function reasonText(reason: Reason): string {
  const params: Record<string, unknown> = { ...reason.params };
  if (typeof params.position === "string")
    params.position = translateKey(`drafts:positions.${params.position}`);
  return translateKey(`drafts:${reason.key}`, params);
}
