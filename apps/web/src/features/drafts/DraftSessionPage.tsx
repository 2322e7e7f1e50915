import { type Champion, DEFAULT_DRAFT_SETTINGS } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { Radio, Timer, TimerOff } from "lucide-react";
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BoardStage } from "@/components/draft-board/BoardStage.tsx";
import { StaleDataBanner } from "@/components/StaleDataBanner.tsx";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { CommentsPanel } from "@/components/workspace/CommentsPanel.tsx";
import { MoveToWorkspace } from "@/components/workspace/MoveToWorkspace.tsx";
import { useItemAccess } from "@/lib/item-access.ts";
import { scrimOfDraftQuery } from "@/lib/scrim-of-draft.ts";
import { roomKeys, roomsApi } from "./api/rooms.ts";
import { DraftComplete } from "./components/DraftComplete.tsx";
import { DraftHeader } from "./components/DraftHeader.tsx";
import { EarlierGamesStrip } from "./components/EarlierGamesStrip.tsx";
import { EmptyPool } from "./components/EmptyPool.tsx";
import { LiveRoomDialog } from "./components/LiveRoomDialog.tsx";
import { ModifyDialog } from "./components/ModifyDialog.tsx";
import { BackToSessionsButton, PageError, PageLoading } from "./components/PageStates.tsx";
import { PickPanel } from "./components/PickPanel.tsx";
import { ReadOnlyTurn } from "./components/ReadOnlyTurn.tsx";
import { RecommendationsPanel } from "./components/RecommendationsPanel.tsx";
import { ScoutingLinks } from "./components/ScoutingLinks.tsx";
import { ScrimGameLink } from "./components/ScrimGameLink.tsx";
import { SeriesGameBar } from "./components/SeriesGameBar.tsx";
import { SessionActions } from "./components/SessionActions.tsx";
import { SessionDialog } from "./components/SessionDialog.tsx";
import { StepTimerDisplay } from "./components/StepTimer.tsx";
import { TimeoutDialog } from "./components/TimeoutDialog.tsx";
import { useBoardPanelsAhead } from "./hooks/useBoardPanelsAhead.ts";
import { useChampionPositions } from "./hooks/useChampionPositions.ts";
import { useDraftMutations } from "./hooks/useDraftMutations.ts";
import { useLiveDraft } from "./hooks/useLiveDraft.ts";
import { useLiveRoomEntry } from "./hooks/useOpenLiveRoom.ts";
import { useRecommendations } from "./hooks/useRecommendations.ts";
import { useReturnFocus } from "./hooks/useReturnFocus.ts";
import { useShareSession } from "./hooks/useShareSession.ts";
import { useStepExpiry } from "./hooks/useStepExpiry.ts";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { PlanFollowPanel } from "./plan/PlanFollowPanel.tsx";
import { PracticeButton } from "./practice/PracticeDialog.tsx";
import { PracticeOnSessionPage } from "./practice/PracticeOnSessionPage.tsx";
import { LiveRoomStatus } from "./room/LiveRoomStatus.tsx";
import { type BoardAction, championBoard, championUsage } from "./utils/board.ts";
import { describeError, translateKey } from "./utils/errors.ts";

// Panels and closed dialogs that a lock does not change skip the lock's render (their props are
// stable); the board, the grid and the lock bar are what must answer the click at once.
const StableSessionDialog = memo(SessionDialog);
const StableLiveRoomDialog = memo(LiveRoomDialog);
const StableCommentsPanel = memo(CommentsPanel);
const StablePlanFollowPanel = memo(PlanFollowPanel);
const StableRecommendationsPanel = memo(RecommendationsPanel);
const StableStaleDataBanner = memo(StaleDataBanner);
const StableMoveToWorkspace = memo(MoveToWorkspace);

