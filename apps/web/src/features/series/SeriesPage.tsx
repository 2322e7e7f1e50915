import type { PriorityEntry, Series, SeriesGame } from "@draftroom/contracts";
import { lockedFor, type SeriesTeam } from "@draftroom/draft";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Play, Share2, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ScrimLink } from "@/components/scrims/ScrimLink.tsx";
import { PoolDepth } from "@/components/series/PoolDepth.tsx";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { CommentsPanel } from "@/components/workspace/CommentsPanel.tsx";
import { MoveToWorkspace } from "@/components/workspace/MoveToWorkspace.tsx";
import { api, isNotFound } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { useItemAccess } from "@/lib/item-access.ts";
import { partsOfScrimGame, useScrimName } from "@/lib/scrim-name.ts";
import { scrimOfDraftQuery, scrimResultsChanged } from "@/lib/scrim-of-draft.ts";
import { seriesApi, seriesInput, seriesKeys, seriesTeamName } from "@/lib/series-api.ts";
import { SeriesLiveRoom, useSeriesRoom } from "./components/SeriesLiveRoom.tsx";
import { GameCard, LockedChampions, SeriesScoreHeader } from "./components/SeriesView.tsx";

const prioritiesKey = (teamId: number) => ["series", "priorities", teamId] as const;

function usePriorities(teamId: number | null) {
  return useQuery({
    queryKey: prioritiesKey(teamId ?? 0),
    queryFn: () =>
      api
        .get<{ priorities: PriorityEntry[] } | PriorityEntry[]>(`/drafts/teams/${teamId}/priorities/`)
        .then((data) => (Array.isArray(data) ? data : data.priorities))
        .catch(() => [] as PriorityEntry[]),
    enabled: teamId !== null,
    staleTime: 30_000,
  });
}

/**
 * Who won a finished game: one button per team (the current result pressed); without `onWinner`
 * (a member who may not change the series) no buttons, and a line when no result is recorded.
 */
function WinnerControls({
  series,
  game,
  onWinner,
  saving,
}: {
  series: Series;
  game: SeriesGame;
  onWinner: ((team: SeriesTeam) => void) | undefined;
  saving: boolean;
}) {
  const { t } = useTranslation("series");
  // The game card already says who won; only a missing result is worth a line.
  if (!onWinner) {
    return game.status === "complete" && !game.winner ? (
      <p className="text-xs text-muted">{t("page.noResult")}</p>
    ) : null;
  }
  if (game.status !== "complete") {
    return <p className="text-xs text-muted">{t("page.draftNotDone")}</p>;
  }
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="mb-1 text-xs font-semibold text-muted">
        {t("page.recordWinner", { n: game.number })}
      </legend>
      {(["A", "B"] as const).map((team) => (
        <Button
          key={team}
          size="sm"
          variant={game.winner === team ? "primary" : "outline"}
          aria-pressed={game.winner === team}
          disabled={saving}
          onClick={() => onWinner(team)}
        >
          {t("page.wonBy", { team: seriesTeamName(series, team) })}
        </Button>
      ))}
    </fieldset>
  );
}

