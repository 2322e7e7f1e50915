import type { ScoutingChampion } from "@draftroom/contracts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { percentOf } from "./format.ts";

/** Where the dashed guides stand, as fractions of the longest bar. */
const GUIDES = [0.25, 0.5, 0.75, 1];
/** A row's columns (the name, then the bar's track), shared by the rows and the guides' layer. */
const COLUMNS = "grid grid-cols-[5.75rem_1fr] gap-x-2";
/** The bar's track, short of the column's end by the room the longest bar's count needs. */
const TRACK = "relative mr-7";

/**
 * Horizontal bars, one per champion, with the same figures as a table for screen readers (the
 * bars themselves are hidden from them). Drawn in HTML rather than with the chart library: a ranked
 * list needs no axes or scales, and the library's 370 KB took a third of a cold report's main
 * thread before its first screen (the bars sit on it at 1366 x 900).
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
  const longest = Math.max(1, ...rows.map((row) => row.count));
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
          <div className="relative mt-3 min-w-0" aria-hidden="true">
            {/* The guides lie behind the rows, in the same columns, across the bars' track. */}
            <div className={cn("pointer-events-none absolute inset-0", COLUMNS)}>
              <span className={cn("col-start-2", TRACK)}>
                {GUIDES.map((at) => (
                  <span
                    key={at}
                    className="absolute inset-y-0 border-l border-dashed border-border"
                    style={{ left: `${at * 100}%` }}
                  />
                ))}
              </span>
            </div>
            {rows.map((row) => (
              <div
                key={row.champion_id}
                title={`${row.name}: ${t("charts.games", { count: row.count })}`}
                className={cn(COLUMNS, "h-7 items-center rounded-md hover:bg-surface-2")}
              >
                <span className="truncate text-right text-xs text-fg">{row.name}</span>
                <span className={cn(TRACK, "flex h-full items-center")}>
                  <span
                    className="h-5 shrink-0 rounded-r-md"
                    style={{ width: `${(row.count / longest) * 100}%`, background: color }}
                  />
                  <span className="ml-1 shrink-0 text-xs text-muted tabular-nums">{row.count}</span>
                </span>
              </div>
            ))}
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
