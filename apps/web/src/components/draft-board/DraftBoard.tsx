import type { Side } from "@draftroom/draft";
import { Check, ChevronLeft, ChevronRight, LoaderCircle, Sparkles } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import { BoardStage } from "./BoardStage.tsx";
import { CompletePanel } from "./CompletePanel.tsx";
import { CountdownRing } from "./CountdownRing.tsx";
import type { BoardChampion, ChampionBoard, ChampionBoardSlot, ChampionsRecommendation } from "./types.ts";
import { DEFAULT_AUTO_ADVANCE_DELAY_MS, useAutoAdvance } from "./useAutoAdvance.ts";
import "./draft-board.css";

/** A scrollable region must be reachable by keyboard (WCAG 2.1.1), so the list takes focus. */
const KEYBOARD_SCROLLABLE = { tabIndex: 0 } as const;

export interface DraftBoardProps {
  /** The board view model (packages/draft `buildBoardView`). */
  board: ChampionBoard;
  /** Shown on the user's turns only. */
  championsRecommendation?: ChampionsRecommendation | null;
  /** The rest of the pool, listed under the recommendations. */
  otherChampions: readonly BoardChampion[];
  /** The side the recommendations are for (blue unless told otherwise). */
  userTeam?: Side;
  /** Identifies the current phase; the countdown restarts when it changes. Defaults to the step. */
  phaseKey?: string | number;
  /** The step line under the board's phase, e.g. "Step 3 of 14" (the demo plays part of a draft). */
  stepLabel?: string;

  onNext?: () => void;
  onPrevious?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  nextLoading?: boolean;
  previousDisabled?: boolean;
  /**
   * When set, Next shows a countdown ring and fires by itself when it reaches zero, once per phase.
   * Pass `DEFAULT_AUTO_ADVANCE_DELAY_MS` for the default (effectively never); omit it for a plain Next button.
   */
  autoAdvanceDelay?: number;
  /** Holds the countdown (off-screen, reduced motion, a dialog open). */
  autoAdvancePaused?: boolean;

  /** Filled slots become buttons calling it (live draft "modify from this point"). */
  onSlotClick?: (slot: ChampionBoardSlot) => void;
  /** Makes champions in the centre selectable. */
  onChampionSelect?: (champion: BoardChampion) => void;
  selectedChampionId?: number | null;

  /** Target of the "Start my plan" call to action in the completion panel. */
  startPlanHref?: string;
  onStartPlan?: () => void;
  className?: string;
}

/**
 * The draft board used by the landing demo and the drafting companion: both teams' picks and bans,
 * and a centre panel with the recommendations (user's turn), the opponent's status (their turn)
 * or the completion panel, above the whole champion list and the Previous/Next controls.
 */
