import { ANALYTICS_DEFAULT_DAYS, ROUTES } from "@draftroom/contracts";
import { AlertTriangle, BarChart3, RefreshCw } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";
import { useLoadedModule } from "@/lib/useLoadedModule.ts";
import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  isAnalyticsLocked,
  useAnalytics,
  useAnalyticsAccess,
} from "./api/analytics.ts";
import type AnalyticsCharts from "./components/AnalyticsCharts.tsx";
import { AnalyticsUpsell } from "./components/AnalyticsUpsell.tsx";
import { ChartLoading } from "./components/ChartLoading.tsx";
import { RangeSelector } from "./components/RangeSelector.tsx";
import { hasAnyData } from "./utils.ts";

// Charts (and their library) load only for plans that can see them, shown through state, not
// Suspense (useLoadedModule says why).
const loadCharts = () => import("./components/AnalyticsCharts.tsx");

function parseRange(value: string | null): AnalyticsRange {
  const days = Number(value);
  return (ANALYTICS_RANGES as readonly number[]).includes(days)
    ? (days as AnalyticsRange)
    : ANALYTICS_DEFAULT_DAYS;
}

export default function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const [params, setParams] = useSearchParams();
  const days = parseRange(params.get("days"));
  const access = useAnalyticsAccess();
  const query = useAnalytics(days, access);
  const locked = access === "locked" || (query.isError && isAnalyticsLocked(query.error));
  // The figures are the chosen space's, as the sessions list's are: say whose.
  const { workspace } = useCurrentWorkspaceAccess();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-fg">{t("title")}</h1>
          <p className="mt-1 text-muted">
            {workspace ? t("subtitleWorkspace", { name: workspace.name }) : t("subtitle")}
          </p>
        </div>
        {!locked && (
          <RangeSelector
            value={days}
            onChange={(next) =>
              setParams(
                (current) => {
                  const copy = new URLSearchParams(current);
                  copy.set("days", String(next));
                  return copy;
                },
                { replace: true },
              )
            }
          />
        )}
      </header>

      <div className="mt-8">
        {locked ? (
          <AnalyticsUpsell />
        ) : query.isPending ? (
          <AnalyticsSkeleton label={t("loading")} />
        ) : query.isError ? (
          <div
            role="alert"
            className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-danger/30 bg-danger-soft px-6 py-8 text-center"
          >
            <AlertTriangle aria-hidden="true" className="size-8 text-danger" />
            <p className="mt-3 font-semibold text-fg">{t("error")}</p>
            <Button
              className="mt-5"
              onClick={() => void query.refetch()}
              leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
            >
              {t("retry")}
            </Button>
          </div>
        ) : !hasAnyData(query.data) ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-surface px-6 py-14 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
              <BarChart3 aria-hidden="true" className="size-7" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-fg">{t("empty.title")}</h2>
            <p className="mt-1 max-w-md text-sm text-muted">{t("empty.body")}</p>
            <Link to={ROUTES.dashboard} className={buttonClasses("primary", "md", "mt-6")}>
              {t("empty.cta")}
            </Link>
          </div>
        ) : (
          <ChartsWhenLoaded data={query.data} stale={query.isPlaceholderData} label={t("loading")} />
        )}
      </div>
    </div>
  );
}

/** The charts, or the page's shape while their code loads. */
function ChartsWhenLoaded({ label, ...props }: ComponentProps<typeof AnalyticsCharts> & { label: string }) {
  const charts = useLoadedModule(loadCharts);
  return charts ? <charts.default {...props} /> : <AnalyticsSkeleton label={label} />;
}

/** The page's shape while the figures or the chart code load, with a visible, announced label. */
function AnalyticsSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-5">
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-24 animate-pulse rounded-2xl bg-surface-3" />
        ))}
      </div>
      <div className="grid gap-5 lg:grid-cols-3">
        <ChartLoading className="h-72 rounded-2xl lg:col-span-2" label={label} onCard={false} />
        <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-surface-3 max-lg:hidden" />
      </div>
    </div>
  );
}
