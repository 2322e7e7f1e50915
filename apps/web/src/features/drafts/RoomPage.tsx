import type { Champion, ErrorCode, RoomSeatInfo } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { Eye, Hourglass, Pause, Play, Radio, RefreshCw, Undo2, Users, WifiOff } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { BoardStage } from "@/components/draft-board/BoardStage.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { draftKeys, draftsApi } from "./api/drafts.ts";
import { roomKeys, roomsApi } from "./api/rooms.ts";
import { DraftHeader } from "./components/DraftHeader.tsx";
import { DraftTimeline } from "./components/DraftTimeline.tsx";
import { PageError, PageLoading } from "./components/PageStates.tsx";
import { PickPanel } from "./components/PickPanel.tsx";
import { useChampionPositions } from "./hooks/useChampionPositions.ts";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { PracticeBanner } from "./practice/PracticeBanner.tsx";
import { PracticeReviewPanel } from "./practice/PracticeReviewPanel.tsx";
import { usePractice } from "./practice/usePractice.ts";
import { QuickRoomPanel } from "./quick-room/QuickRoomPanel.tsx";
import { BadRoomLink } from "./room/BadRoomLink.tsx";
import { BrowsePanel } from "./room/BrowsePanel.tsx";
import { ChatDrawer } from "./room/ChatDrawer.tsx";
import { CompactDraftStrip } from "./room/CompactDraftStrip.tsx";
import { CopyAllLinks } from "./room/CopyAllLinks.tsx";
import { CorrectionBanner } from "./room/CorrectionBanner.tsx";
import { RoomCommandError, type RoomFailure } from "./room/connection.ts";
import { liveDelaySeconds } from "./room/live-delay.ts";
import { MemberNamePrompt } from "./room/MemberNamePrompt.tsx";
import { memberNameStore } from "./room/member-name-store.ts";
import { ReadyCheck } from "./room/ReadyCheck.tsx";
import { RoomAdvice } from "./room/RoomAdvice.tsx";
import { formatSeconds, RoomClockDisplay } from "./room/RoomClockDisplay.tsx";
import { RoomEventLog } from "./room/RoomEventLog.tsx";
import { RoomLinks } from "./room/RoomLinks.tsx";
import { roomCountdown, roomStateOf, teamOf } from "./room/room-state.ts";
import { SeatPanel } from "./room/SeatPanel.tsx";
import { SeriesRoomBar } from "./room/SeriesRoomBar.tsx";
import { SpectatorDelay } from "./room/SpectatorDelay.tsx";
import { SuggestPanel } from "./room/SuggestPanel.tsx";
import { SuggestionList, TeamChat } from "./room/TeamPanel.tsx";
import { TurnBanner, turnTitle } from "./room/TurnBanner.tsx";
import { suggestionsFor } from "./room/team-state.ts";
import { turnHeadline } from "./room/turn-state.ts";
import { useEventText } from "./room/useEventText.ts";
import { useRoomConnection, useServerNow } from "./room/useRoomConnection.ts";
import { useTurnAlerts, useTurnSoundPreference } from "./room/useTurnAlerts.ts";
import {
  type BoardAction,
  buildBoard,
  championBoard,
  championUsage,
  optimisticAction,
} from "./utils/board.ts";
import { translateKey } from "./utils/errors.ts";

