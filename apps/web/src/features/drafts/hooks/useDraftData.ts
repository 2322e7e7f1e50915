import { useQuery } from "@tanstack/react-query";
import { leaguesQuery } from "@/lib/leagues.ts";
import { useCurrentSubscription } from "@/lib/subscription.ts";
import { draftKeys, draftsApi } from "../api/drafts.ts";

export function useLeagues(enabled = true) {
  return useQuery({ ...leaguesQuery, enabled });
}

export function useTeams(leagueId: number | null) {
  return useQuery({
    queryKey: draftKeys.teams(leagueId ?? 0),
    queryFn: () => draftsApi.listTeams(leagueId!),
    enabled: leagueId !== null,
    staleTime: 60_000,
  });
}

/** Drafts a finite plan still allows, or null for unlimited plans (or while unknown). */
export function useDraftsLeft(): { left: number | null; max: number | null } {
  const { data } = useCurrentSubscription({ staleTime: 30_000 });
  const max = data?.tier.features.max_drafts;
  if (!data || max === undefined || max < 0) return { left: null, max: null };
  return { left: Math.max(0, max - data.usage.drafts_used), max };
}
