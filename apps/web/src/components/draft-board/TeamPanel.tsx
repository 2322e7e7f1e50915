import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { BoardAction, BoardTeam, DraftPhase, SlotRef, SlotValue } from "./types.ts";

const SLOTS = [0, 1, 2, 3, 4] as const;

interface TeamPanelProps {
  team: BoardTeam;
  name: string;
  picks: readonly SlotValue[];
  bans: readonly SlotValue[];
  draftPhase: DraftPhase | null;
  modifiable: boolean;
  onSlotClick?: (slot: SlotRef) => void;
}

/** One side of the board: five ban squares and five pick rows, the next slot highlighted. */
export function TeamPanel({ team, name, picks, bans, draftPhase, modifiable, onSlotClick }: TeamPanelProps) {
  const { t } = useTranslation("board");
  const active = draftPhase?.team === team;
  const nextIndex = (action: BoardAction) =>
    active && draftPhase?.action === action ? (action === "pick" ? picks.length : bans.length) : -1;
  const isRed = team === "red";
  const canModify = modifiable && Boolean(onSlotClick);

  // Skipped (auto) bans are placeholders: a draft cannot be rewound to one.
  const slotButton = (action: BoardAction, index: number, champion: SlotValue, filled: boolean) =>
    canModify && filled && champion !== null
      ? {
          onClick: () => onSlotClick?.({ team, action, index, champion }),
          label: t("slot.modify", { champion: champion?.name ?? t("slot.skippedBan", { n: index + 1 }) }),
        }
      : null;

  return (
    <section
      aria-label={name}
      data-team={team}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border bg-surface p-3 shadow-card transition-colors sm:p-4",
        active
          ? isRed
            ? "border-team-red/70 ring-1 ring-team-red/40"
            : "border-team-blue/70 ring-1 ring-team-blue/40"
          : "border-border",
      )}
    >
      <header
        className={cn(
          "flex flex-wrap items-center gap-x-2 gap-y-1.5",
          isRed && "flex-row-reverse text-right",
        )}
      >
        <span
          aria-hidden="true"
          className={cn("h-6 w-1.5 rounded-full", isRed ? "bg-team-red" : "bg-team-blue")}
        />
        <h3 className="max-w-full min-w-0 truncate font-display text-sm font-bold tracking-wide uppercase sm:text-base">
          {name}
        </h3>
        {active && (
          <span
            className={cn(
              "ml-auto shrink-0 rounded-full border px-2 py-0.5 text-[11px] font-semibold text-fg",
              isRed
                ? "mr-auto ml-0 border-team-red/60 bg-team-red-soft"
                : "border-team-blue/60 bg-team-blue-soft",
            )}
          >
            {t("currentTurn")}
          </span>
        )}
      </header>

      <div>
        <h4
          className={cn(
            "mb-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase",
            isRed && "text-right",
          )}
        >
          {t("bans")}
        </h4>
        <ol className={cn("flex gap-1", isRed && "flex-row-reverse")}>
          {SLOTS.map((index) => {
            const filled = index < bans.length;
            const champion = filled ? (bans[index] ?? null) : null;
            const isNext = nextIndex("ban") === index;
            const label = !filled
              ? t("slot.emptyBan", { n: index + 1 })
              : champion
                ? t("slot.filledBan", { n: index + 1, champion: champion.name })
                : t("slot.skippedBan", { n: index + 1 });
            const button = slotButton("ban", index, champion, filled);
            const inner =
              filled && champion ? (
                <ChampionImage name={champion.name} src={champion.icon_url} size={28} decorative muted />
              ) : (
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-7 place-items-center rounded-md border border-dashed text-[10px] font-semibold text-muted",
                    filled ? "border-border-strong bg-surface-3" : "border-border-strong bg-surface-2",
                    isNext && (isRed ? "border-solid border-team-red" : "border-solid border-team-blue"),
                  )}
                >
                  {filled ? "–" : index + 1}
                </span>
              );
            return (
              <li key={index} className="relative" aria-current={isNext ? "step" : undefined}>
                {!button && <span className="sr-only">{label}</span>}
                {button ? (
                  <button
                    type="button"
                    onClick={button.onClick}
                    aria-label={`${label}. ${button.label}`}
                    className="block rounded-md transition hover:ring-2 hover:ring-ring"
                  >
                    {inner}
                  </button>
                ) : (
                  inner
                )}
                {filled && champion && (
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-0 grid place-items-center"
                  >
                    <span className="h-0.5 w-[130%] -rotate-45 bg-danger/80" />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </div>

      <div>
        <h4
          className={cn(
            "mb-1.5 text-[11px] font-semibold tracking-wider text-muted uppercase",
            isRed && "text-right",
          )}
        >
          {t("picks")}
        </h4>
        <ol className="flex flex-col gap-1.5">
          {SLOTS.map((index) => {
            const filled = index < picks.length;
            const champion = filled ? (picks[index] ?? null) : null;
            const isNext = nextIndex("pick") === index;
            const label = champion
              ? t("slot.filledPick", { n: index + 1, champion: champion.name })
              : t("slot.emptyPick", { n: index + 1 });
            const button = slotButton("pick", index, champion, filled);
            const content = (
              <>
                {champion ? (
                  <ChampionImage name={champion.name} src={champion.icon_url} size={40} decorative />
                ) : (
                  <span
                    aria-hidden="true"
                    className={cn(
                      "grid size-10 shrink-0 place-items-center rounded-md border border-dashed bg-surface-2 text-xs font-semibold text-muted",
                      isNext
                        ? isRed
                          ? "border-solid border-team-red"
                          : "border-solid border-team-blue"
                        : "border-border-strong",
                    )}
                  >
                    {index + 1}
                  </span>
                )}
                <span
                  className={cn(
                    "min-w-0 truncate text-sm",
                    champion ? "font-semibold text-fg" : "text-muted",
                    isNext && "font-semibold text-fg",
                  )}
                >
                  {champion ? champion.name : isNext ? t("slot.next") : t("slot.pick", { n: index + 1 })}
                </span>
              </>
            );
            const rowClass = cn(
              "flex h-12 w-full items-center gap-2 rounded-lg px-1.5 transition-colors",
              isRed && "flex-row-reverse text-right",
              isNext
                ? isRed
                  ? "bg-team-red-soft ring-1 ring-team-red/60"
                  : "bg-team-blue-soft ring-1 ring-team-blue/60"
                : champion
                  ? isRed
                    ? "bg-team-red-soft/60"
                    : "bg-team-blue-soft/60"
                  : "bg-transparent",
            );
            return (
              <li key={index} aria-current={isNext ? "step" : undefined}>
                {button ? (
                  <button
                    type="button"
                    onClick={button.onClick}
                    aria-label={`${label}. ${button.label}`}
                    className={cn(rowClass, "hover:ring-2 hover:ring-ring")}
                  >
                    {content}
                  </button>
                ) : (
                  <div className={rowClass}>
                    <span className="sr-only">{label}</span>
                    <span aria-hidden="true" className="contents">
                      {content}
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
