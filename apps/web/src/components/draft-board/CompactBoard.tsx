import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { ChampionBoard, ChampionBoardSlot, ChampionBoardTeam } from "./types.ts";
import { useSlotLabel } from "./useSlotLabel.ts";

export interface CompactBoardProps {
  board: ChampionBoard;
  /** Filled slots become buttons (the owner's "modify from this point"). */
  onSlotClick?: (slot: ChampionBoardSlot) => void;
  className?: string;
}

/**
 * Both teams on two lines (bans and picks as small chips, the slot on the clock ringed, whose turn
 * it is), for narrow screens: it sits above the champion grid so a phone user can act without
 * scrolling past the full team panels.
 */
export function CompactBoard({ board, onSlotClick, className }: CompactBoardProps) {
  const { t } = useTranslation("board");
  return (
    <section
      aria-label={t("compact.title")}
      className={cn(
        "flex flex-col gap-2 rounded-2xl border border-border bg-surface p-2.5 shadow-card dark:bg-surface/80",
        className,
      )}
    >
      {[board.blue, board.red].map((team) => (
        <TeamLine key={team.side} team={team} turn={board.next?.type ?? null} onSlotClick={onSlotClick} />
      ))}
    </section>
  );
}

function TeamLine({
  team,
  turn,
  onSlotClick,
}: {
  team: ChampionBoardTeam;
  turn: "BAN" | "PICK" | null;
  onSlotClick?: (slot: ChampionBoardSlot) => void;
}) {
  const { t } = useTranslation("board");
  const isBlue = team.side === "BLUE";
  return (
    <div
      className={cn(
        "flex items-stretch gap-2 rounded-xl px-1.5 py-1.5",
        team.active && (isBlue ? "bg-team-blue-soft/70" : "bg-team-red-soft/70"),
      )}
    >
      <span
        aria-hidden
        className={cn("w-1 shrink-0 rounded-full", isBlue ? "bg-team-blue" : "bg-team-red")}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="min-w-0 truncate text-xs font-bold tracking-wide text-fg uppercase">{team.name}</h3>
          {team.active && turn && (
            <span
              className={cn(
                "ml-auto shrink-0 rounded-full px-2 py-0.5 text-[11px] font-bold",
                isBlue
                  ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
                  : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
              )}
            >
              {turn === "BAN" ? t("compact.turnBan") : t("compact.turnPick")}
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <ol aria-label={t("compact.bans", { team: team.name })} className="flex gap-0.5">
            {team.bans.map((slot) => (
              <Chip key={slot.step} slot={slot} team={team.name} onSlotClick={onSlotClick} />
            ))}
          </ol>
          <span aria-hidden className="h-6 w-px shrink-0 bg-border-strong" />
          <ol aria-label={t("compact.picks", { team: team.name })} className="flex gap-1">
            {team.picks.map((slot) => (
              <Chip key={slot.step} slot={slot} team={team.name} onSlotClick={onSlotClick} />
            ))}
          </ol>
        </div>
      </div>
    </div>
  );
}

function Chip({
  slot,
  team,
  onSlotClick,
}: {
  slot: ChampionBoardSlot;
  team: string;
  onSlotClick?: (slot: ChampionBoardSlot) => void;
}) {
  const { t } = useTranslation("board");
  const slotLabel = useSlotLabel();
  const label = slotLabel(slot);
  const isBan = slot.type === "BAN";
  const size = isBan ? 22 : 30;
  const onClock = slot.state === "next" || slot.state === "hover";
  const champion = slot.champion;
  const ring = slot.side === "BLUE" ? "ring-team-blue" : "ring-team-red";

  const inner =
    champion && slot.state !== "skipped" ? (
      <span className={cn("relative block rounded-md", slot.state === "hover" && cn("ring-2", ring))}>
        <ChampionImage
          name={champion.name}
          src={champion.icon_url}
          size={size}
          decorative
          muted={isBan}
          className={cn((slot.pending || slot.state === "hover") && "opacity-60")}
        />
        {isBan && slot.state === "filled" && (
          <span aria-hidden className="pointer-events-none absolute inset-0 grid place-items-center">
            <span className="h-0.5 w-[130%] -rotate-45 bg-danger/80" />
          </span>
        )}
      </span>
    ) : (
      <span
        aria-hidden
        className={cn(
          "grid place-items-center rounded-md border border-dashed border-border-strong bg-surface-2 text-[10px] font-semibold text-muted",
          slot.state === "skipped" && "bg-surface-3",
          onClock && cn("border-solid ring-2", ring, "animate-pulse bg-surface"),
        )}
        style={{ width: size, height: size }}
      >
        {slot.state === "skipped" ? "–" : slot.index + 1}
      </span>
    );

  const canModify = onSlotClick && slot.state === "filled" && !slot.pending;
  return (
    <li aria-current={onClock ? "step" : undefined} className="relative" data-state={slot.state}>
      {canModify ? (
        <button
          type="button"
          onClick={() => onSlotClick(slot)}
          aria-label={t("compact.modify", { slot: label, team })}
          className="block rounded-md outline-none transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-surface"
        >
          {inner}
        </button>
      ) : (
        <>
          <span className="sr-only">{onClock ? `${label} (${t("compact.next")})` : label}</span>
          {inner}
        </>
      )}
    </li>
  );
}
