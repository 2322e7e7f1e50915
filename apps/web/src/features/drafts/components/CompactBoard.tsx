import type { Champion } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { BoardAction, BoardSlot, BoardState } from "../utils/board.ts";

export interface CompactBoardProps {
  board: BoardState;
  names: Record<Side, string>;
  championsById: ReadonlyMap<number, Champion>;
  /** Clicking a saved champion: modify the draft from that action. */
  onModify: (action: BoardAction) => void;
  className?: string;
}

/**
 * Both teams on two lines (bans and picks as small chips, the next slot ringed, whose turn it is),
 * for narrow screens: it sits above the champion grid so a phone user can act without scrolling
 * past the full team panels, which follow the grid there.
 */
export function CompactBoard({ board, names, championsById, onModify, className }: CompactBoardProps) {
  const { t } = useTranslation("drafts");
  return (
    <section
      aria-label={t("compact.title")}
      className={cn(
        "flex flex-col gap-2 rounded-2xl border border-border bg-surface p-2.5 shadow-card dark:bg-surface/80",
        className,
      )}
    >
      {(["BLUE", "RED"] as const).map((side) => (
        <TeamLine
          key={side}
          board={board}
          side={side}
          name={names[side]}
          championsById={championsById}
          onModify={onModify}
        />
      ))}
    </section>
  );
}

function TeamLine({
  board,
  side,
  name,
  championsById,
  onModify,
}: {
  board: BoardState;
  side: Side;
  name: string;
  championsById: ReadonlyMap<number, Champion>;
  onModify: (action: BoardAction) => void;
}) {
  const { t } = useTranslation("drafts");
  const sideBoard = side === "BLUE" ? board.blue : board.red;
  const isBlue = side === "BLUE";
  const next = board.next;
  const active = next?.side === side;
  const chip = (slot: BoardSlot, kind: "BAN" | "PICK") => (
    <Chip
      key={slot.step.index}
      slot={slot}
      kind={kind}
      side={side}
      team={name}
      isNext={next?.index === slot.step.index}
      champion={
        slot.action?.champion_id != null ? (championsById.get(slot.action.champion_id) ?? null) : null
      }
      onModify={onModify}
    />
  );
  return (
    <div
      className={cn(
        "flex items-stretch gap-2 rounded-xl px-1.5 py-1.5",
        active && (isBlue ? "bg-team-blue-soft/70" : "bg-team-red-soft/70"),
      )}
    >
      <span
        aria-hidden
        className={cn("w-1 shrink-0 rounded-full", isBlue ? "bg-team-blue" : "bg-team-red")}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="min-w-0 truncate text-xs font-bold tracking-wide text-fg uppercase">{name}</h3>
          {active && next && (
            <span
              className={cn(
                "ml-auto shrink-0 rounded-full px-2 py-0.5 text-[11px] font-bold",
                isBlue
                  ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
                  : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
              )}
            >
              {next.type === "BAN" ? t("compact.turnBan") : t("compact.turnPick")}
            </span>
          )}
        </div>
        <div className="flex items-center gap-2">
          <ol aria-label={t("compact.bans", { team: name })} className="flex gap-0.5">
            {sideBoard.bans.map((slot) => chip(slot, "BAN"))}
          </ol>
          <span aria-hidden className="h-6 w-px shrink-0 bg-border-strong" />
          <ol aria-label={t("compact.picks", { team: name })} className="flex gap-1">
            {sideBoard.picks.map((slot) => chip(slot, "PICK"))}
          </ol>
        </div>
      </div>
    </div>
  );
}

function Chip({
  slot,
  kind,
  side,
  team,
  isNext,
  champion,
  onModify,
}: {
  slot: BoardSlot;
  kind: "BAN" | "PICK";
  side: Side;
  team: string;
  isNext: boolean;
  champion: Champion | null;
  onModify: (action: BoardAction) => void;
}) {
  const { t } = useTranslation("drafts");
  const action = slot.action;
  const n = slot.index + 1;
  const size = kind === "BAN" ? 22 : 30;
  const isBan = kind === "BAN";
  const name = champion?.name ?? action?.champion?.name ?? null;
  const skipped = action !== null && action.champion_id === null;
  const label = !action
    ? t(isBan ? "compact.emptyBan" : "compact.emptyPick", { n })
    : skipped
      ? t("compact.skippedBan", { n })
      : t(isBan ? "compact.filledBan" : "compact.filledPick", { n, champion: name ?? "?" });
  const ring = side === "BLUE" ? "ring-team-blue" : "ring-team-red";

  const inner =
    action && !skipped ? (
      <span className="relative block">
        <ChampionImage
          name={name ?? "?"}
          src={champion?.icon_url ?? action.champion?.icon_url ?? ""}
          size={size}
          decorative
          muted={isBan}
          className={cn(action.pending && "opacity-60")}
        />
        {isBan && (
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
          skipped && "bg-surface-3",
          isNext && cn("border-solid ring-2", ring, "animate-pulse bg-surface"),
        )}
        style={{ width: size, height: size }}
      >
        {skipped ? "–" : n}
      </span>
    );

  const canModify = action !== null && !skipped && !action.pending;
  return (
    <li aria-current={isNext ? "step" : undefined} className="relative">
      {canModify ? (
        <button
          type="button"
          onClick={() => onModify(action)}
          aria-label={t("compact.modify", { slot: label, team })}
          className="block rounded-md outline-none transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-surface"
        >
          {inner}
        </button>
      ) : (
        <>
          <span className="sr-only">{isNext ? `${label} (${t("page.nextSlot")})` : label}</span>
          {inner}
        </>
      )}
    </li>
  );
}