/** A room id is a UUID: anything else is a mistyped or cut link, answered at once (no connection). */
const ROOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The link's token from the URL fragment (`/app/room/{id}#{token}`), which never reaches a server log. */
function tokenFromHash(hash: string): string | null {
  const raw = hash.replace(/^#/, "").trim();
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * A live room (`/app/room/{id}#{token}`): captains draft against each other from their links,
 * spectators watch, the organiser (the owner, signed in) hands out the links, runs the ready
 * check and pauses. Every seat draws the same board from the server's events; the countdown is the
 * server's deadline against the measured clock offset.
 */
export default function RoomPage() {
  const { roomId = "" } = useParams();
  const location = useLocation();
  const { t } = useTranslation("drafts");
  const auth = useAuth();
  const token = tokenFromHash(location.hash);
  // A team link's member joins with the name they gave (asked for when the server needs it).
  const [memberName, setMemberName] = useState(() => (token ? memberNameStore.load(roomId) : null));
  const validId = ROOM_ID.test(roomId);
  const credentials = !validId
    ? null
    : token
      ? { token, ...(memberName ? { name: memberName } : {}) }
      : auth.token
        ? { auth: auth.token }
        : null;
  const { connection, state } = useRoomConnection(roomId, credentials);
  const championsQuery = useQuery({
    queryKey: draftKeys.champions,
    queryFn: draftsApi.listChampions,
    staleTime: 5 * 60_000,
  });

  if (!validId || (state?.status === "failed" && state.failure === "room_not_found")) return <BadRoomLink />;
  if (!credentials) return <RoomFailureScreen failure="no_token" />;
  if (state?.status === "failed" && state.failure === "name_required") {
    return (
      <MemberNamePrompt
        initial={memberName ?? ""}
        onSubmit={(name) => {
          memberNameStore.save(roomId, name);
          setMemberName(name);
        }}
      />
    );
  }
  if (state?.status === "failed" && state.failure) {
    return (
      <RoomFailureScreen
        failure={state.failure}
        onRetry={
          state.failure === "seat_taken" || state.failure === "unreachable"
            ? () => connection?.retry()
            : undefined
        }
      />
    );
  }
  if (!state?.room || !connection) return <PageLoading label={t("room.loading")} />;
  if (championsQuery.isError)
    return (
      <PageError
        title={t("page.errorTitle")}
        message={t("page.errorText")}
        onRetry={() => void championsQuery.refetch()}
      />
    );
  if (!championsQuery.data) return <PageLoading label={t("room.loading")} />;
  return (
    <LiveRoom
      roomId={roomId}
      linkToken={token}
      room={state.room}
      status={state.status}
      offset={state.offset ?? 0}
      synced={state.rtt !== null}
      champions={championsQuery.data}
      send={(command) => connection.send(command)}
    />
  );
}

type Send = Parameters<NonNullable<ReturnType<typeof useRoomConnection>["connection"]>["send"]>[0];

function LiveRoom({
  roomId,
  linkToken,
  room,
  status,
  offset,
  synced,
  champions,
  send,
}: {
  roomId: string;
  /** The link's token this page was opened with (null: the owner's account). */
  linkToken: string | null;
  /** The offset comes from a measured round trip. */
  synced: boolean;
  room: NonNullable<NonNullable<ReturnType<typeof useRoomConnection>["state"]>["room"]>;
  status: "connecting" | "open" | "reconnecting" | "failed";
  offset: number;
  champions: Champion[];
  send: (command: Send) => Promise<void>;
}) {
  const { t } = useTranslation("drafts");
  const { snapshot, seat, presence, log } = room;
  const names = useTeamNames(snapshot.session);
  const positions = useChampionPositions();
  const championsById = useMemo(() => new Map(champions.map((c) => [c.id, c])), [champions]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pendingLock, setPendingLock] = useState<BoardAction | null>(null);
  const [busy, setBusy] = useState(false);
  const organiser = seat.role === "organiser";
  const linksQuery = useQuery({
    queryKey: roomKeys.room(roomId),
    queryFn: () => roomsApi.get(roomId),
    // An unclaimed quick room's organiser has no account: its links come from the quick room's
    // panel (so does a claimed one's, opened from the organiser link).
    enabled:
      organiser && snapshot.mode === "live" && (!snapshot.quick || (snapshot.quick.claimed && !linkToken)),
  });

  const roomState = useMemo(() => roomStateOf(snapshot), [snapshot]);
  const running = snapshot.clock.status === "running" || snapshot.clock.status === "paused";
  const pendingCorrection = snapshot.correction?.outcome === "pending" ? snapshot.correction : null;
  const serverNow = useServerNow(
    offset,
    (running && snapshot.clock.turn_ms > 0) || pendingCorrection !== null,
  );
  // A captain changing its last lock picks the champion it meant in the grid.
  const [correcting, setCorrecting] = useState(false);
  const countdown = roomCountdown(roomState, serverNow);

  // The lock being sent shows at once; the server's event replaces it (or a reject removes it).
  const actions = useMemo(() => {
    const list: BoardAction[] = [...snapshot.actions];
    if (pendingLock && !list.some((action) => action.phase_number === pendingLock.phase_number))
      list.push(pendingLock);
    return list;
  }, [snapshot.actions, pendingLock]);
  const format = snapshot.session.format;
  const board = useMemo(() => {
    try {
      return buildBoard(actions, { format });
    } catch {
      return buildBoard(snapshot.actions, { format });
    }
  }, [actions, snapshot.actions, format]);
  useEffect(() => {
    if (pendingLock && snapshot.actions.some((action) => action.phase_number === pendingLock.phase_number))
      setPendingLock(null);
  }, [snapshot.actions, pendingLock]);

  const next = board.next;
  const turnTeam: RoomTeam | null = next ? teamOf(snapshot, next.side) : null;
  const paused = snapshot.clock.status === "paused";
  const resuming = (countdown?.resumes_in_ms ?? 0) > 0;
  const myTurn =
    snapshot.clock.status === "running" &&
    !resuming &&
    pendingCorrection === null &&
    !correcting &&
    turnTeam !== null &&
    seat.plays_for.includes(turnTeam) &&
    pendingLock === null;
  const hoverId =
    snapshot.hover && next && snapshot.hover.step === next.index ? snapshot.hover.champion_id : null;

  const banks: Record<Side, number> = {
    BLUE: snapshot.clock.bank_ms[teamOf(snapshot, "BLUE")],
    RED: snapshot.clock.bank_ms[teamOf(snapshot, "RED")],
  };
  if (countdown && next) banks[next.side] = countdown.bank_ms_left;
  const view = championBoard(board, names, championsById, {
    hover: myTurn ? (selectedId ?? hoverId) : hoverId,
    banks: snapshot.clock.turn_ms > 0 ? banks : null,
  });

  // A practice draft: the opponent's seat is the server's model of a team (features/practice).
  const practice = usePractice(snapshot.session.id, view.complete).data ?? null;

  const used = board.state.used;
  const usage = useMemo(() => championUsage(board.actions), [board.actions]);
  useEffect(() => {
    if (selectedId !== null && used.has(selectedId)) setSelectedId(null);
  }, [selectedId, used]);
  // The champion a team seat marked while waiting (never sent): selected when its turn comes.
  const [nextUpId, setNextUpId] = useState<number | null>(null);
  useEffect(() => {
    if (nextUpId !== null && used.has(nextUpId)) setNextUpId(null);
  }, [nextUpId, used]);
  // A new step starts with nothing selected, or with the champion marked while waiting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new step only
  useEffect(() => setSelectedId(nextUpId !== null && !used.has(nextUpId) ? nextUpId : null), [next?.index]);
  // A pause or a pending correction shows the browse grid for a moment: a champion marked there
  // is selected once the turn is back, so the lock button is ready.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the turn comes back only
  useEffect(() => {
    if (myTurn && nextUpId !== null && !used.has(nextUpId)) setSelectedId(nextUpId);
  }, [myTurn]);

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof RoomCommandError && error.code !== "connection_lost")
        toast.error(translateKey(`errors:codes.${error.code as ErrorCode}`), { title: t("page.saveFailed") });
      else toast.error(t("room.reconnecting"));
    },
    [t],
  );

  const selectChampion = useCallback(
    (champion: Champion) => {
      setSelectedId(champion.id);
      if (next) send({ type: "hover", step: next.index, champion_id: champion.id }).catch(() => undefined);
    },
    [next, send],
  );
  const selected = selectedId === null ? null : (championsById.get(selectedId) ?? null);
  const lockChampion = (champion: Champion | null) => {
    if (!myTurn || !next || !champion) return;
    const local = optimisticAction(next, champion);
    setPendingLock(local);
    setSelectedId(null);
    send({ type: "lock", step: next.index, champion_id: champion.id }).catch((error) => {
      setPendingLock(null);
      fail(error);
    });
  };
  const lock = () => lockChampion(selected);
  const command = (message: Send) => {
    setBusy(true);
    send(message)
      .catch(fail)
      .finally(() => setBusy(false));
  };

  // Misclick correction: only the team that made the last lock, once per lock, before the next.
  const lastAction = snapshot.actions.at(-1) ?? null;
  const myTeam = seat.role === "captain" ? seat.team : null;
  const canAskCorrection =
    myTeam !== null &&
    lastAction !== null &&
    lastAction.champion_id !== null &&
    !view.complete &&
    snapshot.clock.status === "running" &&
    !resuming &&
    pendingCorrection === null &&
    pendingLock === null &&
    teamOf(snapshot, lastAction.team_side) === myTeam &&
    snapshot.correction?.step !== lastAction.phase_number;
  const correctionStep =
    correcting && canAskCorrection && lastAction
      ? (board.state.format.steps[lastAction.phase_number] ?? null)
      : null;
  useEffect(() => {
    if (correcting && !canAskCorrection) setCorrecting(false);
  }, [correcting, canAskCorrection]);
  const askCorrection = () => {
    if (!correctionStep || !selected) return;
    setBusy(true);
    send({ type: "request_correction", step: correctionStep.index, champion_id: selected.id })
      .then(() => {
        setCorrecting(false);
        setSelectedId(null);
      })
      .catch(fail)
      .finally(() => setBusy(false));
  };

  const eventText = useEventText(snapshot, names, championsById);
  // The asking captain is told how its request ended (the log says it to everyone).
  const toldSeq = useRef(snapshot.seq);
  useEffect(() => {
    const fresh = log.filter((event) => event.seq > toldSeq.current);
    if (fresh.length === 0) return;
    toldSeq.current = Math.max(toldSeq.current, ...fresh.map((event) => event.seq));
    for (const event of fresh) {
      if (event.kind !== "correction_decision" || myTeam === null || event.team !== myTeam) continue;
      const text = eventText(event);
      if (!text) continue;
      if (event.data.outcome === "approved") toast.success(text);
      else toast.error(text, { title: t("room.correction.refusedTitle") });
    }
  }, [log, myTeam, eventText, t]);
  const lastLock = [...log]
    .reverse()
    .find(
      (event) =>
        event.kind === "lock" ||
        event.kind === "pause" ||
        event.kind === "resume" ||
        event.kind === "correction_request" ||
        event.kind === "correction_decision",
    );
  const announcement = lastLock ? eventText(lastLock) : null;

  const seatLabel = seatName(seat, snapshot, names, t);
  // A delay changed mid-draft shows at once (not only on the next load).
  const delaySeconds =
    seat.role === "spectator" ? liveDelaySeconds(log, room.delaySeconds) : room.delaySeconds;
  const lobby = snapshot.clock.status === "lobby";
  // Team seats (decision 010): the captain and members of a team share its private channel.
  const member = seat.role === "member";
  const teamSeat = (seat.role === "captain" || member) && snapshot.mode === "live" ? seat.team : null;
  const teamName = teamSeat ? names[snapshot.sides[teamSeat]] : "";
  const suggestions = myTurn && next ? suggestionsFor(room.team, next.index, used) : [];
  const memberTurn =
    member && snapshot.clock.status === "running" && !resuming && turnTeam !== null && turnTeam === seat.team;
  const { t: tRoom } = useTranslation("room");
  const mySide = seat.team && (seat.role === "captain" || member) ? snapshot.sides[seat.team] : null;
  const headline = turnHeadline({
    status: view.complete ? "complete" : lobby ? "lobby" : paused ? "paused" : "running",
    next,
    mySide,
    captain: seat.role === "captain",
    resumesInMs: countdown?.resumes_in_ms ?? 0,
    correctionSide: pendingCorrection ? snapshot.sides[pendingCorrection.team] : null,
    organiser,
  });
  const msLeft =
    countdown && snapshot.clock.turn_ms > 0 && !view.complete
      ? countdown.on_bank
        ? countdown.bank_ms_left
        : countdown.turn_ms_left
      : null;
  const [sound, setSound] = useTurnSoundPreference();
  useTurnAlerts({
    title: turnTitle(headline, names, msLeft, tRoom),
    myTurnKey: myTurn && next ? next.index : null,
    secondsLeft: msLeft === null ? null : Math.ceil(msLeft / 1000),
    sound,
  });
  const mySuggestion = (() => {
    if (!member || !next) return null;
    const mine = room.team.messages.filter(
      (message) =>
        message.kind === "suggestion" &&
        message.step === next.index &&
        message.member_id === room.team.memberId,
    );
    const championId = mine.at(-1)?.champion_id;
    return championId == null ? null : (championsById.get(championId) ?? null);
  })();

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-5">
      <DraftHeader
        title={snapshot.session.title}
        leagueName={snapshot.session.league?.name}
        eyebrow={
          <p className="mb-1 inline-flex items-center gap-1.5 rounded-full bg-surface-3 px-2.5 py-0.5 text-[11px] font-semibold text-muted">
            {seat.role === "spectator" ? (
              <Eye className="size-3.5" aria-hidden />
            ) : (
              <Users className="size-3.5" aria-hidden />
            )}
            {t("room.you", { seat: seatLabel })}
          </p>
        }
        meta={
          <>
            <ConnectionPill status={status} />
            {delaySeconds > 0 && (
              <span className="inline-flex items-center gap-1 font-semibold" data-testid="room-delay">
                <Hourglass className="size-3.5" aria-hidden />
                {t("room.delay.watching", { count: delaySeconds })}
              </span>
            )}
            {presence && presence.spectators > 0 && (
              <span className="inline-flex items-center gap-1">
                <Eye className="size-3.5" aria-hidden />
                {t("room.spectators", { count: presence.spectators })}
              </span>
            )}
          </>
        }
        actions={
          organiser && !lobby && !view.complete ? (
            paused ? (
              <Button
                size="sm"
                onClick={() => command({ type: "resume" })}
                loading={busy}
                leftIcon={<Play className="size-4" aria-hidden />}
              >
                {t("room.resume")}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                onClick={() => command({ type: "pause" })}
                loading={busy}
                leftIcon={<Pause className="size-4" aria-hidden />}
              >
                {t("room.pause")}
              </Button>
            )
          ) : undefined
        }
      />
      <TurnBanner
        headline={headline}
        strip={lobby ? null : <CompactDraftStrip board={view} className="lg:hidden" />}
        next={next}
        names={names}
        turnMs={snapshot.clock.turn_ms}
        msLeft={msLeft}
        onBank={countdown?.on_bank ?? false}
        paused={paused}
        sound={sound}
        onSound={setSound}
      />
      {practice && <PracticeBanner practice={practice} />}
      {status === "reconnecting" && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-warning/50 bg-warning-soft px-3 py-2 text-sm font-semibold text-fg"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {t("room.reconnecting")}
        </p>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {snapshot.series && (
        <SeriesRoomBar info={snapshot.series} draftComplete={view.complete} organiser={organiser} />
      )}
      {pendingCorrection && (
        <CorrectionBanner
          correction={pendingCorrection}
          seat={seat}
          sides={snapshot.sides}
          names={names}
          championsById={championsById}
          serverNow={serverNow}
          busy={busy}
          onDecide={(approve) =>
            command({ type: "decide_correction", step: pendingCorrection.step, approve })
          }
        />
      )}

      <BoardStage
        board={view}
        fill={myTurn || (teamSeat !== null && !lobby && !view.complete)}
        className="room-board-with-banner"
        centreLabel={t("page.board")}
        teamExtra={
          snapshot.clock.turn_ms > 0
            ? (team) => (
                <span
                  className="whitespace-nowrap tabular-nums"
                  data-testid={`bank-${team.side.toLowerCase()}`}
                >
                  {t("room.bankLeft", { time: formatSeconds(team.bankMs ?? 0) })}
                </span>
              )
            : undefined
        }
        clock={
          countdown && next && !view.complete ? (
            <div data-testid="room-clock" data-offset={Math.round(offset)} data-synced={synced}>
              <RoomClockDisplay
                side={next.side}
                teamName={names[next.side]}
                turnMsLeft={countdown.turn_ms_left}
                turnMs={snapshot.clock.turn_ms}
                bankMsLeft={countdown.bank_ms_left}
                paused={countdown.paused}
                resumesInMs={countdown.resumes_in_ms}
              />
            </div>
          ) : null
        }
        status={
          lobby ? (
            <p className="text-sm font-semibold text-muted">{t("room.ready.title")}</p>
          ) : paused && !countdown ? (
            <p className="text-sm font-semibold text-muted">{t("room.paused")}</p>
          ) : undefined
        }
      >
        {lobby ? (
          <ReadyCheck
            snapshot={snapshot}
            names={names}
            presence={presence}
            myTeam={myTeam}
            organiser={organiser}
            busy={busy}
            onReady={(ready) => command({ type: "ready", ready })}
            onStart={() => command({ type: "start" })}
          />
        ) : correctionStep ? (
          <PickPanel
            step={correctionStep}
            champions={champions}
            used={used}
            usage={usage}
            positions={positions}
            selected={selected}
            onSelect={(champion) => setSelectedId(champion.id)}
            onLock={askCorrection}
            lockDisabled={!selected || busy}
            captureTyping
            turnLabel={t("room.correction.choose")}
          >
            <Button size="sm" variant="ghost" onClick={() => setCorrecting(false)}>
              {t("room.correction.cancel")}
            </Button>
          </PickPanel>
        ) : myTurn && next ? (
          <PickPanel
            step={next}
            champions={champions}
            used={used}
            usage={usage}
            positions={positions}
            selected={selected}
            onSelect={selectChampion}
            onLock={lock}
            lockDisabled={!selected}
            captureTyping
          >
            <div className="flex flex-col gap-2 lg:flex-row lg:items-start lg:gap-4">
              {linkToken && seat.role === "captain" && (
                <RoomAdvice
                  roomId={roomId}
                  token={linkToken}
                  step={next.index}
                  action={next.type}
                  used={used}
                  championsById={championsById}
                  selectedId={selectedId}
                  onSelect={selectChampion}
                />
              )}
              {teamSeat && (
                <SuggestionList
                  suggestions={suggestions}
                  championsById={championsById}
                  disabled={!myTurn}
                  onLock={lockChampion}
                />
              )}
            </div>
          </PickPanel>
        ) : memberTurn && next ? (
          <SuggestPanel
            step={next}
            champions={champions}
            used={used}
            usage={usage}
            captainHover={view.hover}
            suggested={mySuggestion}
            send={send}
          />
        ) : teamSeat && next && !view.complete ? (
          <BrowsePanel
            champions={champions}
            used={used}
            usage={usage}
            positions={positions}
            nextUp={nextUpId === null ? null : (championsById.get(nextUpId) ?? null)}
            onNextUp={(champion) => setNextUpId(champion?.id ?? null)}
          >
            {view.hover && (
              <p className="text-sm text-muted">{t("room.considering", { champion: view.hover.name })}</p>
            )}
            {canAskCorrection && lastAction && (
              <Button
                size="sm"
                variant="outline"
                className="h-auto min-h-9 max-w-full self-start py-1.5 text-left whitespace-normal"
                onClick={() => {
                  setSelectedId(null);
                  setCorrecting(true);
                }}
                leftIcon={<Undo2 className="size-4" aria-hidden />}
              >
                {t("room.correction.ask", {
                  champion: championsById.get(lastAction.champion_id ?? -1)?.name ?? "?",
                })}
              </Button>
            )}
          </BrowsePanel>
        ) : (
          <>
            {next && !view.complete && (
              <WaitingPanel
                side={next.side}
                text={
                  pendingCorrection
                    ? t("room.correction.asked", {
                        team: names[snapshot.sides[pendingCorrection.team]],
                        from: championsById.get(pendingCorrection.from_champion_id ?? -1)?.name ?? "?",
                        to: championsById.get(pendingCorrection.champion_id ?? -1)?.name ?? "?",
                      })
                    : next.type === "BAN"
                      ? t("room.waitingFor", { team: names[next.side] })
                      : t("room.waitingForPick", { team: names[next.side] })
                }
                hover={view.hover}
                paused={paused}
              />
            )}
            {canAskCorrection && lastAction && (
              <Button
                size="sm"
                variant="outline"
                className="h-auto min-h-9 max-w-full self-start py-1.5 text-left whitespace-normal"
                onClick={() => {
                  setSelectedId(null);
                  setCorrecting(true);
                }}
                leftIcon={<Undo2 className="size-4" aria-hidden />}
              >
                {t("room.correction.ask", {
                  champion: championsById.get(lastAction.champion_id ?? -1)?.name ?? "?",
                })}
              </Button>
            )}
            <h2 className="text-base font-bold text-fg">
              {view.complete ? t("room.complete") : t("public.timelineTitle")}
            </h2>
            <DraftTimeline board={view} />
          </>
        )}
      </BoardStage>

      {teamSeat &&
        (seat.role === "captain" ? (
          // A captain's eyes stay on the board: the chat is a drawer with an unread count.
          <ChatDrawer messageIds={room.team.messages.map((message) => message.id)}>
            <TeamChat
              channel={room.team}
              teamName={teamName}
              captainLabel={t("room.team.captain")}
              championsById={championsById}
              send={send}
            />
          </ChatDrawer>
        ) : (
          <TeamChat
            channel={room.team}
            teamName={teamName}
            captainLabel={t("room.team.captain")}
            championsById={championsById}
            send={send}
          />
        ))}
      {/* The organiser's controls come after the board: the draft is what everyone watches. */}
      {organiser && snapshot.quick && linkToken && (
        <QuickRoomPanel roomId={roomId} quick={snapshot.quick} organiserToken={linkToken} />
      )}
      {organiser && snapshot.mode === "live" && linksQuery.data && (
        <>
          <CopyAllLinks
            roomId={roomId}
            title={snapshot.session.title}
            links={linksQuery.data.links}
            names={names}
          />
          <RoomLinks roomId={roomId} links={linksQuery.data.links} />
        </>
      )}
      {organiser && snapshot.mode === "live" && (
        <SeatPanel
          roomId={roomId}
          sides={snapshot.sides}
          names={names}
          presence={presence}
          roster={room.team.roster}
        />
      )}
      {organiser && snapshot.mode === "live" && linksQuery.data && <SpectatorDelay room={linksQuery.data} />}

      {practice && view.complete && <PracticeReviewPanel practice={practice} champions={championsById} />}
      <RoomEventLog events={log} text={eventText} offset={offset} />
    </div>
  );
}

