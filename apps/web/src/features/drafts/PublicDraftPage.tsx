import { DEFAULT_DRAFT_SETTINGS, ROUTES } from "@draftroom/contracts";
import { type Side, stepSeconds, timerStatus } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { Eye, Radio, WifiOff } from "lucide-react";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BoardStage } from "@/components/draft-board/BoardStage.tsx";
import { ShareMenu } from "@/components/share/ShareMenu.tsx";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isNotFound } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { draftKeys, draftsApi } from "./api/drafts.ts";
import { roomKeys, roomsApi } from "./api/rooms.ts";
import { DraftTimeline } from "./components/DraftTimeline.tsx";
import { StepTimerDisplay } from "./components/StepTimer.tsx";
import { useStepStart } from "./hooks/useStepStart.ts";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { PracticeBanner } from "./practice/PracticeBanner.tsx";
import { PracticeReviewPanel } from "./practice/PracticeReviewPanel.tsx";
import { usePractice } from "./practice/usePractice.ts";
import { formatSeconds, RoomClockDisplay } from "./room/RoomClockDisplay.tsx";
import { RoomEventLog } from "./room/RoomEventLog.tsx";
import { boardFromDraft, roomCountdown, teamOf } from "./room/room-state.ts";
import { useEventText } from "./room/useEventText.ts";
import { useRoomConnection, useServerNow } from "./room/useRoomConnection.ts";
import { buildBoard, championBoard } from "./utils/board.ts";

/** After the socket gave up (server unreachable), the next attempt. */
const RETRY_LIVE_MS = 5000;

/**
 * Public, read-only view of a shared draft (`/app/public/draft/{id}`); no sign-in needed. The
 * first paint comes from REST; then the session's public id joins its room as a spectator and
 * every lock, pause and clock change arrives over the room's socket (no polling).
 */
