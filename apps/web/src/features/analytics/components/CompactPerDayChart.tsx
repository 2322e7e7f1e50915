import type { Analytics } from "@draftroom/contracts";
import { scaleBand, scaleLinear } from "@visx/scale";
import { TooltipWithBounds, useTooltip } from "@visx/tooltip";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChartCard } from "@/components/ChartCard.tsx";
import { formatDay } from "../utils.ts";
import { PerDayTable } from "./PerDayTable.tsx";

interface Props {
  data: Analytics["per_day"];
  height?: number;
}

/** Where the y labels go (px), beside the plot. */
const Y_LABELS = 32;
/** A date label about every this many days: five or so along the default 30. */
const LABEL_EVERY = 7;

/**
 * The dashboard's sessions per day (decision 067): the analytics page's chart (PerDayChart, recharts)
 * costs a cold dashboard about 100 ms of its main thread for a 150 px summary. This one is laid out
 * in percentages of its width with visx's scales, so it measures nothing and renders once; the
 * tooltip is visx's. The same card, colours and table for screen readers as the full chart.
 */
export function CompactPerDayChart({ data, height = 150 }: Props) {
  const { t, i18n } = useTranslation("analytics");
  const locale = i18n.language;
  const title = t("charts.perDay");
  const created = t("charts.created");
  const completed = t("charts.completed");
  const tooltip = useTooltip<Analytics["per_day"][number]>();

  const plot = height - 20;
  const days = scaleBand({ domain: data.map((day) => day.date), range: [0, 100], paddingInner: 0.2 });
  const series = scaleBand({ domain: ["created", "completed"], range: [0, days.bandwidth()], padding: 0.05 });
  const max = Math.max(1, ...data.map((day) => Math.max(day.created, day.completed)));
  const counts = scaleLinear({ domain: [0, max], range: [plot, 4], nice: true });
  const ticks = counts.ticks(Math.min(4, max)).filter(Number.isInteger);
  const labelled = new Set(
    data.map((_, index) => index).filter((index) => (data.length - 1 - index) % LABEL_EVERY === 0),
  );

  const onMove = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.min(
      data.length - 1,
      Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * data.length)),
    );
    const day = data[index];
    if (!day) return;
    tooltip.showTooltip({
      tooltipData: day,
      tooltipLeft: event.clientX - box.left + Y_LABELS,
      tooltipTop: event.clientY - box.top,
    });
  };

  return (
    <ChartCard bare title={title} alternative={<PerDayTable data={data} title={title} />}>
      <div className="relative flex pr-4" style={{ height }}>
        <svg aria-hidden="true" className="shrink-0 overflow-visible" width={Y_LABELS} height={height}>
          {ticks.map((tick) => (
            <text
              key={tick}
              x={Y_LABELS - 8}
              y={counts(tick)}
              dy="0.32em"
              textAnchor="end"
              fontSize={11}
              fill="var(--muted)"
            >
              {tick}
            </text>
          ))}
        </svg>
        <svg
          aria-hidden="true"
          className="min-w-0 flex-1 overflow-visible"
          height={height}
          onMouseMove={onMove}
          onMouseLeave={tooltip.hideTooltip}
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1="0%"
              x2="100%"
              y1={counts(tick)}
              y2={counts(tick)}
              stroke="var(--border)"
              strokeDasharray="3 3"
            />
          ))}
          {tooltip.tooltipOpen && tooltip.tooltipData && (
            <rect
              x={`${days(tooltip.tooltipData.date)! - days.step() * 0.1}%`}
              width={`${days.step()}%`}
              y={0}
              height={plot}
              fill="var(--surface-2)"
            />
          )}
          {data.map((day) =>
            (["created", "completed"] as const).map((key) =>
              day[key] > 0 ? (
                <rect
                  key={`${day.date}-${key}`}
                  x={`${days(day.date)! + series(key)!}%`}
                  width={`${series.bandwidth()}%`}
                  y={counts(day[key])}
                  height={plot - counts(day[key])}
                  rx={2}
                  fill={key === "created" ? "var(--primary)" : "var(--success)"}
                />
              ) : null,
            ),
          )}
          <line x1="0%" x2="100%" y1={plot} y2={plot} stroke="var(--border)" />
          {data.map((day, index) =>
            labelled.has(index) ? (
              <text
                key={day.date}
                x={`${days(day.date)! + days.bandwidth() / 2}%`}
                y={height - 4}
                textAnchor="middle"
                fontSize={11}
                fill="var(--muted)"
              >
                {formatDay(day.date, locale)}
              </text>
            ) : null,
          )}
        </svg>
        {tooltip.tooltipOpen && tooltip.tooltipData && (
          <TooltipWithBounds
            left={tooltip.tooltipLeft}
            top={tooltip.tooltipTop}
            unstyled
            applyPositionStyle
            className="pointer-events-none rounded-[10px] border border-border bg-surface px-3 py-2 text-[13px] text-fg shadow-pop"
          >
            <p className="mb-1 font-semibold">{formatDay(tooltip.tooltipData.date, locale, "long")}</p>
            <p>
              {created}: {tooltip.tooltipData.created}
            </p>
            <p>
              {completed}: {tooltip.tooltipData.completed}
            </p>
          </TooltipWithBounds>
        )}
      </div>
    </ChartCard>
  );
}
