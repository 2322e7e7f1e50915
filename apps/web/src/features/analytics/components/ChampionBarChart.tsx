import type { Analytics } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartCard, ChartEmpty, tooltipStyle } from "@/components/ChartCard.tsx";

type Ranking = Analytics["most_picked"];

interface Props {
  title: string;
  hint?: string;
  data: Ranking;
  color: string;
  /** Show at most this many bars. */
  limit?: number;
  className?: string;
}

const BAR_ROW_PX = 30;

/** Horizontal bars, one per champion, longest first; labels stay readable at 390 px. */
export function ChampionBarChart({ title, hint, data, color, limit = 10, className }: Props) {
  const { t } = useTranslation("analytics");
  const rows = data.slice(0, limit);
  const height = Math.max(120, rows.length * BAR_ROW_PX + 16);

  return (
    <ChartCard
      title={title}
      hint={hint}
      className={className}
      alternative={
        rows.length > 0 && (
          <table>
            <caption>{t("charts.dataTable", { chart: title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("charts.champion")}</th>
                <th scope="col">{t("charts.count")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.champion_id}>
                  <th scope="row">{row.name}</th>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    >
      {rows.length === 0 ? (
        <ChartEmpty>{t("charts.empty")}</ChartEmpty>
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          <BarChart
            accessibilityLayer={false}
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 32, bottom: 0, left: 0 }}
            barCategoryGap={6}
          >
            <CartesianGrid horizontal={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} hide />
            <YAxis
              type="category"
              dataKey="name"
              width={96}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "var(--fg)", fontSize: 12 }}
              interval={0}
            />
            <Tooltip
              {...tooltipStyle}
              formatter={(value) => [t("charts.times", { count: Number(value) }), title]}
            />
            <Bar dataKey="count" fill={color} radius={[0, 6, 6, 0]} maxBarSize={22} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fill="var(--muted)" fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}
