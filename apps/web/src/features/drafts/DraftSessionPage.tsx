import { type Champion, DEFAULT_DRAFT_SETTINGS, ROUTES } from "@draftroom/contracts";
import { type DraftStep, expiryAction, type Side } from "@draftroom/draft";
import { useMutation } from "@tanstack/react-query";
import {
  ArrowLeft,
  Ban,
  Check,
  Pencil,
  Share2,
  SlidersHorizontal,
  Swords,
  Timer,
  TimerOff,
} from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { cn } from "@/lib/cn.ts";
import "@/components/draft-board/draft-board.css";
import { BoardSide } from "./components/BoardSide.tsx";
import { ChampionGrid } from "./components/ChampionGrid.tsx";
import { CompactBoard } from "./components/CompactBoard.tsx";
import { DraftComplete } from "./components/DraftComplete.tsx";
import { DraftCompleteChip, DraftProgressBar } from "./components/DraftProgressBar.tsx";
import { EmptyPool } from "./components/EmptyPool.tsx";
import { ModifyDialog } from "./components/ModifyDialog.tsx";
import { PhaseChip } from "./components/PhaseChip.tsx";
import { RecommendationsPanel } from "./components/RecommendationsPanel.tsx";
import { Scoreboard } from "./components/Scoreboard.tsx";
import { SeriesGameBar } from "./components/SeriesGameBar.tsx";
import { SessionDialog } from "./components/SessionDialog.tsx";
import { StepTimerDisplay } from "./components/StepTimer.tsx";
import { TimeoutDialog } from "./components/TimeoutDialog.tsx";
import { useLiveDraft } from "./hooks/useLiveDraft.ts";
import { useRecommendations } from "./hooks/useRecommendations.ts";
import { useReturnFocus } from "./hooks/useReturnFocus.ts";
import { useShareSession } from "./hooks/useShareSession.ts";
import { useStepTimer } from "./hooks/useStepTimer.ts";
import type { BoardAction } from "./utils/board.ts";
import { describeError, translateKey } from "./utils/errors.ts";

