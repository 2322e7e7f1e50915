import type { Analytics } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard, tooltipStyle } from "@/components/ChartCard.tsx";
import { formatDay } from "../utils.ts";
import { PerDayTable } from "./PerDayTable.tsx";

interface Props {
  data: Analytics["per_day"];
  className?: string;
  height?: number;
}

export function PerDayChart({ data, className, height = 240 }: Props) {
  const { t, i18n } = useTranslation("analytics");
  const locale = i18n.language;
  const title = t("charts.perDay");
  const created = t("charts.created");
  const completed = t("charts.completed");

  return (
    <ChartCard
      title={title}
      hint={t("charts.perDayHint")}
      className={className}
      alternative={<PerDayTable data={data} title={title} />}
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
          barGap={1}
          barCategoryGap="20%"
        >
          <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={(value: string) => formatDay(value, locale)}
            tick={{ fill: "var(--muted)", fontSize: 11 }}
            tickLine={false}
            axisLine={{ stroke: "var(--border)" }}
            minTickGap={28}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fill: "var(--muted)", fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            width={44}
          />
          <Tooltip {...tooltipStyle} labelFormatter={(value) => formatDay(String(value), locale, "long")} />
          <Legend
            iconType="circle"
            iconSize={8}
            wrapperStyle={{ fontSize: 12, color: "var(--muted)", paddingTop: 8 }}
          />
          <Bar
            dataKey="created"
            name={created}
            fill="var(--primary)"
            radius={[3, 3, 0, 0]}
            maxBarSize={18}
            isAnimationActive={false}
          />
          <Bar
            dataKey="completed"
            name={completed}
            fill="var(--success)"
            radius={[3, 3, 0, 0]}
            maxBarSize={18}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
