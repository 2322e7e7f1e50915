import type { Champion, ScrimPlayerChampionFigure } from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { daysBack, fetchScrimAnalytics, scrimAnalyticsKey } from "./scrim-analytics.ts";

/** The window the roster and pools pages show: scrims only, the last 30 days. */
const DAYS = 30;

/** The roster's scrim figures of the 30 days before `now` (the pools page and its page load's ahead). */
export function scrimPlayerRecordsQuery(workspaceId: string, now: number) {
  const filters = { kind: "scrim" as const, from: daysBack(DAYS, now) };
  return queryOptions({
    queryKey: scrimAnalyticsKey(workspaceId, filters),
    queryFn: () => fetchScrimAnalytics(workspaceId, filters),
    retry: false,
  });
}

/**
 * Each roster player's scrim figures per champion over the last 30 days, from one analytics call
 * for the whole roster (keyed by roster player id). Nothing while loading or when it fails: these
 * lines add to the pools page, they never block it.
 */
export function useScrimPlayerRecords(workspaceId: string): Map<string, ScrimPlayerChampionFigure[]> {
  const now = useMemo(() => Date.now(), []);
  const analytics = useQuery({ ...scrimPlayerRecordsQuery(workspaceId, now), enabled: workspaceId !== "" });
  return useMemo(() => {
    const byPlayer = new Map<string, ScrimPlayerChampionFigure[]>();
    for (const line of analytics.data?.players ?? []) {
      const lines = byPlayer.get(line.player_key) ?? [];
      lines.push(line);
      byPlayer.set(line.player_key, lines);
    }
    for (const lines of byPlayer.values()) lines.sort((a, b) => b.n - a.n);
    return byPlayer;
  }, [analytics.data]);
}

/** "Rumble 7-2 · Gnar 1-3 in scrims, last 30 days", small samples marked. */
export function PlayerScrimRecord({
  lines,
  champions,
  limit = 4,
}: {
  lines: readonly ScrimPlayerChampionFigure[] | undefined;
  champions: readonly Pick<Champion, "id" | "name">[];
  limit?: number;
}) {
  const { t } = useTranslation("scrims");
  if (!lines || lines.length === 0) return null;
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? `#${id}`;
  return (
    <p className="text-xs text-muted" data-testid="scrim-record">
      {lines.slice(0, limit).map((line, i) => (
        <span key={line.champion_id}>
          {i > 0 && " · "}
          <span className="font-semibold text-fg">
            {name(line.champion_id)} {line.wins}-{line.losses}
          </span>
          {line.small_sample && <abbr title={t("analytics.smallSample")}>*</abbr>}
        </span>
      ))}{" "}
      {t("records.window", { days: DAYS })}
    </p>
  );
}
