import type { DraftPlanLiveAnswer, DraftPlanSummary } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api.ts";
import { workspacesQuery } from "@/lib/collab-api.ts";

/** Where a plan is followed: the owner's board of a session, or one team of a live room. */
export type PlanTarget =
  | { readonly kind: "session"; readonly sessionId: string }
  | { readonly kind: "room"; readonly roomId: string; readonly token: string; readonly team: RoomTeam };

const liveKey = (target: PlanTarget) =>
  target.kind === "session"
    ? (["draft-plans", "live", "session", target.sessionId] as const)
    : (["draft-plans", "live", "room", target.roomId, target.team] as const);

/** The plan followed here (the server answers only the owner, the team's seats and plan readers). */
export const planLiveQuery = (target: PlanTarget, signal = 0) =>
  queryOptions({
    queryKey: [...liveKey(target), signal],
    queryFn: () =>
      target.kind === "session"
        ? api.get<DraftPlanLiveAnswer>(`/draft-plans/live/sessions/${target.sessionId}/`)
        : api.post<DraftPlanLiveAnswer>(`/draft-plans/live/rooms/${target.roomId}/view/`, {
            token: target.token,
          }),
    staleTime: 30_000,
  });

export function usePlanLive(target: PlanTarget, signal = 0) {
  return useQuery({ ...planLiveQuery(target, signal), select: (data) => data.selection });
}

export interface ReadablePlan extends DraftPlanSummary {
  readonly owner: string | null;
}

/**
 * Every plan the signed-in user may read: personal ones and their workspaces'. The workspaces come
 * from the app's cached list (the header has usually asked for it already), not a request of their own.
 */
export const readablePlansQuery = (client: QueryClient) =>
  queryOptions({
    queryKey: ["draft-plans", "readable"],
    staleTime: 60_000,
    queryFn: async () => {
      const workspaces = await client.ensureQueryData(workspacesQuery).catch(() => []);
      const lists = await Promise.all(
        [null, ...workspaces].map((w) =>
          api
            .get<{ results: DraftPlanSummary[] }>("/draft-plans/", { query: { workspace_id: w?.id } })
            .then((data) => data.results.map((p): ReadablePlan => ({ ...p, owner: w?.name ?? null })))
            .catch(() => [] as ReadablePlan[]),
        ),
      );
      return lists.flat();
    },
  });

export function useReadablePlans(enabled: boolean) {
  return useQuery({ ...readablePlansQuery(useQueryClient()), enabled });
}

export function usePlanLiveMutations(target: PlanTarget) {
  const client = useQueryClient();
  const stored = (data: DraftPlanLiveAnswer) => {
    client.setQueriesData({ queryKey: liveKey(target) }, data);
    return data.selection;
  };
  const base =
    target.kind === "session"
      ? `/draft-plans/live/sessions/${target.sessionId}/`
      : `/draft-plans/live/rooms/${target.roomId}/`;
  return {
    select: useMutation({
      mutationFn: ({ planId, side }: { planId: string | null; side: Side }) =>
        (target.kind === "session"
          ? api.put<DraftPlanLiveAnswer>(base, { plan_id: planId, side })
          : api.put<DraftPlanLiveAnswer>(base, { plan_id: planId, token: target.token })
        ).then(stored),
    }),
    review: useMutation({
      mutationFn: () =>
        api
          .post<DraftPlanLiveAnswer>(
            `${base}review/`,
            target.kind === "session" ? undefined : { token: target.token },
          )
          .then(stored),
    }),
  };
}