/** The live draft (`/app/draft/{id}`): spec section 2 "Draft session page" and section 4. */
export default function DraftSessionPage() {
  const { sessionId = "" } = useParams();
  const { t } = useTranslation("drafts");
  const navigate = useNavigate();
  const share = useShareSession();

  const saveError = useCallback(
    (error: unknown) => {
      const detail = describeError(error);
      toast.error(detail ?? t("page.saveFailed"), detail ? { title: t("page.saveFailed") } : undefined);
    },
    [t],
  );
  const draft = useLiveDraft(sessionId, { onSaveError: saveError });
  const { session, board, champions, championsById } = draft;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [timedOut, setTimedOut] = useState<DraftStep | null>(null);
  const [modifyTarget, setModifyTarget] = useState<BoardAction | null>(null);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [editing, setEditing] = useState(false);
  // Stable, so the 172 memoised grid tiles do not re-render on every board change.
  const selectChampion = useCallback((champion: Champion) => setSelectedId(champion.id), []);

  const names = useMemo(
    () => ({
      BLUE: session?.blue_team?.name || session?.blue_team_name || t("team.blue"),
      RED: session?.red_team?.name || session?.red_team_name || t("team.red"),
    }),
    [session, t],
  );
  const next = board?.next ?? null;
  const settings = session?.settings ?? DEFAULT_DRAFT_SETTINGS;
  const recommendations = useRecommendations(session, board?.state ?? null, champions, !draft.saving);

  const usage = useMemo(() => {
    const map = new Map<number, "PICK" | "BAN">();
    for (const action of board?.actions ?? [])
      if (action.champion_id !== null) map.set(action.champion_id, action.action_type);
    return map;
  }, [board?.actions]);
  const used = board?.state.used ?? new Set<number>();
  const poolEmpty = champions !== null && champions.length === 0;

  // A new step clears a selection that is no longer available.
  useEffect(() => {
    if (selectedId !== null && used.has(selectedId)) setSelectedId(null);
  }, [selectedId, used]);

  const lockChampion = useCallback(
    (champion: Champion | null, auto = false) => {
      const result = draft.lock(champion, auto);
      if (!result.ok) {
        if (result.code !== "no_step") {
          toast.error(translateKey(`errors:codes.${result.code}`), { title: t("page.saveFailed") });
        }
        return false;
      }
      setSelectedId(null);
      return true;
    },
    [draft, t],
  );

  const topRecommendation = (() => {
    const id = recommendations?.items.find((item) => !used.has(item.champion_id))?.champion_id;
    return id === undefined ? null : (championsById.get(id) ?? null);
  })();

  const onExpire = useCallback(
    (step: DraftStep) => {
      if (!board || board.next?.index !== step.index) return;
      if (!settings.auto_advance) {
        setTimedOut(step);
        return;
      }
      const team = names[step.side];
      if (step.type === "BAN") {
        if (lockChampion(null)) toast.info(t("timer.autoSkipped", { team }));
        return;
      }
      const action = expiryAction(board.state, recommendations ?? []);
      const champion = action?.champion_id ? championsById.get(action.champion_id) : undefined;
      if (champion && lockChampion(champion, true))
        toast.info(t("timer.autoPicked", { champion: champion.name, team }));
      else setTimedOut(step);
    },
    [board, settings.auto_advance, names, lockChampion, recommendations, championsById, t],
  );

  const dialogOpen = timedOut !== null || modifyTarget !== null || confirmRestart || editing;
  // Closing a dialog returns focus to its opener, else (slot gone after Modify) to the champion search.
  useReturnFocus(dialogOpen, () => document.querySelector<HTMLElement>("main input[type=search]"));
  const timerPaused = !next || dialogOpen || poolEmpty;
  const timer = useStepTimer(next, settings, timerPaused, onExpire);

  const modify = useMutation({
    mutationFn: (action: BoardAction) => draft.modifyFrom(action),
    onSuccess: (_, action) => {
      toast.success(t("modify.done", { n: action.phase_number + 1 }));
      setModifyTarget(null);
      setSelectedId(null);
    },
    onError: (error) => {
      const detail = describeError(error);
      toast.error(detail ?? t("page.modifyFailed"), detail ? { title: t("page.modifyFailed") } : undefined);
      setModifyTarget(null);
    },
  });
  const restart = useMutation({
    mutationFn: draft.restart,
    onSuccess: () => {
      toast.success(t("complete.startNewDone"));
      setConfirmRestart(false);
    },
    onError: () => {
      toast.error(t("complete.startNewFailed"));
      setConfirmRestart(false);
    },
  });
  const winner = useMutation({
    mutationFn: draft.setWinner,
    onSuccess: () => toast.success(t("complete.winnerSaved")),
    onError: () => toast.error(t("complete.winnerFailed")),
  });

  if (draft.isLoading) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <div className="flex flex-col items-center gap-3 text-muted">
          <Spinner size="lg" />
          <span className="text-sm">{t("page.loading")}</span>
        </div>
      </div>
    );
  }
  if (draft.error || !session || !board || !champions) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorState
          title={t("page.errorTitle")}
          message={draft.notFound ? t("page.notFound") : t("page.errorText")}
          onRetry={draft.notFound ? undefined : draft.retry}
          action={
            <Button
              variant="primary"
              onClick={() => navigate(ROUTES.dashboard)}
              leftIcon={<ArrowLeft className="size-4" aria-hidden />}
            >
              {t("page.backToSessions")}
            </Button>
          }
        />
      </div>
    );
  }

  const selected = selectedId === null ? null : (championsById.get(selectedId) ?? null);
  const isBan = next?.type === "BAN";
  const actingTeamId = next
    ? ((next.side === "BLUE" ? session.blue_team?.id : session.red_team?.id) ?? null)
    : null;
  const lockDisabled = !selected || timedOut !== null || poolEmpty;
  const lockSelected = () => {
    if (!lockDisabled && selected) lockChampion(selected);
  };
  const modifyChampion = modifyTarget?.champion_id
    ? (championsById.get(modifyTarget.champion_id) ?? null)
    : null;

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-5">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link
          to={ROUTES.dashboard}
          className={buttonClasses("ghost", "icon")}
          aria-label={t("page.backToSessions")}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold tracking-tight text-fg sm:text-2xl">{session.title}</h1>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
            <PhaseChip
              session={{ current_phase: board.phase, status: board.complete ? "complete" : "in_progress" }}
            />
            {session.league && <span>{session.league.name}</span>}
            <span className="inline-flex items-center gap-1">
              {settings.auto_advance ? (
                <Timer className="size-3.5" aria-hidden />
              ) : (
                <TimerOff className="size-3.5" aria-hidden />
              )}
              {settings.auto_advance ? t("timer.autoAdvanceOn") : t("timer.autoAdvanceOff")}
            </span>
          </div>
        </div>
        <div className="flex w-full items-center justify-end gap-1 sm:w-auto">
          {actingTeamId !== null || session.blue_team ? (
            <Link
              to={`/app/teams/${actingTeamId ?? session.blue_team?.id}/priorities?session=${session.id}`}
              className={buttonClasses("ghost", "sm")}
              aria-label={t("page.priorities")}
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              <span className="hidden sm:inline">{t("page.priorities")}</span>
            </Link>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("page.edit")}
            onClick={() => setEditing(true)}
            leftIcon={<Pencil className="size-4" aria-hidden />}
          >
            <span className="hidden sm:inline">{t("page.edit")}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void share(session.id)}
            leftIcon={<Share2 className="size-4" aria-hidden />}
          >
            {t("page.share")}
          </Button>
        </div>
      </header>
      <SeriesGameBar locks={draft.series} />

      <Scoreboard
        board={board}
        blueName={names.BLUE}
        redName={names.RED}
        center={
          next ? (
            <StepTimerDisplay
              remaining={timer.remaining}
              total={timer.total}
              phase={timer.phase}
              paused={timerPaused && !poolEmpty}
              side={next.side}
            />
          ) : (
            <DraftCompleteChip />
          )
        }
      />

      <DraftProgressBar
        progress={board.progress}
        valueText={t("page.stepOf", { step: board.count })}
        animated
      />

      <h2 className="sr-only">{t("page.board")}</h2>
      {/* Narrow screens: a compact board above the grid; the full team panels follow the grid (in
          the DOM too, so Tab and screen readers reach the grid first). Desktop places the panels
          either side of the grid by CSS order. */}
      {!board.complete && (
        <CompactBoard
          board={board}
          names={names}
          championsById={championsById}
          onModify={setModifyTarget}
          className="lg:hidden"
        />
      )}
      <div className="grid gap-3 lg:grid-cols-[250px_minmax(0,1fr)_250px] lg:gap-4">
        <section
          aria-label={t("page.board")}
          className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 lg:order-2 lg:h-[calc(100dvh-16.5rem)] lg:min-h-[580px] dark:bg-surface/80"
        >
          {board.complete ? (
            <DraftComplete
              board={board}
              session={session}
              blueName={names.BLUE}
              redName={names.RED}
              championsById={championsById}
              savingWinner={winner.isPending}
              onWinner={(side: Side | null) => winner.mutate(side)}
              onStartNew={() => setConfirmRestart(true)}
            />
          ) : poolEmpty ? (
            <EmptyPool />
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight text-fg">
                  {isBan ? (
                    <Ban className="size-5 text-[hsl(354_72%_40%)] dark:text-danger" aria-hidden />
                  ) : (
                    <Swords className="size-5 text-primary" aria-hidden />
                  )}
                  {isBan ? t("page.selectToBan") : t("page.selectToPick")}
                </h2>
                {next && (
                  <span
                    className={cn(
                      "rounded-full px-2.5 py-1 text-xs font-bold",
                      next.side === "BLUE"
                        ? "bg-team-blue-soft text-[hsl(214_88%_36%)] dark:text-team-blue"
                        : "bg-team-red-soft text-[hsl(356_76%_40%)] dark:text-team-red",
                    )}
                  >
                    {isBan
                      ? t("page.turnBan", { team: names[next.side] })
                      : t("page.turnPick", { team: names[next.side] })}
                    {" · "}
                    {t("page.stepOf", { step: next.index + 1 })}
                  </span>
                )}
              </div>
              <RecommendationsPanel
                result={recommendations}
                championsById={championsById}
                teamName={next ? names[next.side] : ""}
                teamId={actingTeamId}
                sessionId={session.id}
                selectedId={selectedId}
                onSelect={selectChampion}
              />
              <div className="flex h-[420px] min-h-0 flex-col lg:h-auto lg:flex-1">
                <ChampionGrid
                  champions={champions}
                  used={used}
                  usage={usage}
                  locked={next ? draft.series?.reasons[next.side] : undefined}
                  selectedId={selectedId}
                  onSelect={selectChampion}
                  onLock={lockSelected}
                  disabled={lockDisabled}
                  captureTyping={timedOut === null && modifyTarget === null}
                  label={isBan ? t("page.selectToBan") : t("page.selectToPick")}
                  resetKey={board.count}
                />
              </div>
              <div className="sticky bottom-0 z-10 -mx-3 -mb-3 flex items-center gap-3 rounded-b-2xl border-t border-border bg-surface/95 px-3 py-3 backdrop-blur sm:-mx-4 sm:-mb-4 sm:px-4 lg:static lg:py-2.5">
                {selected ? (
                  <ChampionImage name={selected.name} src={selected.icon_url} size={44} decorative />
                ) : (
                  <span
                    aria-hidden
                    className="hidden size-11 shrink-0 rounded-md border border-dashed border-border-strong bg-surface-2 sm:block"
                  />
                )}
                <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug" aria-live="polite">
                  {selected ? (
                    <span className="font-semibold text-fg">
                      {t("page.selected", { name: selected.name })}
                    </span>
                  ) : (
                    <span className="text-muted">{t("page.noneSelected")}</span>
                  )}
                </p>
                <Button
                  size="lg"
                  variant={isBan ? "danger" : "primary"}
                  disabled={lockDisabled}
                  onClick={lockSelected}
                  leftIcon={<Check className="size-5" aria-hidden />}
                  className="min-w-[160px]"
                >
                  {isBan ? t("page.banChampion") : t("page.pickChampion")}
                </Button>
              </div>
            </>
          )}
        </section>
        <div className="grid grid-cols-2 gap-2 lg:contents">
          <div className="lg:order-1">
            <BoardSide
              board={board}
              side="BLUE"
              name={names.BLUE}
              championsById={championsById}
              onModify={setModifyTarget}
            />
          </div>
          <div className="lg:order-3">
            <BoardSide
              board={board}
              side="RED"
              name={names.RED}
              championsById={championsById}
              onModify={setModifyTarget}
            />
          </div>
        </div>
      </div>

      <TimeoutDialog
        step={timedOut}
        teamName={timedOut ? names[timedOut.side] : ""}
        continueChampion={(selected ?? topRecommendation)?.name ?? null}
        onRetry={() => {
          setTimedOut(null);
          timer.restart();
        }}
        onSkipBan={() => {
          setTimedOut(null);
          lockChampion(null);
        }}
        onContinue={() => {
          const champion = selected ?? topRecommendation;
          setTimedOut(null);
          if (champion) lockChampion(champion);
        }}
      />
      <ModifyDialog
        action={modifyTarget}
        champion={modifyChampion}
        teamName={modifyTarget ? names[modifyTarget.team_side] : ""}
        loading={modify.isPending}
        onCancel={() => setModifyTarget(null)}
        onConfirm={() => {
          if (modifyTarget) modify.mutate(modifyTarget);
        }}
      />
      <ConfirmDialog
        open={confirmRestart}
        onOpenChange={setConfirmRestart}
        title={t("complete.startNewTitle")}
        message={t("complete.startNewText")}
        confirmLabel={t("complete.startNewConfirm")}
        loading={restart.isPending}
        onConfirm={() => restart.mutate()}
      />
      <SessionDialog open={editing} onOpenChange={setEditing} session={session} />
    </div>
  );
}
