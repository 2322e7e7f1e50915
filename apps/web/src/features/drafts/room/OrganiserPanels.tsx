import type { Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { roomKeys, roomsApi } from "../api/rooms.ts";
import { QuickRoomPanel } from "../quick-room/QuickRoomPanel.tsx";
import { CopyAllLinks } from "./CopyAllLinks.tsx";
import { RoomLinks } from "./RoomLinks.tsx";
import type { ClientRoom } from "./room-state.ts";
import { SeatPanel } from "./SeatPanel.tsx";
import { SpectatorDelay } from "./SpectatorDelay.tsx";

/**
 * The organiser's controls, after the board (the draft is what everyone watches): a quick room's
 * panel, the links to hand out, the seats and the spectator delay.
 */
export function OrganiserPanels({
  roomId,
  linkToken,
  room,
  names,
}: {
  roomId: string;
  linkToken: string | null;
  room: ClientRoom;
  names: Record<Side, string>;
}) {
  const { snapshot } = room;
  const live = snapshot.mode === "live";
  const linksQuery = useQuery({
    queryKey: roomKeys.room(roomId),
    queryFn: () => roomsApi.get(roomId),
    // An unclaimed quick room's organiser has no account: its links come from the quick room's
    // panel (so does a claimed one's, opened from the organiser link).
    enabled: live && (!snapshot.quick || (snapshot.quick.claimed && !linkToken)),
  });
  const links = live ? linksQuery.data : undefined;
  return (
    <>
      {snapshot.quick && linkToken && (
        <QuickRoomPanel roomId={roomId} quick={snapshot.quick} organiserToken={linkToken} />
      )}
      {links && (
        <>
          <CopyAllLinks roomId={roomId} title={snapshot.session.title} links={links.links} names={names} />
          <RoomLinks roomId={roomId} links={links.links} />
        </>
      )}
      {live && (
        <SeatPanel
          roomId={roomId}
          sides={snapshot.sides}
          names={names}
          presence={room.presence}
          roster={room.team.roster}
        />
      )}
      {links && <SpectatorDelay room={links} />}
    </>
  );
}
