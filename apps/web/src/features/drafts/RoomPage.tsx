import type { Champion } from "@draftroom/contracts";
import { can, pendingCorrection as pendingCorrectionOf, type Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { WifiOff } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "react-router";
import { useAuth } from "@/lib/auth.ts";
import { scrimOfDraftQuery } from "@/lib/scrim-of-draft.ts";
import { useShallowStable } from "@/lib/useShallowStable.ts";
import { draftKeys, draftsApi } from "./api/drafts.ts";
import { RoomEarlierGames } from "./components/EarlierGamesStrip.tsx";
import { PageError, PageLoading } from "./components/PageStates.tsx";
import { ScrimGameLink } from "./components/ScrimGameLink.tsx";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { PracticeBanner } from "./practice/PracticeBanner.tsx";
import { PracticeReviewPanel } from "./practice/PracticeReviewPanel.tsx";
import { usePractice } from "./practice/usePractice.ts";
import { BadRoomLink } from "./room/BadRoomLink.tsx";
import { CompactDraftStrip } from "./room/CompactDraftStrip.tsx";
import { CorrectionBanner } from "./room/CorrectionBanner.tsx";
import { liveDelaySeconds } from "./room/live-delay.ts";
import { MemberNamePrompt } from "./room/MemberNamePrompt.tsx";
import { memberNameStore } from "./room/member-name-store.ts";
import { OrganiserPanels } from "./room/OrganiserPanels.tsx";
import { RoomBoardStage } from "./room/RoomBoardStage.tsx";
import { RoomEventLog } from "./room/RoomEventLog.tsx";
import { RoomFailureScreen } from "./room/RoomFailureScreen.tsx";
import { type ConnectionStatus, RoomHeader } from "./room/RoomHeader.tsx";
import { RoomStagePanel } from "./room/RoomStagePanel.tsx";
import { RoomTeamSeat } from "./room/RoomTeamSeat.tsx";
import { type ClientRoom, roomCountdown, teamOf, teamSeatOf } from "./room/room-state.ts";
import { SeriesRoomBar } from "./room/SeriesRoomBar.tsx";
import { TurnBanner } from "./room/TurnBanner.tsx";
import { useEventText } from "./room/useEventText.ts";
import { useRoomAnnouncements } from "./room/useRoomAnnouncements.ts";
import { useRoomConnection, useServerNow } from "./room/useRoomConnection.ts";
import { type RoomSend, useRoomBoard, useRoomPlay } from "./room/useRoomPlay.ts";
import { useRoomTurn } from "./room/useRoomTurn.ts";
import { championBoard } from "./utils/board.ts";

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
      ? { token, ...(memberName ? { name: memberName } : {}), ...(auth.token ? { auth: auth.token } : {}) }
      : auth.token
        ? { auth: auth.token }
        : null;
  const { connection, state } = useRoomConnection(roomId, credentials);
  // One function per connection: the memoised panels of the room take it as a prop.
  const send = useCallback(
    (command: RoomSend) =>
      connection ? connection.send(command) : Promise.reject(new Error("no connection")),
    [connection],
  );
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
      send={send}
    />
  );
}

