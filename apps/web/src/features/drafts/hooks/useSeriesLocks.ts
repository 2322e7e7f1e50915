import type { DraftSession, Series } from "@draftroom/contracts";
import {
  draftLocks,
  type LockReason,
  lockedFor,
  otherTeam,
  type SeriesTeam,
  type Side,
} from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { lockReasonText } from "@/components/series/lock-reason.ts";
import { seriesApi, seriesInput, seriesKeys, seriesTeamName } from "@/lib/series-api.ts";

export interface SeriesLocks {
  series: Series;
  gameNumber: number;
  /** The team on each side in this game. */
  teamOf: Record<Side, SeriesTeam>;
  /** For the engine: locked for both sides, and per side. */
  locked: number[];
  sideLocked: Record<Side, number[]>;
  /** Per side: each locked champion with its reason in the user's language ("Picked by T1 in game 2"). */
  reasons: Record<Side, ReadonlyMap<number, string>>;
  /** Per side: the reasons as packages/draft gives them. */
  bySide: Record<Side, ReadonlyMap<number, LockReason>>;
}

/**
 * The locks of a series game, from packages/draft `lockedFor` over the series' earlier games
 * (the same rule the server enforces). Null for a standalone session or while the series loads.
 */
export function useSeriesLocks(session: DraftSession | undefined | null): SeriesLocks | null {
  const { t } = useTranslation("series");
  const seriesId = session?.series?.id ?? "";
  const query = useQuery({
    queryKey: seriesKeys.detail(seriesId),
    queryFn: () => seriesApi.get(seriesId),
    enabled: seriesId !== "",
    staleTime: 15_000,
  });
  const number = session?.series?.game_number;
  return useMemo(() => {
    const series = query.data;
    if (!series || number === undefined) return null;
    const game = series.games.find((candidate) => candidate.number === number);
    if (!game) return null;
    const input = seriesInput(series);
    const teamOf: Record<Side, SeriesTeam> = { BLUE: game.blue_team, RED: otherTeam(game.blue_team) };
    const names = { A: seriesTeamName(series, "A"), B: seriesTeamName(series, "B") };
    const bySide = { BLUE: lockedFor(input, number, teamOf.BLUE), RED: lockedFor(input, number, teamOf.RED) };
    const text = (locked: Map<number, LockReason>) =>
      new Map([...locked].map(([id, reason]) => [id, lockReasonText(t, reason, names)]));
    return {
      series,
      gameNumber: number,
      teamOf,
      ...draftLocks(input, { number, blue: game.blue_team }),
      reasons: { BLUE: text(bySide.BLUE), RED: text(bySide.RED) },
      bySide,
    };
  }, [query.data, number, t]);
}
