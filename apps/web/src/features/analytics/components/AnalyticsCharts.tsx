import type { Analytics } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { ChampionBarChart } from "./ChampionBarChart.tsx";
import { KpiTiles } from "./KpiTiles.tsx";
import { PerDayChart } from "./PerDayChart.tsx";
import { ResultsChart } from "./ResultsChart.tsx";

/** Every figure of the analytics page for one period. */
export default function AnalyticsCharts({ data, stale }: { data: Analytics; stale: boolean }) {
  const { t } = useTranslation("analytics");
  return (
    <div className={stale ? "space-y-5 opacity-60 transition-opacity" : "space-y-5"}>
      <KpiTiles data={data} />
      <div className="grid gap-5 lg:grid-cols-3">
        <PerDayChart data={data.per_day} className="lg:col-span-2" />
        <ResultsChart results={data.results} />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <ChampionBarChart title={t("charts.mostPicked")} data={data.most_picked} color="var(--primary)" />
        <ChampionBarChart title={t("charts.mostBanned")} data={data.most_banned} color="var(--danger)" />
      </div>
      <div className="grid gap-5 lg:grid-cols-2">
        <ChampionBarChart
          title={t("charts.firstPicks")}
          hint={t("charts.firstPicksHint")}
          data={data.first_picks}
          color="var(--secondary)"
          limit={5}
        />
        <ChampionBarChart
          title={t("charts.firstBans")}
          hint={t("charts.firstBansHint")}
          data={data.first_bans}
          color="var(--warning)"
          limit={5}
        />
      </div>
    </div>
  );
}
