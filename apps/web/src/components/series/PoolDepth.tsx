import type { PriorityEntry } from "@draftroom/contracts";
import { type PoolDepthEntry, poolDepth, thinPools } from "@draftroom/draft";
import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import "./i18n-series.d.ts";

export interface PoolDepthTeam {
  name: string;
  priorities: readonly PriorityEntry[];
  /** Champions this team may not take in the game. */
  locked: { has(id: number): boolean };
}

/**
 * Each team's comfortable pool (S and A tiers of its priorities) still free, per position:
 * "2 of 3 S-tier jungle picks left". `thinOnly` lists only the positions running low (2 or fewer).
 */
export function PoolDepth({
  teams,
  thinOnly = false,
  className,
}: {
  teams: readonly PoolDepthTeam[];
  thinOnly?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("series");
  const rows = teams.map((team) => {
    const depth = poolDepth(team.priorities, team.locked);
    const comfort = depth.filter((entry) => entry.tier === "S" || entry.tier === "A");
    return { team, entries: thinOnly ? thinPools(depth) : comfort };
  });
  if (thinOnly && rows.every((row) => row.entries.length === 0)) return null;
  const label = (team: string, entry: PoolDepthEntry) => {
    const position = t(`positions.${entry.position}`);
    if (entry.left === 0) return t("depth.none", { team, tier: entry.tier, position });
    if (entry.left === 1) return t("depth.last", { team, position });
    return t("depth.thin", { team, left: entry.left, total: entry.total, tier: entry.tier, position });
  };
  return (
    <section
      aria-label={t("depth.title")}
      className={cn("rounded-xl border border-border bg-surface-2/60 p-3 text-sm", className)}
    >
      <h3 className="mb-2 flex items-center gap-1.5 text-xs font-bold tracking-wide text-muted uppercase">
        <Gauge className="size-3.5" aria-hidden />
        {thinOnly ? t("depth.title") : t("page.pool")}
      </h3>
      {!thinOnly && <p className="mb-2 text-xs text-muted">{t("page.poolHelp")}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {rows.map(({ team, entries }) => (
          <div key={team.name} className="min-w-0">
            {!thinOnly && <p className="mb-1 font-semibold text-fg">{team.name}</p>}
            {entries.length === 0 ? (
              thinOnly ? null : (
                <p className="text-xs text-muted">{t("page.noPriorities", { team: team.name })}</p>
              )
            ) : (
              <ul className="space-y-1">
                {entries.map((entry) => (
                  <li
                    key={`${entry.position}-${entry.tier}`}
                    className={cn(
                      "flex items-center justify-between gap-2 text-xs",
                      entry.left <= 1 ? "font-semibold text-accent-soft-fg" : "text-fg",
                    )}
                  >
                    <span className="min-w-0">{label(team.name, entry)}</span>
                    {!thinOnly && (
                      <span className="shrink-0 tabular-nums text-muted" aria-hidden>
                        {t("depth.leftOf", { left: entry.left, total: entry.total })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
