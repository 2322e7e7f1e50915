import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import type { ChampionBoard, ChampionBoardSlot, ChampionBoardTeam } from "@/components/draft-board/types.ts";
import { cn } from "@/lib/cn.ts";

/**
 * Both teams' picks and bans in two short rows, for a phone: what is gone stays on screen while
 * the champion grid scrolls beneath (the full board is further down the page).
 *
 * @example
 * <CompactDraftStrip board={view} className="lg:hidden" />
 */
export function CompactDraftStrip({ board, className }: { board: ChampionBoard; className?: string }) {
  const { t } = useTranslation("room");
  return (
    <section
      className={cn("flex flex-col gap-1", className)}
      data-testid="compact-draft-strip"
      aria-label={t("strip.label")}
    >
      {[board.blue, board.red].map((team) => (
        <TeamRow key={team.side} team={team} />
      ))}
    </section>
  );
}

function TeamRow({ team }: { team: ChampionBoardTeam }) {
  const { t } = useTranslation("room");
  const isRed = team.side === "RED";
  return (
    <div className="flex min-w-0 items-center gap-1.5" data-strip-team={team.side.toLowerCase()}>
      <span
        aria-hidden
        className={cn("h-7 w-1 shrink-0 rounded-full", isRed ? "bg-team-red" : "bg-team-blue")}
      />
      <span className="w-16 shrink-0 truncate text-[11px] leading-tight font-bold" title={team.name}>
        {team.name}
      </span>
      <ul className="flex shrink-0 gap-0.5" aria-label={t("strip.picks", { team: team.name })}>
        {team.picks.map((slot) => (
          <Slot key={slot.step} slot={slot} size={28} />
        ))}
      </ul>
      <ul className="ml-auto flex shrink-0 gap-0.5" aria-label={t("strip.bans", { team: team.name })}>
        {team.bans.map((slot) => (
          <Slot key={slot.step} slot={slot} size={20} ban />
        ))}
      </ul>
    </div>
  );
}

function Slot({ slot, size, ban }: { slot: ChampionBoardSlot; size: number; ban?: boolean }) {
  const champion = slot.champion;
  const filled = slot.state === "filled" && champion;
  return (
    <li
      className={cn(
        "relative grid shrink-0 place-items-center overflow-hidden rounded-[4px] border",
        slot.state === "next" || slot.state === "hover"
          ? "border-fg"
          : filled
            ? "border-transparent"
            : "border-dashed border-border-strong bg-surface-2",
      )}
      style={{ width: size, height: size }}
    >
      {champion ? (
        <>
          <ChampionImage
            name={champion.name}
            src={champion.icon_url}
            size={size}
            decorative
            className={cn(ban && "grayscale", slot.state === "hover" && "opacity-60")}
          />
          <span className="sr-only">{champion.name}</span>
        </>
      ) : null}
    </li>
  );
}
