import type { Paginated, Subscription, Tier } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, listResults } from "@/lib/api.ts";
import { currentSubscriptionKey } from "@/lib/subscription.ts";

export const subscriptionKeys = {
  all: ["subscriptions"] as const,
  tiers: () => [...subscriptionKeys.all, "tiers"] as const,
};

export function fetchTiers(): Promise<Tier[]> {
  return api.get<Tier[] | Paginated<Tier>>("/subscriptions/tiers/").then(listResults);
}

export function useTiers() {
  return useQuery({ queryKey: subscriptionKeys.tiers(), queryFn: fetchTiers, staleTime: 5 * 60_000 });
}

/** Starts the one-time 14-day Pro trial. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tierId: number) =>
      api.post<Subscription>("/subscriptions/", { tier_id: tierId, trial: true }),
    onSuccess: async (subscription) => {
      queryClient.setQueryData(currentSubscriptionKey, subscription);
      // Limits and gated screens (drafts, analytics) depend on the plan: refresh them all.
      await queryClient.invalidateQueries();
    },
  });
}
