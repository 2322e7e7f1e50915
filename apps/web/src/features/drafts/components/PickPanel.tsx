import type { Champion, Position } from "@draftroom/contracts";
import type { DraftStep } from "@draftroom/draft";
import { Ban, Check, Swords } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { ChampionGrid } from "./ChampionGrid.tsx";

export interface PickPanelProps {
  /** The step on the clock. */
  step: DraftStep;
  champions: readonly Champion[];
  used: ReadonlySet<number>;
  usage: ReadonlyMap<number, "PICK" | "BAN">;
  selected: Champion | null;
  onSelect: (champion: Champion) => void;
  onLock: () => void;
  /** Lock In unavailable (nothing selected, a dialog open, not this seat's turn). */
  lockDisabled: boolean;
  /** Typing anywhere goes to the champion search. */
  captureTyping: boolean;
  /** Between the heading and the grid (recommendations). */
  children?: ReactNode;
  /** Replaces the turn chip's text (e.g. "Your turn"). */
  turnLabel?: string;
  /** Champions locked for the team on the clock (fearless series), with the reason for each. */
  locked?: ReadonlyMap<number, string> | undefined;
  /** The positions each champion plays, for the grid's filters (else from the champions' tags). */
  positions?: ReadonlyMap<number, readonly Position[]> | undefined;
}

/**
 * The centre of a draft on the clock: what to do ("Select Champion to Ban"; whose turn and the
 * step are across the top of the board), the champion grid and the lock bar with the selected champion. Used by the owner's session page and
 * by a captain's seat in a live room.
 */
export function PickPanel({
  step,
  champions,
  used,
  usage,
  selected,
  onSelect,
  onLock,
  lockDisabled,
  captureTyping,
  children,
  turnLabel,
  locked,
  positions,
}: PickPanelProps) {
  const { t } = useTranslation("drafts");
  const isBan = step.type === "BAN";
  const turnChip = turnLabel ? (
    <span
      className={cn(
        // Desktop: in the search row, just before the lock button.
        "inline-block max-w-full truncate rounded-full px-2.5 py-0.5 text-xs font-bold lg:absolute lg:top-2.5 lg:right-[12.25rem] lg:max-w-[8rem]",
        step.side === "BLUE"
          ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
          : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
      )}
    >
      {turnLabel}
    </span>
  ) : null;
  return (
    <>
      {children}
      {/* On desktop the lock button sits at the end of the search row, so the grid gets the height. */}
      <div className="contents lg:relative lg:flex lg:min-h-0 lg:flex-1 lg:flex-col">
        <div className="flex h-[min(26rem,60dvh)] min-h-0 flex-col lg:h-auto lg:flex-1">
          <ChampionGrid
            champions={champions}
            used={used}
            usage={usage}
            locked={locked}
            selectedId={selected?.id ?? null}
            onSelect={onSelect}
            onLock={onLock}
            disabled={lockDisabled}
            captureTyping={captureTyping}
            label={isBan ? t("page.selectToBan") : t("page.selectToPick")}
            resetKey={step.index}
            positions={positions}
            toolbarClassName={turnChip ? "lg:pr-[20.5rem]" : "lg:pr-[11.75rem]"}
          />
        </div>

        <div className="sticky bottom-0 z-10 -mx-2 -mb-2 mt-auto flex items-center gap-2 rounded-b-2xl border-t border-border bg-surface/95 px-2 py-2.5 backdrop-blur lg:contents">
          {/* On desktop the selection shows large in the pick or ban slot on the clock. */}
          {selected && (
            <ChampionImage
              name={selected.name}
              src={selected.icon_url}
              size={40}
              decorative
              className="lg:hidden"
            />
          )}
          {/* What to do, next to the button that does it (the grid and suggestions get the height). */}
          <div className="min-w-0 flex-1 lg:contents">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 lg:contents">
              {/* The board shows the step across the top already: the heading is for screen readers. */}
              <h2 className="sr-only">
                {isBan ? (
                  <Ban className="size-4 shrink-0 text-[hsl(354_72%_40%)] dark:text-danger" aria-hidden />
                ) : (
                  <Swords className="size-4 shrink-0 text-primary" aria-hidden />
                )}
                {isBan ? t("page.selectToBan") : t("page.selectToPick")}
              </h2>
              {turnChip}
            </div>
            <p className="line-clamp-2 text-sm leading-snug lg:sr-only" aria-live="polite">
              {selected ? (
                <span className="font-semibold text-fg">
                  {/* Beside the lock button on a phone, "Seleccionado:" alone is wider than the room
                      left for it: the portrait and the name say it there, and the sentence is read. */}
                  <span className="wrap-anywhere sm:hidden" aria-hidden>
                    {selected.name}
                  </span>
                  <span className="sr-only sm:not-sr-only">
                    {t("page.selected", { name: selected.name })}
                  </span>
                </span>
              ) : (
                <span className="text-muted">{t("page.noneSelected")}</span>
              )}
            </p>
          </div>
          <Button
            size="lg"
            variant={isBan ? "danger" : "primary"}
            disabled={lockDisabled}
            onClick={onLock}
            leftIcon={<Check className="size-5" aria-hidden />}
            className="shrink-0 px-3 text-sm sm:min-w-[160px] sm:px-5 sm:text-base lg:absolute lg:top-0 lg:right-0 lg:h-10 lg:w-44 lg:px-3 lg:text-sm"
          >
            {isBan ? t("page.banChampion") : t("page.pickChampion")}
          </Button>
        </div>
      </div>
    </>
  );
}
