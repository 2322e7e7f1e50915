import type { DraftSession } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { MousePointerClick, RotateCcw, Trophy, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import type { ChampionBoard, ChampionBoardTeam } from "@/components/draft-board/types.ts";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { CompletedDraftWinEstimate } from "./WinEstimate.tsx";

function Lineup({ side }: { side: ChampionBoardTeam }) {
  const { t } = useTranslation("drafts");
  const isBlue = side.side === "BLUE";
  const name = side.name;
  return (
    <div
      className={cn(
        "min-w-0 rounded-xl border p-3",
        isBlue ? "border-team-blue/40 bg-team-blue-soft/40" : "border-team-red/40 bg-team-red-soft/40",
      )}
    >
      <h3
        className={cn(
          "mb-2 truncate text-sm font-bold",
          isBlue
            ? "text-[hsl(214_88%_36%)] dark:text-team-blue"
            : "text-[hsl(356_76%_40%)] dark:text-team-red",
        )}
      >
        {name}
      </h3>
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
        {t("complete.picks")}
      </p>
      <ul className="mb-2 flex flex-wrap gap-1.5">
        {side.picks.map((slot) => {
          const c = slot.state === "filled" ? slot.champion : null;
          return (
            <li key={slot.step} className="flex flex-col items-center gap-0.5">
              {c ? (
                <ChampionImage name={c.name} src={c.icon_url} size={40} />
              ) : (
                <span className="size-10 rounded-md bg-surface-3" />
              )}
              <span className="w-12 truncate text-center text-[10px] text-muted">{c?.name}</span>
            </li>
          );
        })}
      </ul>
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
        {t("complete.bans")}
      </p>
      <ul className="flex flex-wrap gap-1">
        {side.bans.map((slot) => {
          const c = slot.state === "filled" ? slot.champion : null;
          return (
            <li key={slot.step}>
              {c ? (
                <ChampionImage name={c.name} src={c.icon_url} size={28} muted />
              ) : (
                <span
                  role="img"
                  aria-label={t("page.skippedBan")}
                  className="grid size-7 place-items-center rounded-md border border-dashed border-border-strong text-[10px] text-muted"
                >
                  –
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export interface DraftCompleteProps {
  board: ChampionBoard;
  session: DraftSession;
  savingWinner: boolean;
  onWinner: (winner: Side | null) => void;
  onStartNew: () => void;
}

/** "Draft Complete!": both line-ups, the modify hint, the optional result and Start New Draft. */
export function DraftComplete({ board, session, savingWinner, onWinner, onStartNew }: DraftCompleteProps) {
  const { t } = useTranslation("drafts");
  return (
    <section
      aria-labelledby="draft-complete-title"
      className="flex flex-col gap-4 rounded-xl border border-success/30 bg-success-soft/40 p-4"
    >
      <div className="text-center">
        <h2 id="draft-complete-title" className="font-display text-2xl font-extrabold tracking-tight text-fg">
          {t("complete.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("complete.subtitle")}</p>
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-surface px-3 py-1 text-xs font-medium text-muted">
          <MousePointerClick className="size-3.5" aria-hidden />
          {t("complete.hint")}
        </p>
      </div>
      <CompletedDraftWinEstimate sessionId={session.id} className="justify-center" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Lineup side={board.blue} />
        <Lineup side={board.red} />
      </div>
      <fieldset className="rounded-xl border border-border bg-surface p-3">
        <legend className="px-1 text-sm font-semibold text-fg">{t("complete.winnerTitle")}</legend>
        <p className="mb-2 text-xs text-muted">{t("complete.winnerHint")}</p>
        <div className="flex flex-wrap gap-2">
          {(["BLUE", "RED"] as const).map((side) => {
            const chosen = session.winner === side;
            return (
              <Button
                key={side}
                variant={chosen ? "primary" : "outline"}
                aria-pressed={chosen}
                disabled={savingWinner}
                onClick={() => onWinner(side)}
                leftIcon={
                  <Trophy
                    className={cn(
                      "size-4",
                      side === "BLUE"
                        ? "text-[hsl(214_88%_36%)] dark:text-team-blue"
                        : "text-[hsl(356_76%_40%)] dark:text-team-red",
                      chosen && "text-current",
                    )}
                    aria-hidden
                  />
                }
              >
                {side === "BLUE"
                  ? t("complete.blueWon", { team: board.blue.name })
                  : t("complete.redWon", { team: board.red.name })}
              </Button>
            );
          })}
          {session.winner && (
            <Button
              variant="ghost"
              disabled={savingWinner}
              onClick={() => onWinner(null)}
              leftIcon={<X className="size-4" aria-hidden />}
            >
              {t("complete.clearWinner")}
            </Button>
          )}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <ShareMenu draft={{ session }} access="owner" />
        <Button size="lg" onClick={onStartNew} leftIcon={<RotateCcw className="size-4" aria-hidden />}>
          {t("complete.startNew")}
        </Button>
      </div>
    </section>
  );
}
