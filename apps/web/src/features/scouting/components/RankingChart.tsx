import type { ScoutingChampion } from "@draftroom/contracts";
import { useId } from "react";
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
import { cn } from "@/lib/cn.ts";
import { percentOf } from "./format.ts";

const BAR_ROW_PX = 28;

/**
 * Horizontal bars, one per champion, with the same figures as a table for screen readers (the
 * chart itself is hidden from them).
 */
export function RankingChart({
  title,
  hint,
  data,
  color,
  limit = 8,
  className,
}: {
  title: string;
  hint?: string;
  data: readonly ScoutingChampion[];
  color: string;
  limit?: number;
  className?: string;
}) {
  const { t } = useTranslation("scouting");
  const id = useId();
  const rows = data.slice(0, limit);
  const height = Math.max(96, rows.length * BAR_ROW_PX + 12);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        "flex min-w-0 flex-col rounded-2xl border border-border bg-surface p-4 shadow-card",
        className,
      )}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-fg">
        {title}
      </h3>
      {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border px-3 py-6 text-center text-sm text-muted">
          {t("charts.empty")}
        </p>
      ) : (
        <>
          <div className="mt-3 min-w-0" aria-hidden="true">
            <ResponsiveContainer width="100%" height={height}>
              <BarChart
                accessibilityLayer={false}
                data={rows}
                layout="vertical"
                margin={{ top: 0, right: 28, bottom: 0, left: 0 }}
                barCategoryGap={5}
              >
                <CartesianGrid horizontal={false} stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} hide />
                <YAxis
                  type="category"
                  dataKey="name"
                  width={92}
                  tickLine={false}
                  axisLine={false}
                  tick={{ fill: "var(--fg)", fontSize: 12 }}
                  interval={0}
                />
                <Tooltip
                  contentStyle={{
                    background: "var(--surface)",
                    border: "1px solid var(--border)",
                    borderRadius: 10,
                    color: "var(--fg)",
                    fontSize: 13,
                  }}
                  labelStyle={{ color: "var(--fg)", fontWeight: 600 }}
                  itemStyle={{ color: "var(--fg)", padding: 0 }}
                  cursor={{ fill: "var(--surface-2)" }}
                  formatter={(value) => [t("charts.games", { count: Number(value) }), title]}
                />
                <Bar
                  dataKey="count"
                  fill={color}
                  radius={[0, 6, 6, 0]}
                  maxBarSize={20}
                  isAnimationActive={false}
                >
                  <LabelList dataKey="count" position="right" fill="var(--muted)" fontSize={12} />
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          {/* left-0: placed where it flowed, the 1 px table stood just past a 320 px screen's edge
              and let the page move sideways by a pixel. */}
          <table className="sr-only left-0">
            <caption>{t("charts.table", { chart: title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("charts.champion")}</th>
                <th scope="col">{t("charts.count")}</th>
                <th scope="col">{t("charts.wins")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const percent = percentOf(row);
                return (
                  <tr key={row.champion_id}>
                    <th scope="row">{row.name}</th>
                    <td>{row.count}</td>
                    <td>
                      {t("record.score", { wins: row.wins, losses: row.decided - row.wins })}
                      {percent !== null ? ` (${t("record.percent", { percent })})` : ""}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
