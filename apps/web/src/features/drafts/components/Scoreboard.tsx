import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ChampionBoard, ChampionBoardTeam } from "@/components/draft-board/types.ts";
import { cn } from "@/lib/cn.ts";

function TeamScore({
  team,
  align,
  extra,
}: {
  team: ChampionBoardTeam;
  align: "left" | "right";
  extra?: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  const isBlue = team.side === "BLUE";
  const name = team.name;
  const active = team.active;
  return (
    <div className={cn("flex min-w-0 flex-1 flex-col gap-1", align === "right" && "items-end text-right")}>
      <div className={cn("flex max-w-full items-center gap-2", align === "right" && "flex-row-reverse")}>
        <span
          aria-hidden
          className={cn("h-7 w-1.5 shrink-0 rounded-full", isBlue ? "bg-team-blue" : "bg-team-red")}
        />
        <span className="truncate font-display text-sm font-extrabold tracking-tight text-fg sm:text-xl">
          {name}
        </span>
        {active && (
          <span
            className={cn(
              "hidden shrink-0 rounded-full px-2 py-0.5 text-[11px] font-bold tracking-wide uppercase sm:inline",
              isBlue
                ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
                : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
            )}
          >
            {t("page.currentTurn")}
          </span>
        )}
      </div>
      <div
        className={cn(
          "flex flex-wrap gap-x-3 text-xs font-semibold text-muted",
          align === "right" && "flex-row-reverse",
        )}
      >
        <span className="whitespace-nowrap">{t("page.picks", { count: team.pickCount })}</span>
        <span className="whitespace-nowrap">{t("page.bans", { count: team.banCount })}</span>
        {extra}
      </div>
    </div>
  );
}

/**
 * Broadcast-style strip: both teams with their counts (and `teamExtra`, e.g. a reserve bank), and
 * the clock or status in the middle.
 */
export function Scoreboard({
  board,
  center,
  teamExtra,
}: {
  board: ChampionBoard;
  center: ReactNode;
  teamExtra?: (team: ChampionBoardTeam) => ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-3 shadow-card sm:gap-6 sm:px-5 dark:bg-surface/80">
      <TeamScore team={board.blue} align="left" extra={teamExtra?.(board.blue)} />
      <div className="flex shrink-0 flex-col items-center">{center}</div>
      <TeamScore team={board.red} align="right" extra={teamExtra?.(board.red)} />
    </div>
  );
}
