import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { ChampionBoardSlot, ChampionBoardTeam } from "./types.ts";
import { useSlotLabel } from "./useSlotLabel.ts";

type SlotClick = ((slot: ChampionBoardSlot) => void) | undefined;

/** Skipped bans and unconfirmed actions are not modifiable: a draft cannot be rewound to them. */
const modifiable = (slot: ChampionBoardSlot, onSlotClick: SlotClick) =>
  Boolean(onSlotClick) && slot.state === "filled" && slot.champion !== null && !slot.pending;

const onClock = (slot: ChampionBoardSlot) => slot.state === "next" || slot.state === "hover";

interface SlotProps {
  slot: ChampionBoardSlot;
  isRed: boolean;
  onSlotClick: SlotClick;
}

/**
 * The board view model is rebuilt on every change, so slots compare by content: a lock redraws
 * the slot that was filled and the one now on the clock, not all twenty.
 */
function sameSlot(before: SlotProps, after: SlotProps): boolean {
  const a = before.slot;
  const b = after.slot;
  return (
    before.isRed === after.isRed &&
    before.onSlotClick === after.onSlotClick &&
    a.step === b.step &&
    a.side === b.side &&
    a.type === b.type &&
    a.index === b.index &&
    a.state === b.state &&
    a.auto === b.auto &&
    a.pending === b.pending &&
    a.champion?.id === b.champion?.id &&
    a.champion?.name === b.champion?.name &&
    a.champion?.icon_url === b.champion?.icon_url
  );
}

/** The slot as a button (modify from here) or as a labelled item. */
function SlotShell({
  slot,
  onSlotClick,
  className,
  children,
}: {
  slot: ChampionBoardSlot;
  onSlotClick: SlotClick;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("board");
  const label = useSlotLabel()(slot);
  if (modifiable(slot, onSlotClick)) {
    return (
      <button
        type="button"
        onClick={() => onSlotClick?.(slot)}
        aria-label={`${label}. ${t("slot.modify", { champion: slot.champion?.name ?? "" })}`}
        className={cn(className, "cursor-pointer hover:ring-2 hover:ring-ring focus-visible:ring-2")}
      >
        {children}
      </button>
    );
  }
  return (
    <div className={className}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="contents">
        {children}
      </span>
    </div>
  );
}

export interface PickColumnProps {
  team: ChampionBoardTeam;
  /** Filled slots become buttons (the owner's "modify from this point"). */
  onSlotClick?: SlotClick;
  className?: string;
}

/**
 * A team's five picks as large portraits in draft order: the pick being made glows in the team's
 * colour, the champion being considered shows faded with its name, a locked one in full.
 */
export function PickColumn({ team, onSlotClick, className }: PickColumnProps) {
  const { t } = useTranslation("board");
  const isRed = team.side === "RED";
  return (
    <ol
      aria-label={t("stage.picksOf", { team: team.name })}
      data-team={team.side.toLowerCase()}
      className={cn("flex min-w-0 flex-col gap-1.5 lg:gap-2", className)}
    >
      {team.picks.map((slot) => (
        <PickSlot key={slot.step} slot={slot} isRed={isRed} onSlotClick={onSlotClick} />
      ))}
    </ol>
  );
}

export interface BanRowProps {
  team: ChampionBoardTeam;
  onSlotClick?: SlotClick;
  className?: string;
}

/**
 * A team's bans in a row: greyed portraits with the champion's name under each (legible in both
 * themes: the portrait is desaturated, never faded into the background), the ban on the clock
 * ringed, a skipped ban marked as such.
 */
export function BanRow({ team, onSlotClick, className }: BanRowProps) {
  const { t } = useTranslation("board");
  const isRed = team.side === "RED";
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", isRed && "lg:items-end", className)}>
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-wider text-muted uppercase lg:sr-only">
        <span
          aria-hidden="true"
          className={cn("size-2 rounded-full", isRed ? "bg-team-red" : "bg-team-blue")}
        />
        {t("stage.bansCount", { count: team.banCount, total: team.bans.length })}
      </p>
      <ol
        aria-label={t("stage.bansOf", { team: team.name })}
        data-team={team.side.toLowerCase()}
        className={cn("grid w-full max-w-[22rem] grid-cols-5 gap-1.5 lg:gap-1", isRed && "board-bans-mirror")}
      >
        {team.bans.map((slot) => (
          <BanSlot key={slot.step} slot={slot} isRed={isRed} onSlotClick={onSlotClick} />
        ))}
      </ol>
    </div>
  );
}

