import { type DataFreshness, ROUTES } from "@draftroom/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { formatCalendarDay } from "@/lib/format.ts";

export const freshnessKey = ["data", "freshness"] as const;

/** How fresh the match data is: one query for the banner and the pages that ask for it ahead. */
export const freshnessQuery = queryOptions({
  queryKey: freshnessKey,
  queryFn: () => api.get<DataFreshness>("/data/freshness/"),
  staleTime: 5 * 60_000,
});

/**
 * Says plainly when the data behind recommendations and scouting is stale: match data older than
 * 14 days, or a champion pool newer than every imported game's patch. Shown on the board and on
 * scouting; nothing while loading or when the data is current (docs/decisions/021).
 */
export function StaleDataBanner({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("common");
  const query = useQuery(freshnessQuery);
  const freshness = query.data;
  if (!freshness?.stale) return null;
  const reasons: string[] = [];
  if (freshness.patch.behind && freshness.patch.newest_game_patch && freshness.patch.champion_patch) {
    reasons.push(
      t("staleData.patch", {
        games: freshness.patch.newest_game_patch,
        champions: freshness.patch.champion_patch,
      }),
    );
  }
  if (freshness.match_data.stale) {
    reasons.push(
      freshness.match_data.last_game_date
        ? t("staleData.old", {
            count: freshness.match_data.days_old ?? 0,
            date: formatCalendarDay(freshness.match_data.last_game_date, i18n.language),
          })
        : t("staleData.none"),
    );
  }
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col gap-1 rounded-xl border border-warning/40 bg-warning-soft px-3 py-2 text-fg text-sm sm:flex-row sm:items-center sm:gap-3",
        className,
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-warning" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{t("staleData.title")}</span> {reasons.join(" ")}
      </p>
      <Link to={ROUTES.data} className="font-semibold text-primary underline-offset-2 hover:underline">
        {t("staleData.link")}
      </Link>
    </div>
  );
}