/**
 * The room as this seat sees it: the board drawn from the server's events, what the seat may do
 * from `can(seat, state)` (the room's rules), and the lock in flight drawn at once.
 */
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
  room: ClientRoom;
  status: ConnectionStatus;
  offset: number;
  champions: Champion[];
  send: (command: RoomSend) => Promise<void>;
}) {
  const { t } = useTranslation("drafts");
  const { snapshot, seat, log } = room;
  const names = useTeamNames(snapshot.session);
  const championsById = useMemo(() => new Map(champions.map((c) => [c.id, c])), [champions]);
  const organiser = seat.role === "organiser";
  // The folded room (one `applyRoomEvent` step per event, room-state.ts): no replay per render.
  const roomState = room.state;
  const pendingCorrection = pendingCorrectionOf(roomState);
  const running = snapshot.clock.status === "running" || snapshot.clock.status === "paused";
  const serverNow = useServerNow(
    offset,
    (running && snapshot.clock.turn_ms > 0) || pendingCorrection !== null || roomState.resumes_ms !== null,
  );
  // The permissions change at a deadline, not at each of the clock's refreshes: one object
  // until they do, so the panels below skip those renders (decision 064, the idle room).
  const perms = useShallowStable(can(seat, roomState, serverNow));
  const countdown = roomCountdown(roomState, serverNow);
  const { board, pendingLock, setPendingLock } = useRoomBoard(snapshot, roomState.draft);
  const play = useRoomPlay({ board, perms, pendingLock, setPendingLock, championsById, send });
  const next = board.next;
  const paused = snapshot.clock.status === "paused";
  const lobby = snapshot.clock.status === "lobby";
  const hoverId =
    snapshot.hover && next && snapshot.hover.step === next.index ? snapshot.hover.champion_id : null;
  // Each team's bank; the one on the clock counts down once the turn's time is spent.
  const bankOf = (side: Side) =>
    countdown && next?.side === side
      ? countdown.bank_ms_left
      : snapshot.clock.bank_ms[teamOf(snapshot, side)];
  const blueBank = bankOf("BLUE");
  const redBank = bankOf("RED");
  const boardHover = play.myTurn ? (play.selectedId ?? hoverId) : hoverId;
  const timedBanks = snapshot.clock.turn_ms > 0;
  // Drawn again when the board, the hover or a bank changes, not at every refresh of the clock.
  const view = useMemo(
    () =>
      championBoard(board, names, championsById, {
        hover: boardHover,
        banks: timedBanks ? { BLUE: blueBank, RED: redBank } : null,
      }),
    [board, names, championsById, boardHover, timedBanks, blueBank, redBank],
  );
  // A practice draft: the opponent's seat is the server's model of a team (features/practice).
  const practice = usePractice(snapshot.session.id, view.complete).data ?? null;
  // A scrim game's room links back to its scrim for a signed-in member of the team, as the draft's
  // page does (decision 083). A seat without an account (the other team's captain) is not asked.
  const signedIn = useAuth().isAuthenticated;
  const scrimGame = useQuery({ ...scrimOfDraftQuery(snapshot.session.id), enabled: signedIn }).data ?? null;

  const myTeam = seat.role === "captain" ? seat.team : null;
  const eventText = useEventText(snapshot, names, championsById);
  const announcement = useRoomAnnouncements(log, snapshot.seq, myTeam, eventText);
  // A delay changed mid-draft shows at once (not only on the next load).
  const delaySeconds =
    seat.role === "spectator" ? liveDelaySeconds(log, room.delaySeconds) : room.delaySeconds;
  const teamSeat = teamSeatOf(seat, snapshot.mode);
  const { headline, msLeft, sound, setSound } = useRoomTurn({
    snapshot,
    seat,
    perms,
    next,
    complete: view.complete,
    countdown,
    correction: pendingCorrection,
    names,
    myTurn: play.myTurn,
  });

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-3 py-4 sm:px-5 lg:gap-4 lg:py-5">
      <RoomHeader
        title={snapshot.session.title}
        leagueName={snapshot.session.league?.name}
        seat={seat}
        sides={snapshot.sides}
        names={names}
        status={status}
        delaySeconds={delaySeconds}
        presence={room.presence}
        perms={perms}
        busy={play.busy}
        onPause={() => play.command({ type: "pause" })}
        onResume={() => play.command({ type: "resume" })}
        scrimLink={scrimGame && <ScrimGameLink game={scrimGame} testId="room-scrim-link" />}
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
      {/* A finished practice's review comes first, before the board and the team chat. */}
      {practice && view.complete && <PracticeReviewPanel practice={practice} champions={championsById} />}
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
      {snapshot.series && (
        <RoomEarlierGames
          seriesId={snapshot.series.id}
          gameNumber={snapshot.series.game}
          champions={championsById}
        />
      )}
      {pendingCorrection && (
        <CorrectionBanner
          correction={pendingCorrection}
          seat={seat}
          mayDecide={perms.decideCorrection}
          sides={snapshot.sides}
          names={names}
          championsById={championsById}
          serverNow={serverNow}
          busy={play.busy}
          onDecide={(approve) =>
            play.command({ type: "decide_correction", step: pendingCorrection.step, approve })
          }
        />
      )}
      <RoomBoardStage
        view={view}
        fill={play.myTurn || (teamSeat !== null && !lobby && !view.complete)}
        clock={snapshot.clock}
        countdown={countdown}
        next={next}
        names={names}
        offset={offset}
        synced={synced}
      >
        <RoomStagePanel
          roomId={roomId}
          linkToken={linkToken}
          room={room}
          board={board}
          view={view}
          play={play}
          teamSeat={teamSeat}
          champions={champions}
          championsById={championsById}
          names={names}
          send={send}
          modelledSide={practice ? (practice.user_side === "BLUE" ? "RED" : "BLUE") : null}
        />
      </RoomBoardStage>
      {teamSeat && (
        <RoomTeamSeat
          roomId={roomId}
          linkToken={linkToken}
          room={room}
          team={teamSeat}
          draft={board.state}
          names={names}
          championsById={championsById}
          send={send}
        />
      )}
      {organiser && <OrganiserPanels roomId={roomId} linkToken={linkToken} room={room} names={names} />}
      <RoomEventLog events={log} text={eventText} offset={offset} />
    </div>
  );
}