export default function PublicDraftPage() {
  const { sessionId = "" } = useParams();
  const { t } = useTranslation("drafts");
  const auth = useAuth();
  const query = useQuery({
    queryKey: draftKeys.publicDraft(sessionId),
    queryFn: () => draftsApi.getPublic(sessionId),
  });
  const watch = useQuery({
    queryKey: roomKeys.watch(sessionId),
    queryFn: () => roomsApi.watch(sessionId),
    enabled: query.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isNotFound(error) && count < 20,
  });
  const roomId = watch.data?.room_id ?? "";
  const { connection, state } = useRoomConnection(roomId, roomId ? { watch: sessionId } : null);
  useEffect(() => {
    if (!connection || state?.failure !== "unreachable") return;
    const id = setTimeout(() => connection.retry(), RETRY_LIVE_MS);
    return () => clearTimeout(id);
  }, [connection, state?.failure]);

  const snapshot = state?.room?.snapshot ?? null;
  const data = query.data;
  // A shared practice shows who the modelled opponent was and, once complete, its review.
  const practice =
    usePractice(sessionId, (snapshot?.session ?? data?.session)?.status === "complete").data ?? null;
  const session = snapshot?.session ?? data?.session;
  const actions = snapshot?.actions ?? data?.actions;
  // Live: the folded room's draft (one fold step per event); else the REST answer, replayed once.
  const liveDraft = state?.room?.state.draft ?? null;
  const board = useMemo(() => {
    if (!session || !actions) return null;
    if (liveDraft && snapshot) return boardFromDraft(liveDraft, snapshot.actions);
    try {
      return buildBoard(actions, { format: session.format });
    } catch {
      return null;
    }
  }, [session, actions, liveDraft, snapshot]);
  // The REST answer names only the champions drafted so far; live locks need the whole list.
  const allChampions = useQuery({
    queryKey: draftKeys.champions,
    queryFn: draftsApi.listChampions,
    staleTime: 5 * 60_000,
    enabled: query.isSuccess && query.data.session.status !== "complete",
  });
  const championsById = useMemo(
    () => new Map([...(data?.champions ?? []), ...(allChampions.data ?? [])].map((c) => [c.id, c])),
    [data, allChampions.data],
  );
  const names = useTeamNames(session);
  const eventText = useEventText(snapshot ?? { sides: { A: "BLUE", B: "RED" } }, names, championsById);
  // The folded room (room-state.ts applies each event with `applyRoomEvent`): no replay here.
  const roomState = state?.room?.state ?? null;
  const timed = snapshot !== null && snapshot.clock.turn_ms > 0;
  const offset = state?.offset ?? 0;
  const serverNow = useServerNow(offset, timed && snapshot?.clock.status !== "complete");
  const countdown = roomState && timed ? roomCountdown(roomState, serverNow) : null;
  // An untimed room (the owner's own session) runs its step timer in the owner's browser: the
  // view counts the session's step time from the last lock (or from when it saw the step).
  const settings = session?.settings ?? DEFAULT_DRAFT_SETTINGS;
  const untimedStep = !timed && board?.next ? board.next : null;
  const stepStart = useStepStart(untimedStep?.index ?? null, actions ?? [], offset);
  const estimateNow = useServerNow(offset, untimedStep !== null);
  const stepClock =
    untimedStep && stepStart !== null ? timerStatus(estimateNow, stepStart, untimedStep, settings) : null;

  if (query.isPending) {
    return (
      <div role="status" className="grid min-h-[60dvh] place-items-center">
        <div className="flex flex-col items-center gap-3 text-muted">
          <Spinner size="lg" />
          <span className="text-sm">{t("public.loading")}</span>
        </div>
      </div>
    );
  }
  if (query.isError || !data || !board || !session) {
    const notFound = isNotFound(query.error);
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <ErrorState
          title={notFound ? t("public.notFoundTitle") : t("page.errorTitle")}
          message={notFound ? t("public.notFoundText") : t("page.errorText")}
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }

  const next = board.next;
  const banks: Record<Side, number> | null =
    snapshot && timed
      ? {
          BLUE: snapshot.clock.bank_ms[teamOf(snapshot, "BLUE")],
          RED: snapshot.clock.bank_ms[teamOf(snapshot, "RED")],
        }
      : null;
  if (banks && countdown && next) banks[next.side] = countdown.bank_ms_left;
  const hoverId =
    snapshot?.hover && next && snapshot.hover.step === next.index ? snapshot.hover.champion_id : null;
  const view = championBoard(board, names, championsById, { hover: hoverId, banks });
  const live = state?.status === "open";
  // The socket is down (or the room could not be found yet): the board shows the last state.
  const reconnecting = watch.isError || state?.status === "reconnecting" || state?.status === "failed";
  const log = state?.room?.log ?? [];

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-6">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="mb-1 inline-flex items-center gap-1.5 rounded-full bg-surface-3 px-2.5 py-0.5 text-[11px] font-semibold text-muted">
            <Eye className="size-3.5" aria-hidden />
            {t("public.badge")}
          </p>
          <h1 className="truncate text-xl font-bold tracking-tight text-fg sm:text-2xl">{session.title}</h1>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
            {session.league && (
              <>
                <span>{session.league.name}</span>
                <span aria-hidden>·</span>
              </>
            )}
            <span>{t("public.readOnly")}</span>
          </div>
        </div>
        {view.complete ? (
          <span className="text-xs font-semibold text-muted">{t("public.finished")}</span>
        ) : live ? (
          <span
            data-testid="public-live"
            className="inline-flex items-center gap-1.5 text-xs font-semibold text-[hsl(152_62%_26%)] dark:text-success"
          >
            <Radio className="size-4 animate-pulse" aria-hidden />
            {t("public.live")}
          </span>
        ) : null}
        <ShareMenu draft={{ session, actions: board.actions }} access="public" />
      </header>

      {reconnecting && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-warning/50 bg-warning-soft px-3 py-2 text-sm font-semibold text-fg"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {t("public.reconnecting")}
        </p>
      )}

      {practice && <PracticeBanner practice={practice} />}

      <BoardStage
        board={view}
        centreLabel={t("page.board")}
        teamExtra={
          banks
            ? (team) => (
                <span className="whitespace-nowrap tabular-nums">
                  {t("room.bankLeft", { time: formatSeconds(team.bankMs ?? 0) })}
                </span>
              )
            : undefined
        }
        clock={
          !next || view.complete ? null : countdown ? (
            <RoomClockDisplay
              side={next.side}
              teamName={names[next.side]}
              turnMsLeft={countdown.turn_ms_left}
              turnMs={snapshot?.clock.turn_ms ?? 0}
              bankMsLeft={countdown.bank_ms_left}
              paused={countdown.paused}
              resumesInMs={countdown.resumes_in_ms}
            />
          ) : stepClock ? (
            <StepTimerDisplay
              remaining={stepClock.remaining_seconds}
              total={stepSeconds(next, settings)}
              phase={stepClock.phase}
              side={next.side}
            />
          ) : null
        }
      >
        <h2 className="text-base font-bold text-fg">
          {view.complete ? t("complete.title") : t("public.timelineTitle")}
        </h2>
        <DraftTimeline board={view} />
      </BoardStage>

      {practice && view.complete && <PracticeReviewPanel practice={practice} champions={championsById} />}

      {log.length > 0 && <RoomEventLog events={log} text={eventText} offset={offset} />}

      {!auth.isAuthenticated && (
        <aside className="flex flex-col items-center gap-3 rounded-2xl border border-primary/30 bg-primary-soft/50 p-5 text-center sm:flex-row sm:text-left">
          <p className="flex-1 text-sm font-semibold text-fg">{t("public.cta")}</p>
          <Link to={ROUTES.register} className={buttonClasses("primary", "md")}>
            {t("public.ctaButton")}
          </Link>
        </aside>
      )}
    </div>
  );
}
