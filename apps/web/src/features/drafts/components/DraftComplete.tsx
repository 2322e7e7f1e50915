import type { DraftSession, ScrimOfDraft } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { CircleCheck, MousePointerClick, RotateCcw, Trophy, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChampionBoard } from "@/components/draft-board/types.ts";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { scrimPath } from "@/lib/scrim-of-draft.ts";
import { CompletedDraftWinEstimate } from "./WinEstimate.tsx";

export interface DraftCompleteProps {
  board: ChampionBoard;
  session: DraftSession;
  savingWinner: boolean;
  /** Absent when the member may not change the session: the result is shown, not asked. */
  onWinner?: ((winner: Side | null) => void) | undefined;
  /** Absent when the member may not change the session. */
  onStartNew?: (() => void) | undefined;
  /** More ways out beside Start New Draft (share, download, export). */
  actions?: ReactNode;
  /**
   * The scrim game this draft is (null: none): the winner is its result in the ledger. Undefined
   * while unknown: Clear result waits for it.
   */
  scrimGame?: ScrimOfDraft["game"] | undefined;
}

/**
 * "Draft Complete!" in the board's centre: the picks and bans stay on the board around it (never
 * listed again), the result as the main question, then Start New Draft and any share actions. A
 * member who may not change the session sees the result as it stands, without either control.
 */
export function DraftComplete({
  board,
  session,
  savingWinner,
  onWinner,
  onStartNew,
  actions,
  scrimGame,
}: DraftCompleteProps) {
  const { t } = useTranslation("drafts");
  return (
    <section aria-labelledby="draft-complete-title" className="flex flex-col gap-4 py-1 lg:py-4">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-success-soft text-[hsl(152_62%_26%)] dark:text-success">
          <CircleCheck className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2
            id="draft-complete-title"
            className="font-display text-2xl font-extrabold tracking-tight text-fg"
          >
            {t("complete.title")}
          </h2>
          <p className="text-sm text-muted">{t("complete.subtitle")}</p>
          <p className="mt-1 flex items-start gap-1.5 text-sm text-muted">
            <MousePointerClick className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("complete.hint")}
          </p>
        </div>
      </div>
      <CompletedDraftWinEstimate sessionId={session.id} />
      {onWinner ? (
        <WinnerQuestion
          board={board}
          session={session}
          savingWinner={savingWinner}
          onWinner={onWinner}
          scrimGame={scrimGame}
        />
      ) : (
        <p
          className="rounded-xl border border-border bg-surface-2 p-4 text-fg text-sm"
          data-testid="draft-result"
        >
          {session.winner === "BLUE"
            ? t("complete.blueWon", { team: board.blue.name })
            : session.winner === "RED"
              ? t("complete.redWon", { team: board.red.name })
              : t("complete.noResult")}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {onStartNew && (
          <Button
            variant="outline"
            onClick={onStartNew}
            leftIcon={<RotateCcw className="size-4" aria-hidden />}
          >
            {t("complete.startNew")}
          </Button>
        )}
        <ShareMenu draft={{ session }} access="owner" />
        {actions}
      </div>
    </section>
  );
}

/**
 * "Who won?": one button per side (the current result pressed) and Clear result. A scrim game's
 * result is kept by the ledger (decision 083): choosing a side corrects it there, and clearing it
 * is the scrim page's, so the question links there instead of offering a clear it would refuse.
 */
function WinnerQuestion({
  board,
  session,
  savingWinner,
  onWinner,
  scrimGame,
}: {
  board: ChampionBoard;
  session: DraftSession;
  savingWinner: boolean;
  onWinner: (winner: Side | null) => void;
  scrimGame: ScrimOfDraft["game"] | undefined;
}) {
  const { t } = useTranslation("drafts");
  const kept = scrimGame?.result_kept === true;
  const official = scrimGame?.kind === "official";
  return (
    <fieldset className="rounded-xl border-2 border-primary/40 bg-primary-soft/40 p-4">
      <legend className="px-1 font-display text-lg font-bold text-fg">{t("complete.winnerTitle")}</legend>
      <p className="mb-3 text-sm text-muted">
        {scrimGame
          ? t(official ? "complete.officialWinnerHint" : "complete.scrimWinnerHint", {
              number: scrimGame.number,
            })
          : t("complete.winnerHint")}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {(["BLUE", "RED"] as const).map((side) => {
          const chosen = session.winner === side;
          const isBlue = side === "BLUE";
          return (
            <Button
              key={side}
              size="lg"
              variant={chosen ? "primary" : "outline"}
              aria-pressed={chosen}
              disabled={savingWinner}
              onClick={() => onWinner(side)}
              className={cn(
                "min-w-0 justify-start border-2",
                !chosen && (isBlue ? "border-team-blue/60" : "border-team-red/60"),
              )}
              leftIcon={
                <Trophy
                  className={cn(
                    "size-5 shrink-0",
                    isBlue
                      ? "text-[hsl(214_88%_36%)] dark:text-team-blue"
                      : "text-[hsl(356_76%_40%)] dark:text-team-red",
                    chosen && "text-current dark:text-current",
                  )}
                  aria-hidden
                />
              }
            >
              <span className="truncate">
                {isBlue
                  ? t("complete.blueWon", { team: board.blue.name })
                  : t("complete.redWon", { team: board.red.name })}
              </span>
            </Button>
          );
        })}
      </div>
      {session.winner && kept && scrimGame ? (
        <p className="mt-2 text-sm text-muted" data-testid="scrim-result-kept">
          {t(official ? "complete.officialResultKept" : "complete.scrimResultKept")}{" "}
          <Link to={scrimPath(scrimGame)} className="font-medium text-primary underline underline-offset-2">
            {t(official ? "complete.openOfficial" : "complete.openScrim")}
          </Link>
        </p>
      ) : session.winner && scrimGame !== undefined ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          disabled={savingWinner}
          onClick={() => onWinner(null)}
          leftIcon={<X className="size-4" aria-hidden />}
        >
          {t("complete.clearWinner")}
        </Button>
      ) : null}
    </fieldset>
  );
}
