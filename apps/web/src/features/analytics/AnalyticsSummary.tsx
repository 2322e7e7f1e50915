import { ANALYTICS_DEFAULT_DAYS, type Analytics, ROUTES } from "@draftroom/contracts";
import { AlertTriangle, ArrowRight, BarChart3, Lock, RefreshCw } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { preloadModule, useLoadedModule } from "@/lib/useLoadedModule.ts";
import { useMediaQuery } from "@/lib/useMediaQuery.ts";
import {
  isAnalyticsLocked,
  loadCompactPerDayChart,
  useAnalytics,
  useAnalyticsAccess,
} from "./api/analytics.ts";
import { ChartLoading } from "./components/ChartLoading.tsx";
import { blueWinRate } from "./utils.ts";

/** Compact analytics card for the dashboard (below the sessions list), or a short upsell for plans without analytics. */
export default function AnalyticsSummary() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-6 sm:px-6 lg:pb-8 empty:hidden">
      <SummaryContent />
    </div>
  );
}

function SummaryContent() {
  const { t } = useTranslation("analytics");
  // Plans without analytics get the upsell straight from the cached subscription: no 403 request.
  const access = useAnalyticsAccess();
  const query = useAnalytics(ANALYTICS_DEFAULT_DAYS, access);
  // The chart library loads from the moment the plan says there will be a chart: beside the
  // analytics' data, not after it (on a page load, with the screen's code: dashboard.ahead.ts). It
  // shows through state, not Suspense (useLoadedModule says why).
  useEffect(() => {
    if (access === "open") void preloadModule(loadCompactPerDayChart);
  }, [access]);
  const wide = useMediaQuery("(min-width: 640px)");
  const locked = access === "locked" || (query.isError && isAnalyticsLocked(query.error));

  if (locked) {
    return (
      <section
        aria-labelledby="analytics-summary-upsell"
        className="flex flex-col gap-4 rounded-2xl border border-border bg-gradient-to-r from-primary-soft via-surface to-secondary-soft p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-fg">
            <Lock aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="analytics-summary-upsell" className="font-semibold text-fg">
              {t("summary.upsellTitle")}
            </h2>
            <p className="text-sm text-muted">{t("summary.upsellBody")}</p>
          </div>
        </div>
        <Link to={ROUTES.subscriptions} className={buttonClasses("primary", "md", "self-start sm:self-auto")}>
          {t("upsell.cta")}
        </Link>
      </section>
    );
  }

  if (query.isPending) {
    return <ChartLoading className="h-40 rounded-2xl" label={t("loading")} onCard={false} />;
  }

  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-danger/30 bg-danger-soft px-4 py-3"
      >
        <p className="flex items-center gap-2 text-sm font-medium text-fg">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-danger" />
          {t("error")}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void query.refetch()}
          leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          {t("retry")}
        </Button>
      </div>
    );
  }

  const data = query.data;
  const rate = blueWinRate(data.results);
  return (
    <section
      aria-labelledby="analytics-summary-title"
      className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <BarChart3 aria-hidden="true" className="size-5 text-primary" />
          <h2 id="analytics-summary-title" className="font-semibold text-fg">
            {t("summary.title")}
          </h2>
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
            {t("summary.period", { count: data.days })}
          </span>
        </div>
        <Link
          to={ROUTES.analytics}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary-soft-fg hover:underline"
        >
          {t("summary.viewAll")}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <dl className="grid grid-cols-2 gap-3">
          <Figure label={t("kpi.created")} value={data.sessions_created} />
          <Figure label={t("kpi.completed")} value={data.sessions_completed} />
          <Figure label={t("summary.topPick")} value={data.most_picked[0]?.name ?? t("summary.none")} />
          <Figure label={t("summary.topBan")} value={data.most_banned[0]?.name ?? t("summary.none")} />
          <Figure
            label={t("kpi.blueWinRate")}
            value={rate === null ? t("summary.none") : `${rate}%`}
            className="col-span-2"
          />
        </dl>
        {/* Kept out of the way on phones, where the sessions list matters most. */}
        {wide && (
          <div className="min-w-0">
            <SummaryChart data={data.per_day} />
          </div>
        )}
      </div>
    </section>
  );
}

/** The per-day chart, or its placeholder while its code loads (a failed load is thrown to the card's boundary). */
function SummaryChart({ data }: { data: Analytics["per_day"] }) {
  const chart = useLoadedModule(loadCompactPerDayChart);
  return chart ? <chart.CompactPerDayChart data={data} height={150} /> : <ChartLoading className="h-48" />;
}

function Figure({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl bg-surface-2 px-3 py-2.5 ${className ?? ""}`}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-lg font-bold tabular-nums text-fg">{value}</dd>
    </div>
  );
}
