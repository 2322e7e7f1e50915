import type { Side } from "@draftroom/draft";
import { Layers } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PoolDepth } from "@/components/series/PoolDepth.tsx";
import { seriesTeamName } from "@/lib/series-api.ts";
import { useTeamPriorities } from "../hooks/useRecommendations.ts";
import type { SeriesLocks } from "../hooks/useSeriesLocks.ts";

/**
 * On the draft page of a series game: which game of which series, the score, a link back, and
 * the comfort picks each team has left now that earlier games locked some ("last comfortable
 * jungle pick for T1").
 */
export function SeriesGameBar({ locks, children }: { locks: SeriesLocks | null; children?: ReactNode }) {
  const { t } = useTranslation("series");
  const series = locks?.series;
  const blue = useTeamPriorities(
    series ? (locks.teamOf.BLUE === "A" ? series.team_a.id : series.team_b.id) : null,
  );
  const red = useTeamPriorities(
    series ? (locks.teamOf.RED === "A" ? series.team_a.id : series.team_b.id) : null,
  );
  if (!locks || !series) return null;
  const team = (side: Side) => ({
    name: seriesTeamName(series, locks.teamOf[side]),
    priorities: (side === "BLUE" ? blue.data : red.data) ?? [],
    locked: locks.bySide[side],
  });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-border bg-surface px-3 py-2 text-sm">
        <Layers className="size-4 text-primary" aria-hidden />
        <Link
          to={`/app/series/${series.id}`}
          className="font-semibold text-primary underline-offset-2 hover:underline"
        >
          {t("page.gameOf", { n: locks.gameNumber, title: series.title })}
        </Link>
        <span className="text-muted">
          {t("bestOf", { n: series.best_of })} ·{" "}
          {series.preset ? t(`presets.${series.preset}`) : t("presets.custom")}
        </span>
        <span className="font-semibold tabular-nums text-fg">
          {series.team_a.name} {t("scoreValue", { a: series.score.A, b: series.score.B })}{" "}
          {series.team_b.name}
        </span>
        {/* The earlier games' picks, on the same line when it has room (the grid keeps its rows). */}
        {children}
      </div>
      <PoolDepth teams={[team("BLUE"), team("RED")]} thinOnly />
    </div>
  );
}