/** The owner's draft (`/app/draft/{id}`): the board, the pick panel, recommendations, timers and modify-from-a-point. */
export default function DraftSessionPage() {
  const { sessionId = "" } = useParams();
  const { t } = useTranslation("drafts");
  const { t: tp } = useTranslation("practice");
  const share = useShareSession();

  const saveError = useCallback(
    (error: unknown) => {
      const detail = describeError(error);
      toast.error(detail ?? t("page.saveFailed"), detail ? { title: t("page.saveFailed") } : undefined);
    },
    [t],
  );
  const draft = useLiveDraft(sessionId, { onSaveError: saveError });
  // Only what the member may do is offered: a viewer reads the board, nothing to click that fails.
  const access = useItemAccess("session", sessionId);
  const mayEdit = access.may("edit_drafts");
  useBoardPanelsAhead(sessionId);
  // Only a workspace's draft can be a scrim game's: a personal draft does not ask. Undefined while
  // unknown, so "Clear result" does not show for a moment on a game whose ledger keeps it.
  const scrimQuery = useQuery({ ...scrimOfDraftQuery(sessionId), enabled: access.workspace !== null });
  const scrimGame = !access.known
    ? undefined
    : access.workspace === null || scrimQuery.isError
      ? null
      : scrimQuery.data;
  const { session, board, champions, championsById } = draft;
  const names = useTeamNames(session);
  const positions = useChampionPositions();
  const settings = session?.settings ?? DEFAULT_DRAFT_SETTINGS;
  // The recommendations (the engine's ranking in the browser, then the server's) follow a lock in a
  // render of their own, after the board has answered the click.
  const deferredState = useDeferredValue(board?.state ?? null);
  const settled = useDeferredValue(!draft.saving);
  const recommendations = useRecommendations(session, deferredState, champions, settled);

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [modifyTarget, setModifyTarget] = useState<BoardAction | null>(null);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [editing, setEditing] = useState(false);
  const liveRoomEntry = useLiveRoomEntry();
  const liveRoom = liveRoomEntry.dialogFor !== null;
  // A session whose live room runs shows the room's state, not a second board with its own clock.
  const roomLookup = useQuery({
    queryKey: roomKeys.ofSession(sessionId),
    queryFn: () => roomsApi.lookupOfSession(sessionId),
    enabled: sessionId !== "",
    staleTime: 10_000,
  });
  const liveRoomRow = roomLookup.data?.room ?? null;
  const roomRunning =
    liveRoomRow !== null && liveRoomRow.mode === "live" && liveRoomRow.status !== "complete";
  // Stable, so the 172 memoised grid tiles do not re-render on every board change.
  const selectChampion = useCallback((champion: Champion) => setSelectedId(champion.id), []);
  const deferredSelectedId = useDeferredValue(selectedId);
  const planTarget = useMemo(() => ({ kind: "session" as const, sessionId }), [sessionId]);

  const usage = useMemo(() => championUsage(board?.actions ?? []), [board?.actions]);
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

  const otherDialogOpen = modifyTarget !== null || confirmRestart || editing || liveRoom;
  const expiry = useStepExpiry({
    board,
    settings,
    names,
    recommendations,
    championsById,
    lock: lockChampion,
    paused: otherDialogOpen || poolEmpty || roomRunning || !mayEdit,
  });
  const dialogOpen = otherDialogOpen || expiry.timedOut !== null;
  // Closing a dialog returns focus to its opener, else (slot gone after Modify) to the champion search.
  useReturnFocus(dialogOpen, () => document.querySelector<HTMLElement>("main input[type=search]"));

  // Stable, so the memoised board slots do not re-render on every board change.
  const boardRef = useRef(board);
  boardRef.current = board;
  const mayEditRef = useRef(mayEdit);
  mayEditRef.current = mayEdit;
  const onSlotClick = useCallback((slot: { step: number }) => {
    if (!mayEditRef.current) return;
    const action = boardRef.current?.actions.find((item) => item.phase_number === slot.step);
    if (action && action.champion_id !== null && !action.pending) setModifyTarget(action);
  }, []);
  const closeRoomDialog = useRef(liveRoomEntry.closeDialog);
  closeRoomDialog.current = liveRoomEntry.closeDialog;
  const closeLiveRoom = useCallback((open: boolean) => {
    if (!open) closeRoomDialog.current();
  }, []);

  const { modify, restart, winner } = useDraftMutations(draft, {
    onModifyDone: (ok) => {
      setModifyTarget(null);
      if (ok) setSelectedId(null);
    },
    onRestartDone: () => setConfirmRestart(false),
  });

  if (draft.isLoading) return <PageLoading label={t("page.loading")} />;
  if (draft.error || !session || !board || !champions) {
    return (
      <PageError
        title={draft.notFound ? t("page.notFoundTitle") : t("page.errorTitle")}
        message={draft.notFound ? t("page.notFound") : t("page.errorText")}
        onRetry={draft.notFound ? undefined : draft.retry}
        action={<BackToSessionsButton label={t("page.backToSessions")} />}
      />
    );
  }

  const next = board.next;
  // The selected champion shows in the slot on the clock, as a captain's hover does in a live room.
  const view = championBoard(board, names, championsById, { hover: selectedId });
  const selected = selectedId === null ? null : (championsById.get(selectedId) ?? null);
  const topRecommendation = (() => {
    const id = recommendations?.items.find((item) => !used.has(item.champion_id))?.champion_id;
    return id === undefined ? null : (championsById.get(id) ?? null);
  })();
  const actingTeamId = next
    ? ((next.side === "BLUE" ? session.blue_team?.id : session.red_team?.id) ?? null)
    : null;
  // The panel shows the side its (deferred) ranking is for, so its title never runs ahead of it.
  const recommendedSide = recommendations?.side ?? next?.side ?? "BLUE";
  const recommendedTeamId =
    (recommendedSide === "BLUE" ? session.blue_team?.id : session.red_team?.id) ?? null;
  const lockDisabled = !selected || expiry.timedOut !== null || poolEmpty;
  const lockSelected = () => {
    if (!lockDisabled && selected) lockChampion(selected);
  };
  const modifyChampion = modifyTarget?.champion_id
    ? (championsById.get(modifyTarget.champion_id) ?? null)
    : null;
  const timerPaused = !next || dialogOpen || poolEmpty;
  // Suggestions are for everyone who reads the draft (a player's comfort picks); only locking is not.
  const recommendationsPanel = (
    <StableRecommendationsPanel
      result={recommendations}
      championsById={championsById}
      teamName={names[recommendedSide]}
      teamId={recommendedTeamId}
      sessionId={session.id}
      selectedId={deferredSelectedId}
      onSelect={selectChampion}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-5">
      <StableStaleDataBanner />
      <DraftHeader
        title={session.title}
        leagueName={session.league?.name}
        backLink
        meta={
          <>
            <span className="inline-flex items-center gap-1">
              {settings.timed && settings.auto_advance ? (
                <Timer className="size-3.5" aria-hidden />
              ) : (
                <TimerOff className="size-3.5" aria-hidden />
              )}
              {!settings.timed
                ? t("prep.noTimer")
                : settings.auto_advance
                  ? t("timer.autoAdvanceOn")
                  : t("timer.autoAdvanceOff")}
            </span>
            {scrimGame ? <ScrimGameLink game={scrimGame} testId="scrim-game-link" /> : null}
            <ScoutingLinks session={session} seriesId={draft.series?.series?.id} />
          </>
        }
        actions={
          <SessionActions
            session={session}
            actingTeamId={actingTeamId}
            onEdit={mayEdit ? () => setEditing(true) : undefined}
            onShare={() => void share(session.id)}
            extra={
              <>
                {draft.series && view.count === 0 && !view.complete && access.may("edit_practice") && (
                  // A series game not yet started can be rehearsed against a modelled team, fearless
                  // locks and all (in the header: the series line and the board keep their height).
                  <PracticeButton
                    size="sm"
                    variant="ghost"
                    sessionId={session.id}
                    label={tp("seriesLine.practise")}
                  />
                )}
                <ShareMenu draft={{ session, actions: board.actions }} access="owner" />
                {mayEdit && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("room.open")}
                    loading={liveRoomEntry.pending}
                    onClick={() => liveRoomEntry.enter(session.id)}
                    leftIcon={<Radio className="size-4" aria-hidden />}
                  >
                    <span className="hidden sm:inline">{t("room.open")}</span>
                  </Button>
                )}
              </>
            }
          />
        }
      />
      <StableMoveToWorkspace type="session" id={session.id} />
      <AccessNote workspace={access.workspace} capability="edit_drafts" />
      <SeriesGameBar locks={draft.series}>
        {draft.series && (
          <EarlierGamesStrip
            series={draft.series.series}
            gameNumber={draft.series.gameNumber}
            champions={championsById}
            inline
          />
        )}
      </SeriesGameBar>
      <PracticeOnSessionPage
        sessionId={session.id}
        complete={view.complete}
        champions={championsById}
        mayContinue={access.may("edit_practice")}
        workspace={access.workspace}
      />
      {/* The plan the board (or its live room) followed and plan vs actual: every member reads
          them; those who may change the draft choose the plan and save the review (record 054). */}
      <StablePlanFollowPanel
        // On a phone the board comes first (the grid in the first screen); the plan follows it.
        className="max-lg:order-1"
        target={planTarget}
        state={deferredState ?? board.state}
        championsById={championsById}
        mayChange={mayEdit}
      />

      {roomRunning && liveRoomRow ? (
        <LiveRoomStatus roomId={liveRoomRow.id} />
      ) : (
        <BoardStage
          board={view}
          onSlotClick={onSlotClick}
          fill={!view.complete}
          centreLabel={t("page.board")}
          clock={
            next && settings.timed ? (
              <StepTimerDisplay
                remaining={expiry.timer.remaining}
                total={expiry.timer.total}
                phase={expiry.timer.phase}
                paused={timerPaused && !poolEmpty}
                side={next.side}
              />
            ) : null
          }
        >
          {view.complete ? (
            <DraftComplete
              board={view}
              session={session}
              savingWinner={winner.isPending}
              onWinner={mayEdit ? (side) => winner.mutate(side) : undefined}
              onStartNew={mayEdit ? () => setConfirmRestart(true) : undefined}
              scrimGame={scrimGame}
            />
          ) : poolEmpty || !next ? (
            <EmptyPool />
          ) : !mayEdit ? (
            <ReadOnlyTurn teamName={names[next.side]} action={next.type} known={access.known}>
              {recommendationsPanel}
            </ReadOnlyTurn>
          ) : (
            <PickPanel
              step={next}
              champions={champions}
              used={used}
              usage={usage}
              locked={draft.series?.reasons[next.side]}
              positions={positions}
              selected={selected}
              onSelect={selectChampion}
              onLock={lockSelected}
              lockDisabled={lockDisabled}
              captureTyping={expiry.timedOut === null && modifyTarget === null}
            >
              {recommendationsPanel}
            </PickPanel>
          )}
        </BoardStage>
      )}
      <StableCommentsPanel type="session" id={session.id} className="max-lg:order-2" />

      <TimeoutDialog
        step={expiry.timedOut}
        teamName={expiry.timedOut ? names[expiry.timedOut.side] : ""}
        continueChampion={(selected ?? topRecommendation)?.name ?? null}
        onRetry={expiry.retry}
        onSkipBan={() => expiry.resolve(null)}
        onContinue={() => expiry.resolve(selected ?? topRecommendation)}
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
      <StableSessionDialog open={editing} onOpenChange={setEditing} session={session} />
      <StableLiveRoomDialog
        sessionId={session.id}
        names={names}
        open={liveRoom}
        onOpenChange={closeLiveRoom}
      />
    </div>
  );
}
