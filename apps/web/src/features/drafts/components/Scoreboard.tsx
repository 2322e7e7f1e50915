import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import type { BoardState, SideBoard } from "../utils/board.ts";

function count(side: SideBoard, kind: "picks" | "bans") {
  return side[kind].filter((slot) => slot.action !== null).length;
}

function TeamScore({
  name,
  side,
  active,
  align,
}: {
  name: string;
  side: SideBoard;
  active: boolean;
  align: "left" | "right";
}) {
  const { t } = useTranslation("drafts");
  const isBlue = side.side === "BLUE";
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
        <span className="whitespace-nowrap">{t("page.picks", { count: count(side, "picks") })}</span>
        <span className="whitespace-nowrap">{t("page.bans", { count: count(side, "bans") })}</span>
      </div>
    </div>
  );
}

/** Broadcast-style strip: both teams with their counts, and the clock or status in the middle. */
export function Scoreboard({
  board,
  blueName,
  redName,
  center,
}: {
  board: BoardState;
  blueName: string;
  redName: string;
  center: ReactNode;
}) {
  const activeSide = board.next?.side ?? null;
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-border bg-surface px-3 py-3 shadow-card sm:gap-6 sm:px-5 dark:bg-surface/80">
      <TeamScore name={blueName} side={board.blue} active={activeSide === "BLUE"} align="left" />
      <div className="flex shrink-0 flex-col items-center">{center}</div>
      <TeamScore name={redName} side={board.red} active={activeSide === "RED"} align="right" />
    </div>
  );
}
