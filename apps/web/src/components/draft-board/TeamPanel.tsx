import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { ChampionBoardSlot, ChampionBoardTeam } from "./types.ts";
import { useSlotLabel } from "./useSlotLabel.ts";

interface TeamPanelProps {
  team: ChampionBoardTeam;
  /** Filled slots become buttons (the owner's "modify from this point"). */
  onSlotClick?: (slot: ChampionBoardSlot) => void;
  className?: string;
}

/** One side of the board: five ban squares and five pick rows, the slot on the clock highlighted. */
export function TeamPanel({ team, onSlotClick, className }: TeamPanelProps) {
  const { t } = useTranslation("board");
  const slotLabel = useSlotLabel();
  const isRed = team.side === "RED";
  // Skipped bans and unconfirmed actions are not modifiable: a draft cannot be rewound to them.
  const clickable = (slot: ChampionBoardSlot) =>
    onSlotClick && slot.state === "filled" && slot.champion !== null && !slot.pending;

  return (
    <section
      aria-label={team.name}
      data-team={team.side.toLowerCase()}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border bg-surface p-3 shadow-card transition-colors sm:p-4",
        team.active
          ? isRed
            ? "border-team-red/70 ring-1 ring-team-red/40"
            : "border-team-blue/70 ring-1 ring-team-blue/40"
          : "border-border",
        className,
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
          {team.name}
        </h3>
        {team.active && (
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
          {team.bans.map((slot) => {
            const label = slotLabel(slot);
            const champion = slot.champion;
            const onClock = slot.state === "next" || slot.state === "hover";
            const inner =
              champion && slot.state !== "skipped" ? (
                <ChampionImage
                  name={champion.name}
                  src={champion.icon_url}
                  size={28}
                  decorative
                  muted
                  className={cn((slot.state === "hover" || slot.pending) && "opacity-50")}
                />
              ) : (
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid size-7 place-items-center rounded-md border border-dashed text-[10px] font-semibold text-muted",
                    slot.state === "skipped"
                      ? "border-border-strong bg-surface-3"
                      : "border-border-strong bg-surface-2",
                    onClock && (isRed ? "border-solid border-team-red" : "border-solid border-team-blue"),
                  )}
                >
                  {slot.state === "skipped" ? "–" : slot.index + 1}
                </span>
              );
            return (
              <li
                key={slot.step}
                className="relative"
                aria-current={onClock ? "step" : undefined}
                data-state={slot.state}
              >
                {clickable(slot) ? (
                  <button
                    type="button"
                    onClick={() => onSlotClick?.(slot)}
                    aria-label={`${label}. ${t("slot.modify", { champion: champion?.name ?? "" })}`}
                    className="block rounded-md transition hover:ring-2 hover:ring-ring"
                  >
                    {inner}
                  </button>
                ) : (
                  <>
                    <span className="sr-only">{label}</span>
                    {inner}
                  </>
                )}
                {slot.state === "filled" && champion && (
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
          {team.picks.map((slot) => {
            const label = slotLabel(slot);
            const champion = slot.champion;
            const onClock = slot.state === "next" || slot.state === "hover";
            const content = (
              <>
                {champion ? (
                  <ChampionImage
                    name={champion.name}
                    src={champion.icon_url}
                    size={40}
                    decorative
                    className={cn((slot.state === "hover" || slot.pending) && "opacity-50")}
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className={cn(
                      "grid size-10 shrink-0 place-items-center rounded-md border border-dashed bg-surface-2 text-xs font-semibold text-muted",
                      onClock
                        ? isRed
                          ? "border-solid border-team-red"
                          : "border-solid border-team-blue"
                        : "border-border-strong",
                    )}
                  >
                    {slot.index + 1}
                  </span>
                )}
                <span
                  className={cn(
                    "min-w-0 truncate text-sm",
                    slot.state === "filled" ? "font-semibold text-fg" : "text-muted",
                    onClock && "font-semibold text-fg",
                    slot.state === "hover" && "italic",
                  )}
                >
                  {slot.state === "filled" || slot.state === "hover"
                    ? champion?.name
                    : slot.state === "next"
                      ? t("slot.next")
                      : t("slot.pick", { n: slot.index + 1 })}
                </span>
                {slot.auto && slot.state === "filled" && (
                  <span className="shrink-0 rounded bg-surface-3 px-1 text-[10px] font-semibold text-muted uppercase">
                    {t("slot.autoShort")}
                  </span>
                )}
              </>
            );
            const rowClass = cn(
              "flex h-12 w-full items-center gap-2 rounded-lg px-1.5 transition-colors",
              isRed && "flex-row-reverse text-right",
              onClock
                ? isRed
                  ? "bg-team-red-soft ring-1 ring-team-red/60"
                  : "bg-team-blue-soft ring-1 ring-team-blue/60"
                : slot.state === "filled"
                  ? isRed
                    ? "bg-team-red-soft/60"
                    : "bg-team-blue-soft/60"
                  : "bg-transparent",
            );
            return (
              <li key={slot.step} aria-current={onClock ? "step" : undefined} data-state={slot.state}>
                {clickable(slot) ? (
                  <button
                    type="button"
                    onClick={() => onSlotClick?.(slot)}
                    aria-label={`${label}. ${t("slot.modify", { champion: champion?.name ?? "" })}`}
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
