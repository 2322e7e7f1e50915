import type { Champion } from "@draftroom/contracts";
import type { DraftState, RoomTeam, Side } from "@draftroom/draft";
import { memo } from "react";
import { PlanFollowPanel } from "../plan/PlanFollowPanel.tsx";
import { RoomTeamChannel } from "./RoomTeamChannel.tsx";
import type { ClientRoom } from "./room-state.ts";
import type { RoomSend } from "./useRoomPlay.ts";

/**
 * What a team seat (a live room's captain or member, decision 010) has below the board: the draft
 * plan it follows (decision 027; opened with the link's token, so not on the owner's account) and
 * the team's private channel.
 */
export const RoomTeamSeat = memo(function RoomTeamSeat({
  roomId,
  linkToken,
  room,
  team,
  draft,
  names,
  championsById,
  send,
}: {
  roomId: string;
  /** The link's token this page was opened with (null: the owner's account, no plan to follow). */
  linkToken: string | null;
  room: ClientRoom;
  team: RoomTeam;
  /** The board's draft (a lock in flight included), for the plan's next step. */
  draft: DraftState;
  names: Record<Side, string>;
  championsById: ReadonlyMap<number, Champion>;
  send: (command: RoomSend) => Promise<void>;
}) {
  const side = room.snapshot.sides[team];
  return (
    <>
      {linkToken && (
        <PlanFollowPanel
          target={{ kind: "room", roomId, token: linkToken, team }}
          state={draft}
          side={side}
          championsById={championsById}
          signal={room.team.planSignal ?? 0}
        />
      )}
      <RoomTeamChannel room={room} teamName={names[side]} championsById={championsById} send={send} />
    </>
  );
});