/** One pick slot; re-renders only when the slot itself changed (see `sameSlot`). */
const PickSlot = memo(function PickSlot({ slot, isRed, onSlotClick }: SlotProps) {
  const { t } = useTranslation("board");
  const champion = slot.champion;
  const live = onClock(slot);
  return (
    <li aria-current={live ? "step" : undefined} data-state={slot.state} className="min-h-0 lg:flex-1">
      <SlotShell
        slot={slot}
        onSlotClick={onSlotClick}
        className={cn(
          "relative flex h-full min-h-13 w-full items-center gap-2 overflow-hidden rounded-xl border p-1 text-left transition-[box-shadow,background-color] lg:min-h-16 lg:gap-3 lg:p-1.5",
          isRed && "flex-row-reverse text-right",
          live
            ? isRed
              ? "board-slot-live border-team-red bg-team-red-soft text-team-red"
              : "board-slot-live border-team-blue bg-team-blue-soft text-team-blue"
            : slot.state === "filled"
              ? isRed
                ? "border-team-red/35 bg-team-red-soft/55"
                : "border-team-blue/35 bg-team-blue-soft/55"
              : "border-dashed border-border-strong bg-surface-2/60",
        )}
      >
        <span className="relative aspect-square h-11 shrink-0 lg:h-full lg:max-h-20 lg:min-h-13">
          {champion ? (
            <ChampionImage
              name={champion.name}
              src={champion.icon_url}
              size={80}
              fill
              decorative
              eager
              className={cn(
                "rounded-lg",
                (slot.state === "hover" || slot.pending) && "opacity-55 saturate-50",
              )}
            />
          ) : (
            <span
              className={cn(
                "grid size-full place-items-center rounded-lg bg-surface-3 font-display text-lg font-extrabold",
                live ? "text-current" : "text-subtle",
              )}
            >
              {slot.index + 1}
            </span>
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span
            className={cn(
              "text-[11px] leading-tight font-bold tracking-wider uppercase lg:text-xs",
              live ? "text-current" : "text-muted",
            )}
          >
            {slot.state === "hover"
              ? t("stage.considering")
              : slot.state === "next"
                ? t("stage.picking")
                : t("slot.pick", { n: slot.index + 1 })}
          </span>
          <span
            title={champion?.name}
            className={cn(
              "truncate text-sm leading-snug font-bold text-fg lg:text-base",
              slot.state === "hover" && "italic opacity-80",
            )}
          >
            {champion?.name ?? "\u00a0"}
          </span>
        </span>
        {slot.auto && slot.state === "filled" && (
          <span
            className={cn(
              "absolute top-1 rounded bg-surface-3 px-1 text-[10px] font-bold text-muted uppercase",
              isRed ? "left-1" : "right-1",
            )}
          >
            {t("slot.autoShort")}
          </span>
        )}
      </SlotShell>
    </li>
  );
}, sameSlot);

/** One ban slot; re-renders only when the slot itself changed (see `sameSlot`). */
const BanSlot = memo(function BanSlot({ slot, isRed, onSlotClick }: SlotProps) {
  const { t } = useTranslation("board");
  const champion = slot.state === "skipped" ? null : slot.champion;
  const live = onClock(slot);
  return (
    <li
      aria-current={live ? "step" : undefined}
      data-state={slot.state}
      className="min-w-0"
      style={{ direction: "ltr" }}
    >
      <SlotShell
        slot={slot}
        onSlotClick={onSlotClick}
        className="flex w-full flex-col items-center gap-1 rounded-lg p-0.5"
      >
        <span
          className={cn(
            "relative block aspect-square w-full max-w-14 rounded-lg",
            live && (isRed ? "board-slot-live text-team-red" : "board-slot-live text-team-blue"),
          )}
        >
          {champion ? (
            <>
              <ChampionImage
                name={champion.name}
                src={champion.icon_url}
                size={56}
                fill
                decorative
                eager
                className={cn(
                  "rounded-lg",
                  slot.state === "filled" && !slot.pending ? "board-ban-portrait" : "opacity-60",
                )}
              />
              {slot.state === "filled" && <span aria-hidden="true" className="board-ban-mark" />}
            </>
          ) : (
            <span
              className={cn(
                "grid size-full place-items-center rounded-lg border border-dashed text-xs font-bold",
                slot.state === "skipped"
                  ? "border-border-strong bg-surface-3 text-muted"
                  : live
                    ? "border-solid border-current bg-surface text-current"
                    : "border-border-strong bg-surface-2 text-subtle",
              )}
            >
              {slot.state === "skipped" ? "–" : slot.index + 1}
            </span>
          )}
        </span>
        <span
          // A ban tile is narrow: the word can be cut ("Banea…"), never lost.
          title={champion?.name ?? (live ? t("stage.banning") : undefined)}
          className={cn(
            // Narrower ban tiles on desktop (five beside a team name): a slightly smaller name fits.
            "w-full truncate text-center text-xs leading-tight lg:text-[0.6875rem] lg:tracking-tight",
            slot.state === "filled" ? "font-semibold text-fg" : "text-muted",
            slot.state === "hover" && "italic",
          )}
        >
          {slot.state === "skipped"
            ? t("stage.skipped")
            : (champion?.name ?? (live ? t("stage.banning") : "\u00a0"))}
        </span>
      </SlotShell>
    </li>
  );
}, sameSlot);
