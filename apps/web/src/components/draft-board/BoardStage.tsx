import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { BanRow, PickColumn } from "./BoardSlots.tsx";
import type { ChampionBoard, ChampionBoardSlot, ChampionBoardTeam } from "./types.ts";
import "./draft-board.css";

export interface BoardStageProps {
  /** The board view model (packages/draft `buildBoardView`). */
  board: ChampionBoard;
  /** The centre: the champion grid, a waiting panel, the completion summary. */
  children: ReactNode;
  /** The countdown shown big across the top (session timer, live room clock); none when untimed. */
  clock?: ReactNode;
  /** Replaces the status line under the clock (e.g. "Waiting for the ready check"). */
  status?: ReactNode;
  /** Small facts under a team's name (a live room's reserve bank). */
  teamExtra?: (team: ChampionBoardTeam) => ReactNode;
  /** Filled slots become buttons (the owner's "modify from this point"). */
  onSlotClick?: (slot: ChampionBoardSlot) => void;
  /** The centre takes the height left in the window on desktop (the grid scrolls inside it). */
  fill?: boolean;
  /** Names the centre region for screen readers. */
  centreLabel?: string;
  className?: string;
}

/**
 * The draft board every draft screen draws, after the pro draft screen: team names in the top
 * corners with their bans in a row beneath, the phase and a big timer in the middle, both teams'
 * picks as large portraits down the sides and the centre (grid, waiting or summary) between them.
 * On a phone the step and timer come first, then the centre, then the picks and bans; every piece
 * is in the DOM once, placed by CSS grid areas (`draft-board.css`), so Tab and screen readers
 * reach the centre right after the clock.
 *
 * @example
 * <BoardStage board={view} clock={<StepTimerDisplay … />}>
 *   <PickPanel … />
 * </BoardStage>
 */
export function BoardStage({
  board,
  children,
  clock,
  status,
  teamExtra,
  onSlotClick,
  fill,
  centreLabel,
  className,
}: BoardStageProps) {
  const { t } = useTranslation("board");
  return (
    <div className={cn("board-stage", fill && "board-stage-fill", className)}>
      <div aria-hidden="true" className="board-stage-top-bg" />
      <BoardClockCell board={board} clock={clock} status={status} />
      <section aria-label={centreLabel ?? t("label")} className="board-stage-centre">
        {children}
      </section>
      {[board.blue, board.red].map((team) => {
        const area = team.side === "BLUE" ? "blue" : "red";
        return (
          <Fragment key={team.side}>
            <TeamNameCell team={team} extra={teamExtra?.(team)} className={`board-area-${area}-name`} />
            <PickColumn team={team} onSlotClick={onSlotClick} className={`board-area-${area}-picks`} />
            <BanRow team={team} onSlotClick={onSlotClick} className={`board-area-${area}-bans`} />
          </Fragment>
        );
      })}
    </div>
  );
}

/** A team's name (once on the board), what it has taken and whether it is on the clock. */
function TeamNameCell({
  team,
  extra,
  className,
}: {
  team: ChampionBoardTeam;
  extra?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("board");
  const isRed = team.side === "RED";
  return (
    <div
      data-team-name={team.side.toLowerCase()}
      className={cn(
        "flex min-w-0 items-center gap-2 lg:gap-3",
        isRed && "flex-row-reverse text-right",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "w-1.5 shrink-0 self-stretch rounded-full lg:w-2",
          isRed ? "bg-team-red" : "bg-team-blue",
          team.active && "board-slot-live",
        )}
      />
      <div className={cn("flex min-w-0 flex-col", isRed && "items-end")}>
        {/* A long name ("Hanwha Life Esports") wraps to a second line rather than being cut. */}
        <h3
          title={team.name}
          className="line-clamp-2 max-w-full font-display text-base leading-tight font-extrabold tracking-tight [overflow-wrap:anywhere] text-fg lg:text-2xl"
        >
          {team.name}
        </h3>
        <p
          className={cn(
            "flex flex-wrap gap-x-2 text-xs font-semibold text-muted tabular-nums",
            isRed && "flex-row-reverse",
          )}
        >
          <span className="whitespace-nowrap">{t("stage.picksCount", { count: team.pickCount })}</span>
          {extra}
          {team.active && <span className="sr-only">{t("currentTurn")}</span>}
        </p>
      </div>
    </div>
  );
}

/** Across the top: the phase, the big timer, the step and whose turn, and the draft's progress. */
function BoardClockCell({
  board,
  clock,
  status,
}: {
  board: ChampionBoard;
  clock?: ReactNode;
  status?: ReactNode;
}) {
  const { t } = useTranslation("board");
  const next = board.next;
  const total =
    board.blue.picks.length + board.blue.bans.length + board.red.picks.length + board.red.bans.length;
  const isRed = next?.side === "RED";
  const acting = next ? (isRed ? board.red : board.blue) : null;
  return (
    <div className="board-area-clock flex min-w-0 flex-col items-center gap-1.5 text-center">
      <p
        className={cn(
          "rounded-full px-3 py-0.5 text-xs font-extrabold tracking-widest uppercase",
          !next
            ? "bg-success-soft text-[hsl(152_62%_24%)] dark:text-success"
            : next.type === "BAN"
              ? "bg-danger-soft text-[hsl(354_72%_38%)] dark:text-danger"
              : "bg-primary-soft text-primary-soft-fg",
        )}
      >
        {next ? t(`stage.phase.${board.phase}`) : t("stage.phase.complete")}
      </p>
      {clock}
      {status ??
        (next && acting && (
          <p
            className={cn(
              "flex max-w-full items-center gap-1.5 text-sm font-bold",
              isRed
                ? "text-[hsl(356_76%_40%)] dark:text-team-red"
                : "text-[hsl(214_88%_36%)] dark:text-team-blue",
            )}
          >
            <span aria-hidden="true" className="hidden lg:inline">
              {isRed ? "▶" : "◀"}
            </span>
            {/* The team's name stands in its corner on desktop; a phone shows it here, at the top. */}
            <span
              className="truncate lg:hidden"
              title={t(next.type === "BAN" ? "stage.turn.BAN" : "stage.turn.PICK", { team: acting.name })}
            >
              {t(next.type === "BAN" ? "stage.turn.BAN" : "stage.turn.PICK", { team: acting.name })}
            </span>
            <span className="hidden lg:inline">
              {t(next.type === "BAN" ? "stage.action.BAN" : "stage.action.PICK", {
                n: (next.type === "BAN" ? acting.banCount : acting.pickCount) + 1,
              })}
            </span>
            <span className="shrink-0 font-semibold text-muted">
              · {t("stage.step", { step: next.index + 1, total })}
            </span>
          </p>
        ))}
      <div
        className="h-1.5 w-full max-w-64 overflow-hidden rounded-full bg-surface-3"
        role="progressbar"
        aria-label={t("stage.progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(board.progress)}
        aria-valuetext={t("stage.stepsDone", { count: board.count, total })}
      >
        <div
          className="h-full origin-left rounded-full bg-gradient-to-r from-team-blue via-primary to-team-red transition-transform duration-300"
          style={{ transform: `scaleX(${board.progress / 100})` }}
        />
      </div>
    </div>
  );
}
