import { boardSlots, boardTeam } from "@draftroom/draft";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import type { ChampionBoard } from "@/components/draft-board/types.ts";
import { cn } from "@/lib/cn.ts";

/** The format's steps in order with what each one was: a read-only log of the draft. */
export function DraftTimeline({ board }: { board: ChampionBoard }) {
  const { t } = useTranslation("drafts");
  return (
    <ol className="grid gap-1 sm:grid-cols-2" aria-label={t("public.timelineTitle")}>
      {boardSlots(board).map((step) => {
        const taken = step.state === "filled" || step.state === "skipped";
        const champion = step.state === "filled" ? step.champion : null;
        const isNext = board.next?.index === step.step;
        const isBlue = step.side === "BLUE";
        return (
          <li
            key={step.step}
            aria-current={isNext ? "step" : undefined}
            className={cn(
              "flex items-center gap-2 rounded-lg border px-2 py-1.5 text-sm",
              isNext
                ? isBlue
                  ? "border-team-blue bg-team-blue-soft"
                  : "border-team-red bg-team-red-soft"
                : "border-border",
              !taken && !isNext && "border-dashed",
            )}
          >
            <span className="w-6 shrink-0 text-right text-xs font-bold text-muted tabular-nums">
              {step.step + 1}
            </span>
            <span
              aria-hidden
              className={cn("h-5 w-1 shrink-0 rounded-full", isBlue ? "bg-team-blue" : "bg-team-red")}
            />
            <span
              className="w-20 shrink-0 truncate text-xs text-muted"
              title={boardTeam(board, step.side).name}
            >
              {boardTeam(board, step.side).name}
            </span>
            <span
              className={cn(
                "w-10 shrink-0 text-xs font-bold uppercase",
                step.type === "BAN" ? "text-[hsl(354_72%_40%)] dark:text-danger" : "text-primary-soft-fg",
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
                <span className="truncate font-semibold text-fg" title={champion.name}>
                  {champion.name}
                </span>
              </span>
            ) : taken ? (
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
