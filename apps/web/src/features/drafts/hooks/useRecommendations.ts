import type {
  Champion,
  DraftSession,
  PriorityEntry,
  Recommendations,
  WinEstimate,
} from "@draftroom/contracts";
import {
  type DraftState,
  isAvailable,
  type Reason,
  type RecommendResult,
  recommend,
  type Side,
} from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { formatNumber } from "@/lib/format.ts";
import { currentLanguage } from "@/lib/i18n.ts";
import { draftQueries, RECOMMENDATIONS_SHOWN } from "../api/drafts.ts";
import { translateKey } from "../utils/errors.ts";

/** A team's saved priorities; none (or a failing call) means no priorities. */
export function useTeamPriorities(teamId: number | null | undefined) {
  return useQuery({ ...draftQueries.priorities(teamId ?? 0), enabled: Boolean(teamId) });
}

/** The server's recommendations for a session at a step: one key, one function, for every reader. */
function recommendationsQuery(sessionId: string, step: number, enabled: boolean) {
  return {
    ...draftQueries.recommendations(sessionId, step),
    enabled: enabled && sessionId !== "" && step >= 0 && step <= 20,
  };
}

/** What the panel shows: the ranking, what it rests on (null while unknown) and the win estimate. */
export interface PanelRecommendations {
  readonly side: Side;
  readonly action: RecommendResult["action"];
  readonly items: RecommendResult["items"];
  /** Null until the server has said what the suggestions rest on (never a guess in between). */
  readonly summary: readonly Reason[] | null;
  readonly basis: (RecommendResult["basis"] & Partial<Pick<Recommendations["basis"], "sources">>) | null;
  /**
   * Whether the items are advice. False when nothing tells the champions apart (no statistics,
   * no priorities): the panel then hides them (they still feed the pick timer's expiry).
   */
  readonly advice: boolean;
  readonly winEstimate: WinEstimate | null;
}

const asItems = (server: Recommendations) => server.items as unknown as RecommendResult["items"];
const asSummary = (server: Recommendations) => server.summary as unknown as readonly Reason[];

/**
 * Recommendations for the team on the clock. Until the server (the same engine plus match
 * statistics and team history) has answered for this step, the panel keeps the last answer for
 * this session with the champions taken since removed (same side and action), else the engine's
 * own ranking in the browser; the "Based on" line and the win estimate always come from the
 * server's last answer, so they never flip to "no statistics" between two steps.
 */
export function useRecommendations(
  session: DraftSession | null,
  state: DraftState | null,
  champions: readonly Champion[] | null,
  settled: boolean,
): PanelRecommendations | null {
  const blue = useTeamPriorities(session?.blue_team?.id);
  const red = useTeamPriorities(session?.red_team?.id);
  const step = state?.actions.length ?? -1;
  const server = useQuery(
    recommendationsQuery(session?.id ?? "", step, Boolean(session) && settled && step < 20),
  );
  const last = useRef<{ sessionId: string; data: Recommendations } | null>(null);
  const local = useMemo(() => {
    if (!state || !champions || champions.length === 0) return null;
    const priorities: Partial<Record<Side, readonly PriorityEntry[]>> = {
      BLUE: blue.data ?? [],
      RED: red.data ?? [],
    };
    return recommend({ state, champions, priorities, limit: RECOMMENDATIONS_SHOWN });
  }, [state, champions, blue.data, red.data]);
  // The server's answer counts only while it still describes this step and these priorities.
  const fresh =
    local &&
    server.data &&
    settled &&
    server.dataUpdatedAt >= Math.max(blue.dataUpdatedAt, red.dataUpdatedAt) &&
    server.data.side === local.side &&
    server.data.action === local.action
      ? server.data
      : null;
  if (fresh && session) last.current = { sessionId: session.id, data: fresh };
  const previous = session && last.current?.sessionId === session.id ? last.current.data : null;
  const ready = session !== null;
  // One object per answer, so a memoised panel skips the renders that do not change it.
  return useMemo(() => {
    if (!local || !ready || !state) return null;
    const shown = fresh ?? previous;
    let items = local.items;
    if (fresh) items = asItems(fresh);
    else if (previous && previous.side === local.side && previous.action === local.action) {
      items = asItems(previous)
        .filter((item) => isAvailable(state, item.champion_id))
        .map((item, index) => ({ ...item, rank: index + 1 }));
    }
    return {
      side: local.side,
      action: local.action,
      items,
      summary: shown ? asSummary(shown) : null,
      basis: shown ? shown.basis : null,
      advice: shown ? shown.basis.advice : local.basis.advice,
      winEstimate: shown?.win_estimate ?? null,
    };
  }, [local, ready, state, fresh, previous]);
}

/** The win estimate of a session at a step (the completion panel reads it at step 20). */
export function useWinEstimate(sessionId: string, step: number): WinEstimate | null {
  const query = useQuery(recommendationsQuery(sessionId, step, true));
  return query.data?.win_estimate ?? null;
}

/**
 * A recommendation reason or summary entry in the user's language, its decimals in the reader's
 * notation ("73,1 %" in Spanish: the engine rounds rates to one decimal). Whole numbers, counts
 * among them, stay numbers for the plural rules.
 */
export function reasonText(reason: Reason): string {
  const params: Record<string, unknown> = { ...reason.params };
  for (const name of ["position", "other_position"]) {
    if (typeof params[name] === "string") params[name] = translateKey(`drafts:positions.${params[name]}`);
  }
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "number" && !Number.isInteger(value))
      params[name] = formatNumber(value, currentLanguage());
  }
  return translateKey(`drafts:${reason.key}`, params);
}