function seatName(
  seat: RoomSeatInfo,
  snapshot: { sides: Record<RoomTeam, Side> },
  names: Record<Side, string>,
  t: ReturnType<typeof useTranslation<"drafts">>["t"],
): string {
  if (seat.role === "captain" && seat.team)
    return t("room.seat.captain", { team: names[snapshot.sides[seat.team]] });
  if (seat.role === "member" && seat.team)
    return t("room.seat.member", { team: names[snapshot.sides[seat.team]] });
  return seat.role === "organiser" ? t("room.seat.organiser") : t("room.seat.spectator");
}

function ConnectionPill({ status }: { status: "connecting" | "open" | "reconnecting" | "failed" }) {
  const { t } = useTranslation("drafts");
  const live = status === "open";
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 font-semibold",
        live ? "text-[hsl(152_62%_26%)] dark:text-success" : "text-[hsl(32_90%_30%)] dark:text-warning",
      )}
    >
      {live ? (
        <Radio className="size-3.5" aria-hidden />
      ) : (
        <RefreshCw className="size-3.5 animate-spin" aria-hidden />
      )}
      {t(
        live
          ? "room.status.open"
          : status === "reconnecting"
            ? "room.status.reconnecting"
            : "room.status.connecting",
      )}
    </span>
  );
}