export function DraftBoard({
  board,
  championsRecommendation,
  otherChampions,
  userTeam = "BLUE",
  phaseKey,
  stepLabel,
  onNext,
  onPrevious,
  nextLabel,
  nextDisabled = false,
  nextLoading = false,
  previousDisabled = false,
  autoAdvanceDelay,
  autoAdvancePaused = false,
  onSlotClick,
  onChampionSelect,
  selectedChampionId = null,
  startPlanHref,
  onStartPlan,
  className,
}: DraftBoardProps) {
  const { t } = useTranslation("board");
  const listId = useId();
  const next = board.next;
  const key = phaseKey ?? board.count;
  const nextBlocked = nextDisabled || nextLoading || !onNext;
  const hasCountdown = autoAdvanceDelay !== undefined && next !== null;
  const { remaining, totalSeconds } = useAutoAdvance({
    delayMs: autoAdvanceDelay ?? DEFAULT_AUTO_ADVANCE_DELAY_MS,
    phaseKey: key,
    paused: !hasCountdown || autoAdvancePaused || nextBlocked,
    onAdvance: () => onNext?.(),
  });

  const phaseId = next
    ? (`${next.side === "BLUE" ? "blue" : "red"}${next.type === "PICK" ? "Pick" : "Ban"}` as const)
    : null;
  const userTurn = next !== null && next.side === userTeam;
  const recommended = userTurn ? (championsRecommendation?.champions ?? []) : [];

  const handleNext = () => {
    if (nextBlocked) return;
    onNext?.();
  };
  const handlePrevious = () => {
    if (previousDisabled || nextLoading) return;
    onPrevious?.();
  };

  return (
    <BoardStage
      board={board}
      onSlotClick={onSlotClick}
      centreLabel={t("label")}
      className={className}
      status={
        stepLabel ? <p className="text-sm font-semibold text-muted tabular-nums">{stepLabel}</p> : undefined
      }
    >
      <div className="-m-2 flex min-w-0 flex-1 flex-col lg:-m-3">
        <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
          <h3 className="flex items-center gap-2 font-display text-sm font-bold tracking-wide uppercase">
            {next ? (
              <>
                <span
                  aria-hidden="true"
                  className={cn(
                    "size-2.5 rounded-full",
                    next.side === "RED" ? "bg-team-red" : "bg-team-blue",
                  )}
                />
                {phaseId && t(`phase.${phaseId}`)}
              </>
            ) : (
              <>
                <Check aria-hidden="true" className="size-4 text-success" />
                {t("complete.title")}
              </>
            )}
          </h3>
        </header>

        <div className="flex flex-1 flex-col gap-4 p-4">
          {next === null ? (
            <CompletePanel startPlanHref={startPlanHref} onStartPlan={onStartPlan} />
          ) : userTurn ? (
            <div>
              <h4 className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wider text-primary-soft-fg uppercase">
                <Sparkles aria-hidden="true" className="size-3.5" />
                {t("recommended")}
              </h4>
              {championsRecommendation?.reason && (
                <p className="mb-3 rounded-lg border border-primary/25 bg-primary-soft px-3 py-2 text-sm text-fg">
                  <span className="font-semibold text-primary-soft-fg">{t("why")}: </span>
                  {championsRecommendation.reason}
                </p>
              )}
              <ul className="flex flex-wrap gap-2" aria-label={t("recommended")}>
                {recommended.map((champion, index) => (
                  <li key={champion.id}>
                    <ChampionTile
                      champion={champion}
                      size={52}
                      highlighted={index === 0}
                      highlightLabel={index === 0 ? t("topPick") : undefined}
                      selected={selectedChampionId === champion.id}
                      onSelect={onChampionSelect}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p
              role="status"
              className={cn(
                "flex items-center gap-2 rounded-lg px-3 py-3 text-sm font-semibold text-fg",
                next.side === "RED" ? "bg-team-red-soft text-team-red" : "bg-team-blue-soft text-team-blue",
              )}
            >
              <span
                aria-hidden="true"
                className={cn("flex gap-1", next.side === "RED" ? "text-team-red" : "text-team-blue")}
              >
                {[0, 1, 2].map((dot) => (
                  <span
                    key={dot}
                    className="draft-board-dot size-1.5 rounded-full bg-current"
                    style={{ animationDelay: `${dot * 160}ms` }}
                  />
                ))}
              </span>
              {phaseId && t(`waiting.${phaseId}`)}
            </p>
          )}

          <div>
            <h4 id={listId} className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
              {t("allChampionsCount", { count: otherChampions.length })}
            </h4>
            <section
              aria-labelledby={listId}
              {...KEYBOARD_SCROLLABLE}
              data-testid="champion-list"
              className="max-h-[230px] overflow-y-auto overscroll-contain rounded-lg border border-border bg-surface-2 p-2"
            >
              {otherChampions.length === 0 ? (
                <p className="p-2 text-sm text-muted">{t("noChampions")}</p>
              ) : (
                <ul className="grid grid-cols-3 gap-1.5 md:grid-cols-5">
                  {otherChampions.map((champion) => (
                    <li key={champion.id} className="min-w-0">
                      <ChampionTile
                        champion={champion}
                        size={36}
                        compact
                        selected={selectedChampionId === champion.id}
                        onSelect={onChampionSelect}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </div>

        {(onNext || onPrevious) && (
          <footer className="flex items-center justify-between gap-3 border-t border-border px-4 py-3">
            {onPrevious ? (
              <button
                type="button"
                onClick={handlePrevious}
                disabled={previousDisabled}
                className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-border-strong bg-surface px-3 text-sm font-semibold text-fg transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-50"
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t("previous")}
              </button>
            ) : (
              <span />
            )}
            {onNext && (
              <button
                type="button"
                onClick={handleNext}
                disabled={nextDisabled}
                aria-busy={nextLoading || undefined}
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-fg shadow-card transition hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-50"
              >
                {nextLoading ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  hasCountdown && <CountdownRing remaining={remaining} total={totalSeconds} />
                )}
                <span>{nextLoading ? t("loading") : (nextLabel ?? t("next"))}</span>
                {!hasCountdown && !nextLoading && <ChevronRight aria-hidden="true" className="size-4" />}
                {hasCountdown && !nextLoading && (
                  <span className="sr-only">{t("autoAdvance", { count: remaining })}</span>
                )}
              </button>
            )}
          </footer>
        )}
      </div>
    </BoardStage>
  );
}

interface ChampionTileProps {
  champion: BoardChampion;
  size: number;
  compact?: boolean;
  highlighted?: boolean;
  highlightLabel?: string;
  selected?: boolean;
  onSelect?: (champion: BoardChampion) => void;
}

function ChampionTile({
  champion,
  size,
  compact,
  highlighted,
  highlightLabel,
  selected,
  onSelect,
}: ChampionTileProps) {
  const body = (
    <>
      <span
        className={cn("rounded-md", highlighted && "draft-board-blink")}
        data-highlighted={highlighted || undefined}
      >
        <ChampionImage name={champion.name} src={champion.icon_url} size={size} decorative />
      </span>
      <span
        title={champion.name}
        className={cn(
          "w-full truncate text-center",
          compact ? "text-[11px] text-muted" : "text-xs font-semibold text-fg",
        )}
      >
        {champion.name}
      </span>
      {highlightLabel && <span className="sr-only"> ({highlightLabel})</span>}
    </>
  );
  const classes = cn(
    "flex w-full flex-col items-center gap-1 rounded-lg p-1",
    !compact && "w-[68px]",
    selected && "bg-primary-soft ring-2 ring-primary",
  );
  return onSelect ? (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(champion)}
      className={cn(classes, "transition hover:bg-surface-3")}
    >
      {body}
    </button>
  ) : (
    <div className={classes}>{body}</div>
  );
}
