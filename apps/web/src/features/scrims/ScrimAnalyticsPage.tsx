import {
  ROUTES,
  type ScrimAnalytics,
  type ScrimGroupFigure,
  type ScrimLedgerFilters,
  type Workspace,
} from "@draftroom/contracts";
import { ArrowLeft, Download } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard, ChartEmpty, tooltipStyle } from "@/components/ChartCard.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isNotFound } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatCalendarDay, formatNumber } from "@/lib/format.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { downloadLedgerCsv, useChampions, useScrimAnalytics, useWorkspace } from "./api.ts";
import { PERIODS, type Period, percent, periodStart, recordText, weekTick } from "./figures.ts";
import { WinRateChart } from "./WinRateChart.tsx";
import "./i18n-scrims.d.ts";

type Kind = "scrim" | "official" | "all";

/**
 * A listed figure's row. Where its list is wide enough (a container query: the card is half the
 * page on a tablet), what it is sits on the left and may wrap, with its record on the right, whole
 * and on the first line. Narrower, the record goes under it. (A wrapping flex row sent a long
 * composition's record to the next line's start.)
 */
const FIGURE_LIST = "@container mt-2 flex flex-col gap-1.5 text-sm";
const FIGURE_ROW =
  "flex flex-col text-fg @sm:grid @sm:grid-cols-[minmax(0,1fr)_auto] @sm:items-baseline @sm:gap-x-3";
const FIGURE_CELL = "tabular-nums @sm:whitespace-nowrap @sm:text-right";
/** A KDA ratio as the reader writes decimals ("2.5" / "2,5"), always with its one decimal. */
const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** `/app/workspaces/:workspaceId/scrims/analytics`: what the team learns from its games (members only). */
export default function ScrimAnalyticsPage() {
  const { t } = useTranslation("scrims");
  const { workspaceId = "" } = useParams();
  const workspace = useWorkspace(workspaceId);
  if (workspace.isPending) {
    return (
      <div role="status" className="grid min-h-[40dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("loading")}</span>
      </div>
    );
  }
  if (workspace.isError) {
    const missing = isNotFound(workspace.error);
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-6">
        <ErrorState
          title={missing ? t("notFound") : t("error")}
          message={missing ? t("notFoundText") : errorMessage(workspace.error)}
          onRetry={missing ? undefined : () => void workspace.refetch()}
        />
      </div>
    );
  }
  return <AnalyticsView workspace={workspace.data} />;
}

