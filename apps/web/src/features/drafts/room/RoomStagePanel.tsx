import type { Champion } from "@draftroom/contracts";
import type { RoomTeam, Side } from "@draftroom/draft";
import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { ChampionBoard } from "@/components/draft-board/types.ts";
import { Button } from "@/components/ui/Button.tsx";
import { DraftTimeline } from "../components/DraftTimeline.tsx";
import { PickPanel } from "../components/PickPanel.tsx";
import { useChampionPositions } from "../hooks/useChampionPositions.ts";
import { type BoardState, championUsage } from "../utils/board.ts";
import { AskCorrectionButton } from "./AskCorrectionButton.tsx";
import { BrowsePanel } from "./BrowsePanel.tsx";
import { OrganiserAdvice } from "./OrganiserAdvice.tsx";
import { ReadyCheck } from "./ReadyCheck.tsx";
import { RoomAdvice } from "./RoomAdvice.tsx";
import type { ClientRoom } from "./room-state.ts";
import { SuggestPanel } from "./SuggestPanel.tsx";
import { SuggestionList } from "./TeamPanel.tsx";
import { suggestionsFor } from "./team-state.ts";
import type { RoomPlay, RoomSend } from "./useRoomPlay.ts";
import { WaitingPanel } from "./WaitingPanel.tsx";

/**
 * The centre of the room's board for this seat: the lobby's ready check, the grid to lock (or to
 * choose a correction), a member's suggestions, a waiting team's browse grid, or the timeline.
 */
export const RoomStagePanel = memo(function RoomStagePanel({
  roomId,
  linkToken,
  room,
  board,
  view,
  play,
  teamSeat,
  champions,
  championsById,
  names,
  send,
  modelledSide = null,
}: {
  roomId: string;
  linkToken: string | null;
  room: ClientRoom;
  board: BoardState;
  view: ChampionBoard;
  play: RoomPlay;
  teamSeat: RoomTeam | null;
  champions: Champion[];
  championsById: ReadonlyMap<number, Champion>;
  names: Record<Side, string>;
  send: (command: RoomSend) => Promise<void>;
  /** A practice draft's side the server's model plays (it never connects), or null. */
  modelledSide?: Side | null;
}) {
  const { t } = useTranslation("drafts");
  const { snapshot, seat } = room;
  const positions = useChampionPositions();
  const used = board.state.used;
  const usage = useMemo(() => championUsage(board.actions), [board.actions]);
  const next = board.next;
  const paused = snapshot.clock.status === "paused";
  const pending = snapshot.correction?.outcome === "pending" ? snapshot.correction : null;
  const lastChampion = championsById.get(snapshot.actions.at(-1)?.champion_id ?? -1) ?? null;
  const askButton =
    play.askStep !== null ? (
      <AskCorrectionButton champion={lastChampion} onClick={play.startCorrecting} />
    ) : null;
  const grid = { champions, used, usage, positions, selected: play.selected, captureTyping: true };

  if (snapshot.clock.status === "lobby")
    return (
      <ReadyCheck
        snapshot={snapshot}
        names={names}
        presence={room.presence}
        modelledSide={modelledSide}
        myTeam={play.perms.ready ? seat.team : null}
        mayStart={play.perms.start}
        busy={play.busy}
        onReady={(ready) => play.command({ type: "ready", ready })}
        onStart={() => play.command({ type: "start" })}
      />
    );
  if (play.correctionStep)
    return (
      <PickPanel
        {...grid}
        step={play.correctionStep}
        onSelect={(champion) => play.setSelectedId(champion.id)}
        onLock={play.askCorrection}
        lockDisabled={!play.selected || play.busy}
        turnLabel={t("room.correction.choose")}
      >
        <Button size="sm" variant="ghost" onClick={play.cancelCorrecting}>
          {t("room.correction.cancel")}
        </Button>
      </PickPanel>
    );
  if ((play.myTurn || play.nextInRow) && next)
    return (
      <PickPanel
        {...grid}
        step={next}
        onSelect={play.selectChampion}
        onLock={play.lock}
        lockDisabled={!play.selected || !play.myTurn}
      >
        <div className="flex flex-col gap-2 lg:flex-row lg:items-start lg:gap-4">
          {linkToken && seat.role === "captain" && (
            <RoomAdvice
              source={{ kind: "link", roomId, token: linkToken }}
              step={next.index}
              action={next.type}
              used={used}
              championsById={championsById}
              selectedId={play.selectedId}
              onSelect={play.selectChampion}
            />
          )}
          {teamSeat && (
            <SuggestionList
              suggestions={suggestionsFor(room.team, next.index, used)}
              championsById={championsById}
              disabled={!play.myTurn}
              onLock={play.lockChampion}
            />
          )}
        </div>
      </PickPanel>
    );
  if (play.perms.suggest && next) {
    const mine = room.team.messages.filter(
      (message) =>
        message.kind === "suggestion" &&
        message.step === next.index &&
        message.member_id === room.team.memberId,
    );
    const suggestedId = mine.at(-1)?.champion_id;
    return (
      <SuggestPanel
        step={next}
        champions={champions}
        used={used}
        usage={usage}
        captainHover={view.hover}
        totalSteps={board.state.format.steps.length}
        suggested={suggestedId == null ? null : (championsById.get(suggestedId) ?? null)}
        send={send}
      />
    );
  }
  if (teamSeat && next && !view.complete)
    return (
      <BrowsePanel
        champions={champions}
        used={used}
        usage={usage}
        positions={positions}
        nextUp={play.nextUpId === null ? null : (championsById.get(play.nextUpId) ?? null)}
        onNextUp={(champion) => play.setNextUpId(champion?.id ?? null)}
      >
        {view.hover && (
          <p className="text-sm text-muted">{t("room.considering", { champion: view.hover.name })}</p>
        )}
        {askButton}
      </BrowsePanel>
    );
  const name = (id: number | null | undefined) => championsById.get(id ?? -1)?.name ?? "?";
  return (
    <>
      {next && !view.complete && (
        <WaitingPanel
          side={next.side}
          text={
            pending
              ? t("room.correction.asked", {
                  team: names[snapshot.sides[pending.team]],
                  from: name(pending.from_champion_id),
                  to: name(pending.champion_id),
                })
              : next.type === "BAN"
                ? t("room.waitingFor", { team: names[next.side] })
                : t("room.waitingForPick", { team: names[next.side] })
          }
          hover={view.hover}
          paused={paused}
        />
      )}
      {seat.role === "organiser" && next && !view.complete && (
        <OrganiserAdvice
          roomId={roomId}
          snapshot={snapshot}
          next={next}
          used={used}
          championsById={championsById}
        />
      )}
      {askButton}
      <h2 className="text-base font-bold text-fg">
        {view.complete ? t("room.complete") : t("public.timelineTitle")}
      </h2>
      <DraftTimeline board={view} />
    </>
  );
});