/** Starting the next game: the sides come from the series' side choice (a choice when it asks one). */
function NextGame({
  series,
  onStart,
  starting,
}: {
  series: Series;
  onStart: (blue?: SeriesTeam) => void;
  starting: boolean;
}) {
  const { t } = useTranslation("series");
  const next = series.next;
  if (next.status !== "ready" || next.number === null) return null;
  const previous = series.games.find((game) => game.number === next.number! - 1);
  const alternating = previous && series.side_choice === "alternate";
  const chooser = next.chooser;
  return (
    <section
      className="flex flex-col gap-2 rounded-2xl border border-primary/40 bg-primary-soft/40 p-4"
      aria-labelledby="next-game"
    >
      <h2 id="next-game" className="text-base font-bold text-fg">
        {t("page.startGame", { n: next.number })}
      </h2>
      {series.score.winner && series.scrim_block && (
        <p className="text-xs text-muted">{t("page.scrimContinues")}</p>
      )}
      {alternating ? (
        <>
          <p className="text-sm text-fg">
            {t("page.chooser.alternate", {
              team: seriesTeamName(series, previous.blue_team === "A" ? "B" : "A"),
            })}
          </p>
          <Button
            className="self-start"
            loading={starting}
            onClick={() => onStart()}
            leftIcon={<Play className="size-4" aria-hidden />}
          >
            {t("page.startGame", { n: next.number })}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-fg">
            {chooser?.by === "team" && chooser.team
              ? t("page.chooser.team", { team: seriesTeamName(series, chooser.team) })
              : t("page.chooser.organiser", { n: next.number })}
          </p>
          <div className="flex flex-wrap gap-2">
            {(["A", "B"] as const).map((team) => (
              <Button
                key={team}
                loading={starting}
                onClick={() => onStart(team)}
                leftIcon={<Play className="size-4" aria-hidden />}
              >
                {t("page.blueFor", { team: seriesTeamName(series, team) })}
              </Button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * A fearless scrim plays its games as this series: a link back to the scrim in the team's ledger,
 * found through the series' first game (every game's draft is one of the scrim's games).
 */
function ScrimOfSeries({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation("series");
  const game = useQuery(scrimOfDraftQuery(sessionId)).data;
  const nameOf = useScrimName();
  if (!game) return null;
  return (
    <ScrimLink
      game={game}
      label={t("page.ofScrim", { title: nameOf(partsOfScrimGame(game)) })}
      testId="series-scrim-link"
    />
  );
}

/** A series (`/app/series/{id}`): score, games with their drafts and results, locks and pools. */
export default function SeriesPage() {
  const { seriesId = "" } = useParams();
  const { t } = useTranslation("series");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const query = useQuery({ queryKey: seriesKeys.detail(seriesId), queryFn: () => seriesApi.get(seriesId) });
  const series = query.data;
  const championsById = useMemo(() => new Map((series?.champions ?? []).map((c) => [c.id, c])), [series]);
  const prioritiesA = usePriorities(series?.team_a.id ?? null);
  const prioritiesB = usePriorities(series?.team_b.id ?? null);
  const liveRoom = useSeriesRoom(seriesId);
  // Only what the member may do is offered (decision 048): a viewer follows the series.
  const access = useItemAccess("series", seriesId);
  const mayEdit = access.may("edit_series");

  const update = (fresh: Series) => {
    queryClient.setQueryData(seriesKeys.detail(seriesId), fresh);
    void queryClient.invalidateQueries({ queryKey: seriesKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ["drafts"] });
    scrimResultsChanged(queryClient);
  };
  const winner = useMutation({
    mutationFn: ({ number, team }: { number: number; team: SeriesTeam }) =>
      seriesApi.setWinner(seriesId, number, team),
    onSuccess: (fresh) => {
      update(fresh);
      toast.success(t("page.winnerSaved"));
    },
    onError: (error) => toast.error(errorMessage(error, t("page.winnerFailed"))),
  });
  const start = useMutation({
    mutationFn: (blue?: SeriesTeam) => seriesApi.startGame(seriesId, blue),
    onSuccess: (fresh) => {
      update(fresh);
      // With a live room the series plays there (everyone in it moves to the new game).
      const room = liveRoom.data;
      const game = fresh.games[fresh.games.length - 1];
      if (room) navigate(`/app/room/${room.id}`);
      else if (game) navigate(`/app/draft/${game.session_id}`);
    },
    onError: (error) => toast.error(errorMessage(error, t("page.startFailed"))),
  });
  const remove = useMutation({
    mutationFn: () => seriesApi.remove(seriesId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["drafts"] });
      toast.success(t("page.deleted"));
      navigate("/app/series");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const share = async () => {
    const url = `${window.location.origin}/app/public/series/${seriesId}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("page.shared"));
    } catch {
      toast.info(url, { duration: 10_000 });
    }
  };

  if (query.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("page.loading")}</span>
      </div>
    );
  }
  if (query.isError || !series) {
    const notFound = isNotFound(query.error);
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorState
          title={notFound ? t("page.notFoundTitle") : t("page.errorTitle")}
          message={notFound ? t("page.notFound") : t("page.errorText")}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }

  const input = seriesInput(series);
  const shownGame = series.locked_game;
  const depthTeams = (["A", "B"] as const).map((team) => ({
    name: seriesTeamName(series, team),
    priorities: (team === "A" ? prioritiesA.data : prioritiesB.data) ?? [],
    locked:
      series.status === "complete"
        ? new Set(series.locked[team].map((l) => l.champion_id))
        : lockedFor(input, shownGame, team),
  }));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-5 lg:py-6">
      <Link to="/app/series" className={buttonClasses("ghost", "sm", "self-start")}>
        <ArrowLeft className="size-4" aria-hidden />
        {t("page.back")}
      </Link>
      <SeriesScoreHeader
        teamLinks
        series={series}
        actions={
          <>
            <ShareMenu series={series} access="owner" />
            <Button
              variant="outline"
              size="sm"
              onClick={() => void share()}
              leftIcon={<Share2 className="size-4" aria-hidden />}
            >
              {t("page.share")}
            </Button>
            {mayEdit && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirmDelete(true)}
                leftIcon={<Trash2 className="size-4" aria-hidden />}
              >
                {t("page.delete")}
              </Button>
            )}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <MoveToWorkspace type="series" id={series.id} />
        {access.workspace && series.games[0] && <ScrimOfSeries sessionId={series.games[0].session_id} />}
      </div>
      <AccessNote workspace={access.workspace} capability="edit_series" />
      {mayEdit && <SeriesLiveRoom series={series} />}
      {mayEdit && (
        <NextGame series={series} starting={start.isPending} onStart={(blue) => start.mutate(blue)} />
      )}
      <section aria-labelledby="games-title" className="flex flex-col gap-3">
        <h2 id="games-title" className="text-lg font-bold text-fg">
          {t("page.games")}
        </h2>
        {series.games.map((game) => (
          <GameCard
            key={game.number}
            series={series}
            game={game}
            championsById={championsById}
            footer={
              <div className="flex flex-wrap items-end justify-between gap-3 border-t border-border pt-3">
                <WinnerControls
                  series={series}
                  game={game}
                  saving={winner.isPending}
                  onWinner={mayEdit ? (team) => winner.mutate({ number: game.number, team }) : undefined}
                />
                <Link to={`/app/draft/${game.session_id}`} className={buttonClasses("outline", "sm")}>
                  {game.status === "complete"
                    ? t("page.openDraft", { n: game.number })
                    : t("page.continueDraft", { n: game.number })}
                </Link>
              </div>
            }
          />
        ))}
      </section>
      <LockedChampions series={series} championsById={championsById} />
      <PoolDepth teams={depthTeams} />
      <CommentsPanel type="series" id={series.id} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("page.deleteTitle")}
        message={t("page.deleteText")}
        confirmLabel={t("page.delete")}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