function AnalyticsView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("scrims");
  const [period, setPeriod] = useState<Period>("30");
  const [kind, setKind] = useState<Kind>("scrim");
  const [opponent, setOpponent] = useState("");
  const [patch, setPatch] = useState("");
  // The period's start is fixed when chosen, so the query key stays the same between renders.
  const from = useMemo(() => periodStart(period, Date.now()), [period]);
  const filters: ScrimLedgerFilters = {
    kind,
    ...(from ? { from } : {}),
    ...(opponent ? { opponent } : {}),
    ...(patch.trim() ? { patch: patch.trim() } : {}),
  };
  const analytics = useScrimAnalytics(workspace.id, filters);
  const champions = useChampions();
  const [exporting, setExporting] = useState(false);
  // The opponent list stays the one of the unfiltered-by-opponent answer, so a choice can be undone.
  const [opponents, setOpponents] = useState<ScrimGroupFigure[]>([]);
  if (analytics.data && !opponent && analytics.data.by.opponent !== opponents)
    setOpponents(analytics.data.by.opponent);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadLedgerCsv(workspace.id, filters);
    } catch (error) {
      toast.error(errorMessage(error, t("analytics.exportFailed")));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link
            to={ROUTES.scrims(workspace.id)}
            className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t("title")}
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-fg">{t("analytics.title")}</h1>
          <p className="max-w-2xl text-sm text-muted">{t("analytics.subtitle")}</p>
        </div>
        {mayIn(workspace, "export") && (
          <Button type="button" variant="outline" loading={exporting} onClick={() => void exportCsv()}>
            <Download className="size-4" aria-hidden /> {t("analytics.export")}
          </Button>
        )}
      </header>
      <form
        className="grid grid-cols-2 gap-3 rounded-2xl border border-border bg-surface p-3 sm:grid-cols-4"
        aria-label={t("analytics.filters")}
        onSubmit={(e) => e.preventDefault()}
      >
        <Field label={t("analytics.period")}>
          {(p) => (
            <NativeSelect {...p} value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
              {PERIODS.map((value) => (
                <option key={value} value={value}>
                  {t(`analytics.periods.${value}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("analytics.kind")}>
          {(p) => (
            <NativeSelect {...p} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="scrim">{t("analytics.kinds.scrim")}</option>
              <option value="official">{t("analytics.kinds.official")}</option>
              <option value="all">{t("analytics.kinds.all")}</option>
            </NativeSelect>
          )}
        </Field>
        <Field label={t("analytics.opponent")}>
          {(p) => (
            <NativeSelect {...p} value={opponent} onChange={(e) => setOpponent(e.target.value)}>
              <option value="">{t("analytics.allOpponents")}</option>
              {opponents.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("analytics.patch")}>
          {(p) => (
            <Input
              {...p}
              placeholder={t("analytics.anyPatch")}
              value={patch}
              onChange={(e) => setPatch(e.target.value)}
            />
          )}
        </Field>
      </form>
      {analytics.isPending ? (
        <div role="status" className="grid gap-4 sm:grid-cols-2">
          <span className="sr-only">{t("loading")}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} aria-hidden className="h-48 animate-pulse rounded-2xl bg-surface-3" />
          ))}
        </div>
      ) : analytics.isError ? (
        <ErrorState
          title={t("analytics.error")}
          message={errorMessage(analytics.error)}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : analytics.data.games.total === 0 ? (
        <EmptyState title={t("analytics.empty")} message={t("analytics.emptyText")} />
      ) : (
        <Figures
          data={analytics.data}
          championName={(id) => champions.data?.find((c) => c.id === id)?.name ?? `#${id}`}
        />
      )}
    </div>
  );
}

function Figures({ data, championName }: { data: ScrimAnalytics; championName: (id: number) => string }) {
  const { t, i18n } = useTranslation("scrims");
  // Groups the server names in English (its CSV's words) are named in the page's language.
  const keyLabel =
    (prefix: "side" | "verdict" | "pickOrder" | "firstSelection") => (figure: ScrimGroupFigure) =>
      t(`${prefix}.${figure.key}` as "side.BLUE", { defaultValue: figure.label });
  // A plan's own line (no branch) is keyed "<plan id>:": the server calls it "<plan> / root".
  const planNames = new Map(data.by.plan.map((figure) => [figure.key, figure.label]));
  const branchLabel = (figure: ScrimGroupFigure) => {
    if (!figure.key.endsWith(":")) return figure.label;
    const plan = planNames.get(figure.key.slice(0, -1)) ?? figure.label.replace(/ \/ root$/, "");
    return `${plan} / ${t("review.root")}`;
  };
  return (
    <>
      <section
        aria-labelledby="overall"
        className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card"
      >
        <h2 id="overall" className="sr-only">
          {t("analytics.overall")}
        </h2>
        <p className="text-3xl font-extrabold tabular-nums text-fg" data-testid="overall-record">
          {recordText(data.overall)}
        </p>
        <p className="text-sm text-muted">
          {t("analytics.counted", { counted: data.games.counted, total: data.games.total })}
          {data.games.excluded.remake + data.games.excluded.stopped_early > 0 &&
            ` · ${t("analytics.excluded", { remake: data.games.excluded.remake, stopped: data.games.excluded.stopped_early })}`}
        </p>
        {data.overall.small_sample && <Badge tone="warning">{t("analytics.smallSample")}</Badge>}
        {data.mixed && <Badge tone="warning">{t("analytics.mixed")}</Badge>}
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <WinRateChart title={t("analytics.by.side")} figures={data.by.side} label={keyLabel("side")} />
        <WinRateChart
          title={t("analytics.by.first_pick")}
          figures={data.by.first_pick}
          label={keyLabel("pickOrder")}
        />
        <WinRateChart title={t("analytics.by.opponent")} figures={data.by.opponent} />
        <WinRateChart
          title={t("analytics.by.verdict")}
          figures={data.by.verdict}
          label={keyLabel("verdict")}
        />
        <WinRateChart title={t("analytics.by.plan")} figures={data.by.plan} />
        <WinRateChart title={t("analytics.by.branch")} figures={data.by.branch} label={branchLabel} />
        <WinRateChart title={t("analytics.by.tag")} figures={data.by.tag} hint={t("analytics.tagHint")} />
        <WinRateChart
          title={t("analytics.by.first_selection")}
          figures={data.by.first_selection}
          label={keyLabel("firstSelection")}
        />
      </div>
      <ChartCard
        title={t("analytics.trend")}
        alternative={
          data.trend.length > 0 && (
            <table>
              <caption>{t("analytics.trend")}</caption>
              <tbody>
                {data.trend.map((point) => (
                  <tr key={point.week}>
                    <th scope="row">
                      {t("analytics.weekOf", { day: formatCalendarDay(point.week, i18n.language) })}
                    </th>
                    <td>{point.n === 0 ? t("analytics.noGames") : `${recordText(point)} · n=${point.n}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      >
        {data.trend.length === 0 ? (
          <ChartEmpty>{t("analytics.noGames")}</ChartEmpty>
        ) : (
          <ResponsiveContainer width="100%" height={200}>
            <LineChart
              accessibilityLayer={false}
              // A week without a counted game has no rate: the line breaks there instead of
              // falling to 0 %.
              data={data.trend.map((p) => ({
                week: weekTick(p.week, i18n.language),
                rate: p.n === 0 ? null : percent(p),
                n: p.n,
              }))}
            >
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis dataKey="week" tick={{ fill: "var(--muted)", fontSize: 11 }} />
              <YAxis domain={[0, 100]} width={40} tick={{ fill: "var(--muted)", fontSize: 11 }} unit="%" />
              <Tooltip
                {...tooltipStyle}
                formatter={(value, _name, item) => [
                  `${value}% (n=${item.payload.n})`,
                  t("analytics.winRate"),
                ]}
              />
              <Line
                type="monotone"
                dataKey="rate"
                stroke="var(--primary)"
                strokeWidth={2}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="comfort"
          className="rounded-2xl border border-border bg-surface p-4 shadow-card"
        >
          <h2 id="comfort" className="text-base font-semibold text-fg">
            {t("analytics.comfort")}
          </h2>
          <p className="text-xs text-muted">{t("analytics.comfortHint")}</p>
          {data.comfort.filter((c) => c.n > 0).length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("analytics.noGames")}</p>
          ) : (
            <ul className={FIGURE_LIST}>
              {data.comfort
                .filter((c) => c.n > 0)
                .sort((a, b) => Number(b.keeps_losing) - Number(a.keeps_losing) || b.n - a.n)
                .slice(0, 10)
                .map((c) => (
                  <li key={`${c.player_key}-${c.champion_id}`} className={FIGURE_ROW}>
                    <span>
                      {c.player_name} · {championName(c.champion_id)}{" "}
                      <span className="text-xs text-muted">({c.tier})</span>
                    </span>
                    <span className={FIGURE_CELL}>
                      {recordText(c)} <span className="text-xs text-muted">n={c.n}</span>
                      {c.keeps_losing && (
                        <span className="ml-1 font-semibold text-danger">{t("analytics.keepsLosing")}</span>
                      )}
                      {c.small_sample && (
                        <span className="ml-1 text-xs text-warning">{t("analytics.small")}</span>
                      )}
                    </span>
                  </li>
                ))}
            </ul>
          )}
        </section>
        <section
          aria-labelledby="compositions"
          className="rounded-2xl border border-border bg-surface p-4 shadow-card"
        >
          <h2 id="compositions" className="text-base font-semibold text-fg">
            {t("analytics.compositions")}
          </h2>
          {data.compositions.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("analytics.noGames")}</p>
          ) : (
            <ul className={FIGURE_LIST}>
              {data.compositions.slice(0, 8).map((c) => (
                <li key={c.key} className={FIGURE_ROW}>
                  <span>{c.champion_ids.map(championName).join(", ")}</span>
                  <span className={FIGURE_CELL}>
                    {recordText(c)} <span className="text-xs text-muted">n={c.n}</span>
                    {c.small_sample && (
                      <span className="ml-1 text-xs text-warning">{t("analytics.small")}</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section
        aria-labelledby="players"
        className="rounded-2xl border border-border bg-surface p-4 shadow-card"
      >
        <h2 id="players" className="text-base font-semibold text-fg">
          {t("analytics.players")}
        </h2>
        {data.players.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t("analytics.noPlayers")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col" className="py-1">
                    {t("analytics.player")}
                  </th>
                  <th scope="col">{t("analytics.champion")}</th>
                  <th scope="col">{t("analytics.record")}</th>
                  <th scope="col">{t("analytics.kda")}</th>
                  <th scope="col">{t("analytics.gold15")}</th>
                </tr>
              </thead>
              <tbody>
                {data.players.map((line) => (
                  <tr key={`${line.player_key}-${line.champion_id}`} className="border-t border-border">
                    <th scope="row" className="py-1.5 font-medium text-fg">
                      {line.player_name}{" "}
                      <span className="text-xs text-muted">{t(`position.${line.position}`)}</span>
                    </th>
                    <td className="text-fg">{championName(line.champion_id)}</td>
                    <td className="tabular-nums text-fg">
                      {recordText(line)} <span className="text-xs text-muted">n={line.n}</span>
                      {line.small_sample && (
                        <span className="ml-1 text-xs text-warning">{t("analytics.small")}</span>
                      )}
                    </td>
                    <td className="tabular-nums text-fg">
                      {line.kills}/{line.deaths}/{line.assists}
                      {line.kda !== null && (
                        <span className="text-xs text-muted">
                          {" "}
                          ({formatNumber(line.kda, i18n.language, ONE_DECIMAL)})
                        </span>
                      )}
                    </td>
                    <td className="tabular-nums text-fg">
                      {line.gold_at_15 === null ? "–" : Math.round(line.gold_at_15)}
                      {line.gold_at_15_n > 0 && (
                        <span className="text-xs text-muted"> n={line.gold_at_15_n}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
