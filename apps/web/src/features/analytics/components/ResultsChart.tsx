import type { Analytics } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { ChartCard, ChartEmpty, tooltipStyle } from "@/components/ChartCard.tsx";
import { blueWinRate } from "../utils.ts";

interface Props {
  results: Analytics["results"];
  className?: string;
}

export function ResultsChart({ results, className }: Props) {
  const { t } = useTranslation("analytics");
  const title = t("charts.results");
  const slices = [
    { key: "blue", name: t("charts.blueWins"), value: results.blue_wins, color: "var(--team-blue)" },
    { key: "red", name: t("charts.redWins"), value: results.red_wins, color: "var(--team-red)" },
    { key: "none", name: t("charts.unrecorded"), value: results.unrecorded, color: "var(--border-strong)" },
  ];
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const rate = blueWinRate(results);

  return (
    <ChartCard
      title={title}
      hint={t("charts.resultsHint")}
      className={className}
      alternative={
        total > 0 && (
          <ul>
            {slices.map((slice) => (
              <li key={slice.key}>
                {slice.name}: {slice.value}
              </li>
            ))}
          </ul>
        )
      }
    >
      {total === 0 ? (
        <ChartEmpty>{t("charts.noResults")}</ChartEmpty>
      ) : (
        <div className="flex flex-col items-center gap-5 sm:flex-row lg:flex-col">
          <div className="relative size-44 shrink-0">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Tooltip {...tooltipStyle} />
                <Pie
                  data={slices.filter((slice) => slice.value > 0)}
                  rootTabIndex={-1}
                  dataKey="value"
                  nameKey="name"
                  innerRadius="62%"
                  outerRadius="100%"
                  paddingAngle={2}
                  stroke="var(--surface)"
                  strokeWidth={2}
                  isAnimationActive={false}
                >
                  {slices
                    .filter((slice) => slice.value > 0)
                    .map((slice) => (
                      <Cell key={slice.key} fill={slice.color} />
                    ))}
                </Pie>
              </PieChart>
            </ResponsiveContainer>
            <div className="pointer-events-none absolute inset-0 grid place-items-center text-center">
              <div>
                <p className="text-2xl font-bold tabular-nums text-fg">{rate === null ? "—" : `${rate}%`}</p>
                <p className="mx-auto max-w-24 text-[10px] font-semibold uppercase leading-tight tracking-wide text-muted">
                  {t("charts.blueRate")}
                </p>
              </div>
            </div>
          </div>
          <ul className="w-full space-y-2 text-sm">
            {slices.map((slice) => (
              <li key={slice.key} className="flex items-center justify-between gap-3">
                <span className="flex items-center gap-2 text-fg">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-full"
                    style={{ background: slice.color }}
                  />
                  {slice.name}
                </span>
                <span className="font-semibold tabular-nums text-fg">{slice.value}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ChartCard>
  );
}