function WaitingPanel({
  side,
  text,
  hover,
  paused,
}: {
  side: Side;
  text: string;
  hover: { name: string; icon_url: string } | null;
  paused: boolean;
}) {
  const { t } = useTranslation("drafts");
  return (
    <div
      className={cn(
        "flex items-center gap-3 rounded-xl px-3 py-3",
        side === "BLUE" ? "bg-team-blue-soft" : "bg-team-red-soft",
      )}
    >
      {hover ? (
        <ChampionImage name={hover.name} src={hover.icon_url} size={44} decorative className="opacity-80" />
      ) : (
        <span
          aria-hidden
          className="size-11 shrink-0 rounded-md border border-dashed border-border-strong bg-surface-2"
        />
      )}
      <div className="min-w-0">
        <p className="font-semibold text-fg">{paused ? t("room.paused") : text}</p>
        {hover && <p className="text-sm text-muted">{t("room.considering", { champion: hover.name })}</p>}
      </div>
    </div>
  );
}

function RoomFailureScreen({
  failure,
  onRetry,
}: {
  failure: RoomFailure | "no_token";
  onRetry?: () => void;
}) {
  const { t } = useTranslation("drafts");
  return (
    <PageError
      title={t(`room.failure.${failure}.title`)}
      message={t(`room.failure.${failure}.text`)}
      onRetry={onRetry}
    />
  );
}
