import type { ScoutingChampion } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { percentOf } from "./format.ts";

/** A short ranked list: champion, games, record. Plain markup, read as is by screen readers. */
export function ChampionList({
  title,
  data,
  limit = 5,
  className,
  accent,
}: {
  title: string;
  data: readonly ScoutingChampion[];
  limit?: number;
  className?: string;
  /** A left border colour class (e.g. a side's colour). */
  accent?: string;
}) {
  const { t } = useTranslation("scouting");
  const rows = data.slice(0, limit);
  return (
    <section
      className={cn(
        "min-w-0 rounded-2xl border border-border bg-surface p-4 shadow-card",
        accent && `border-l-4 ${accent}`,
        className,
      )}
    >
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("charts.empty")}</p>
      ) : (
        <ol className="mt-2 space-y-1.5">
          {rows.map((row) => {
            const percent = percentOf(row);
            return (
              <li key={row.champion_id} className="flex items-baseline justify-between gap-3 text-sm">
                <span title={row.name} className="min-w-0 truncate font-medium text-fg">
                  {row.name}
                </span>
                <span className="shrink-0 tabular-nums text-muted">
                  {t("list.games", { count: row.count })}
                  {percent !== null && <span className="ml-1.5">{t("record.percent", { percent })}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
