import type { ScrimGroupFigure } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";
import { ChartCard, ChartEmpty } from "@/components/ChartCard.tsx";
import { percent, recordText } from "./figures.ts";

const ROW_PX = 34;

interface Props {
  title: string;
  hint?: string;
  figures: readonly ScrimGroupFigure[];
  /** Labels for group keys the server names in English (sides, verdicts). */
  label?: (figure: ScrimGroupFigure) => string;
  limit?: number;
  className?: string;
}

/**
 * Win rate per group as horizontal bars with "7-2 · n=9" at the end of each; a small sample is
 * drawn faded and says so in words (never by colour alone). A table is what screen readers get.
 */
export function WinRateChart({ title, hint, figures, label = (f) => f.label, limit = 8, className }: Props) {
  const { t } = useTranslation("scrims");
  const rows = figures.slice(0, limit).map((figure) => ({
    name: label(figure),
    rate: percent(figure),
    text: `${recordText(figure)} · n=${figure.n}${figure.small_sample ? ` · ${t("analytics.small")}` : ""}`,
    small: figure.small_sample,
  }));
  return (
    <ChartCard
      title={title}
      hint={hint}
      className={className}
      alternative={
        rows.length > 0 && (
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("analytics.group")}</th>
                <th scope="col">{t("analytics.record")}</th>
                <th scope="col">{t("analytics.sample")}</th>
              </tr>
            </thead>
            <tbody>
              {figures.slice(0, limit).map((figure) => (
                <tr key={figure.key}>
                  <th scope="row">{label(figure)}</th>
                  <td>{recordText(figure)}</td>
                  <td>
                    {figure.n}
                    {figure.small_sample ? ` (${t("analytics.smallSample")})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    >
      {rows.length === 0 ? (
        <ChartEmpty>{t("analytics.noGames")}</ChartEmpty>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(90, rows.length * ROW_PX + 10)}>
          <BarChart
            accessibilityLayer={false}
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 8, bottom: 0, left: 0 }}
            barCategoryGap={6}
          >
            <XAxis type="number" domain={[0, 100]} hide />
            <YAxis
              type="category"
              dataKey="name"
              width={92}
              tickLine={false}
              axisLine={false}
              tick={{ fill: "var(--fg)", fontSize: 12 }}
              interval={0}
            />
            <Bar
              dataKey="rate"
              radius={[0, 6, 6, 0]}
              maxBarSize={22}
              isAnimationActive={false}
              background={{ fill: "var(--surface-2)", radius: 6 }}
            >
              {rows.map((row) => (
                <Cell key={row.name} fill="var(--primary)" fillOpacity={row.small ? 0.35 : 1} />
              ))}
              <LabelList dataKey="text" position="insideLeft" fill="var(--fg)" fontSize={11} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartCard>
  );
}
