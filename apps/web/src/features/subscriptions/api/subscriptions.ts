import type { Paginated, Subscription, Tier } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, listResults } from "@/lib/api.ts";

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  tiers: () => [...subscriptionKeys.all, "tiers"] as const,
  current: () => [...subscriptionKeys.all, "current"] as const,
};

export function fetchTiers(): Promise<Tier[]> {
  return api.get<Tier[] | Paginated<Tier>>("/subscriptions/tiers/").then(listResults);
}

/** The user's subscription: the active one when several are listed, else the newest. */
export async function fetchCurrentSubscription(): Promise<Subscription | null> {
  const list = listResults(await api.get<Subscription[] | Paginated<Subscription>>("/subscriptions/"));
  return list.find((subscription) => subscription.is_active) ?? list[0] ?? null;
}

export function useTiers() {
  return useQuery({ queryKey: subscriptionKeys.tiers(), queryFn: fetchTiers, staleTime: 5 * 60_000 });
}

export function useCurrentSubscription() {
  return useQuery({ queryKey: subscriptionKeys.current(), queryFn: fetchCurrentSubscription });
}

/** Starts the one-time 14-day Pro trial. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierId: number) =>
      api.post<Subscription>("/subscriptions/", { tier_id: tierId, trial: true }),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(subscriptionKeys.current(), subscription);
      // Limits and gated screens (drafts, analytics) depend on the plan: refresh them all.
      await queryClient.invalidateQueries();
    },
  });
}
