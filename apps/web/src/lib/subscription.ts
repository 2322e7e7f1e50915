import type { Paginated, Subscription } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { api, listResults } from "./api.ts";

/**
 * The signed-in user's current subscription: one fetcher under one cache key, shared by every
 * screen that reads the plan (drafts limits, analytics access, the plans screen).
 */
export const currentSubscriptionKey = ["subscriptions", "current"] as const;

/** The active subscription when several are listed, else the newest; null when there is none. */
export async function fetchCurrentSubscription(): Promise<Subscription | null> {
  const list = listResults(await api.get<Subscription[] | Paginated<Subscription>>("/subscriptions/"));
  return list.find((subscription) => subscription.is_active) ?? list[0] ?? null;
}

/** The current plan's query: the screens that read it and those that ask for it ahead. */
export const currentSubscriptionQuery = {
  queryKey: currentSubscriptionKey,
  queryFn: fetchCurrentSubscription,
};

/** `staleTime` when given; otherwise the client's default (an explicit undefined would mean 0). */
export function useCurrentSubscription({ staleTime }: { staleTime?: number } = {}) {
  return useQuery(
    staleTime === undefined ? currentSubscriptionQuery : { ...currentSubscriptionQuery, staleTime },
  );
}
