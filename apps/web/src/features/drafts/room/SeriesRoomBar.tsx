import type { RoomSeriesInfo } from "@draftroom/contracts";
import { type SeriesTeam, seriesRoomStage } from "@draftroom/draft";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Play, Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage } from "@/lib/errors.ts";
import { scrimResultsChanged } from "@/lib/scrim-of-draft.ts";
import { seriesApi, seriesKeys } from "@/lib/series-api.ts";

/**
 * A series room's bar: which game of the series is on the board and the score, for every seat.
 * The organiser records the game's winner once its draft is over and starts the next game; the
 * room (and everyone in it) then moves to that game.
 */
export function SeriesRoomBar({
  info,
  draftComplete,
  organiser,
}: {
  info: RoomSeriesInfo;
  draftComplete: boolean;
  organiser: boolean;
}) {
  const { t } = useTranslation("series");
  const queryClient = useQueryClient();
  const name = (team: SeriesTeam) => (team === "A" ? info.team_a_name : info.team_b_name);
  const stage = seriesRoomStage({ draftComplete, gameWinner: info.game_winner, next: info.next.status });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
  const winner = useMutation({
    mutationFn: (team: SeriesTeam) => seriesApi.setWinner(info.id, info.game, team),
    onSuccess: () => {
      refresh();
      scrimResultsChanged(queryClient);
      toast.success(t("page.winnerSaved"));
    },
    onError: (error) => toast.error(errorMessage(error, t("page.winnerFailed"))),
  });
  const start = useMutation({
    mutationFn: (blue?: SeriesTeam) => seriesApi.startGame(info.id, blue),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error, t("page.startFailed"))),
  });
  const nextNumber = info.next.number;
  const chooser = info.next.chooser;

  return (
    <section
      aria-labelledby="series-room-title"
      data-testid="series-room-bar"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-4 dark:bg-surface/80"
    >
      <div className="min-w-0">
        <h2 id="series-room-title" className="text-sm font-bold text-fg">
          <span data-testid="series-room-game">
            {t("liveRoom.gameOf", { n: info.game, best: info.best_of })}
          </span>
          <span className="mx-1.5 text-muted" aria-hidden>
            ·
          </span>
          <Link
            to={`/app/public/series/${info.id}`}
            className="font-semibold text-muted underline-offset-2 hover:underline"
          >
            {info.title}
          </Link>
        </h2>
        <p className="mt-0.5 text-base font-extrabold tabular-nums text-fg" data-testid="series-room-score">
          {t("liveRoom.score", {
            a: name("A"),
            b: name("B"),
            scoreA: info.score.A,
            scoreB: info.score.B,
          })}
        </p>
        {info.game_winner && (
          <p className="mt-0.5 flex items-center gap-1 text-xs text-muted">
            <Trophy className="size-3.5" aria-hidden />
            {t("liveRoom.gameWon", { n: info.game, team: name(info.game_winner) })}
          </p>
        )}
        {stage === "series_over" && (
          <p className="mt-0.5 text-xs font-semibold text-fg">{t("liveRoom.over")}</p>
        )}
        {!organiser && stage === "next_ready" && (
          <p className="mt-0.5 text-xs text-muted">{t("liveRoom.waitNext")}</p>
        )}
      </div>
      {organiser && stage === "awaiting_result" && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mb-1 text-xs font-semibold text-muted">
            {t("page.recordWinner", { n: info.game })}
          </legend>
          {(["A", "B"] as const).map((team) => (
            <Button
              key={team}
              size="sm"
              variant="outline"
              disabled={winner.isPending}
              onClick={() => winner.mutate(team)}
            >
              {t("page.wonBy", { team: name(team) })}
            </Button>
          ))}
        </fieldset>
      )}
      {organiser && stage === "next_ready" && nextNumber !== null && (
        <div className="flex flex-col gap-1.5">
          {chooser ? (
            <>
              <p className="text-xs text-muted">
                {chooser.by === "team" && chooser.team
                  ? t("page.chooser.team", { team: name(chooser.team) })
                  : t("page.chooser.organiser", { n: nextNumber })}
              </p>
              <div className="flex flex-wrap gap-2">
                {(["A", "B"] as const).map((team) => (
                  <Button
                    key={team}
                    size="sm"
                    loading={start.isPending}
                    onClick={() => start.mutate(team)}
                    leftIcon={<Play className="size-4" aria-hidden />}
                  >
                    {t("liveRoom.startWithBlue", { n: nextNumber, team: name(team) })}
                  </Button>
                ))}
              </div>
            </>
          ) : (
            <Button
              size="sm"
              loading={start.isPending}
              onClick={() => start.mutate(undefined)}
              leftIcon={<Play className="size-4" aria-hidden />}
            >
              {t("liveRoom.startNext", { n: nextNumber })}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
