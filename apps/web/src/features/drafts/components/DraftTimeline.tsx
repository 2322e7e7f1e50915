import type { Champion } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import type { BoardState } from "../utils/board.ts";

/** The format's steps in order with what each one was: a read-only log of the draft. */
export function DraftTimeline({
  board,
  names,
  championsById,
}: {
  board: BoardState;
  names: Record<"BLUE" | "RED", string>;
  championsById: ReadonlyMap<number, Champion>;
}) {
  const { t } = useTranslation("drafts");
  const byStep = new Map(board.actions.map((action) => [action.phase_number, action]));
  return (
    <ol className="grid gap-1 sm:grid-cols-2" aria-label={t("public.timelineTitle")}>
      {board.state.format.steps.map((step) => {
        const action = byStep.get(step.index);
        const champion = action?.champion_id ? championsById.get(action.champion_id) : undefined;
        const isNext = board.next?.index === step.index;
        const isBlue = step.side === "BLUE";
        return (
          <li
            key={step.index}
            aria-current={isNext ? "step" : undefined}
            className={cn(
              "flex items-center gap-2 rounded-lg border px-2 py-1.5 text-sm",
              isNext
                ? isBlue
                  ? "border-team-blue bg-team-blue-soft"
                  : "border-team-red bg-team-red-soft"
                : "border-border",
              !action && !isNext && "border-dashed",
            )}
          >
            <span className="w-6 shrink-0 text-right text-xs font-bold text-muted tabular-nums">
              {step.index + 1}
            </span>
            <span
              aria-hidden
              className={cn("h-5 w-1 shrink-0 rounded-full", isBlue ? "bg-team-blue" : "bg-team-red")}
            />
            <span className="w-20 shrink-0 truncate text-xs text-muted">{names[step.side]}</span>
            <span
              className={cn(
                "w-10 shrink-0 text-[11px] font-bold uppercase",
                step.type === "BAN" ? "text-[hsl(354_72%_40%)] dark:text-danger" : "text-primary",
              )}
            >
              {t(`actionType.${step.type}`)}
            </span>
            {champion ? (
              <span className="flex min-w-0 items-center gap-1.5">
                <ChampionImage
                  name={champion.name}
                  src={champion.icon_url}
                  size={22}
                  decorative
                  muted={step.type === "BAN"}
                />
                <span className="truncate font-semibold text-fg">{champion.name}</span>
              </span>
            ) : action ? (
              <span className="text-xs text-muted italic">{t("page.skippedBan")}</span>
            ) : isNext ? (
              <span className="text-xs font-semibold text-fg">{t("page.nextSlot")}</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
