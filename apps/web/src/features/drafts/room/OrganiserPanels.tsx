import type { Room, RoomLink } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { memo, useMemo } from "react";
import { currentCopy, roomKeys, roomLinkStore, roomsApi } from "../api/rooms.ts";
import { quickRoomStore, quickRoomsApi } from "../quick-room/api.ts";
import { QuickRoomPanel } from "../quick-room/QuickRoomPanel.tsx";
import { CopyAllLinks } from "./CopyAllLinks.tsx";
import { type LinkRotation, RoomLinks } from "./RoomLinks.tsx";
import type { ClientRoom } from "./room-state.ts";
import { SeatPanel } from "./SeatPanel.tsx";
import { SpectatorDelay } from "./SpectatorDelay.tsx";

/**
 * The organiser's controls, after the board (the draft is what everyone watches): a quick room's
 * panel, the links to hand out, the seats and the spectator delay. A quick room's organiser
 * (no account, the organiser link's token) gets every control the owner has (decision 026).
 */
export const OrganiserPanels = memo(function OrganiserPanels({
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
  // Opened from a quick room's organiser link: the room's controls go through that token.
  const quickToken = snapshot.quick && linkToken ? linkToken : null;
  const linksQuery = useQuery({
    queryKey: quickToken ? [...roomKeys.room(roomId), "quick"] : roomKeys.room(roomId),
    queryFn: () => (quickToken ? quickRoomsApi.get(roomId, quickToken) : roomsApi.get(roomId)),
    // A quick room not saved to an account has no owner to ask: only its organiser token.
    enabled: live && (quickToken !== null || !snapshot.quick || snapshot.quick.claimed),
  });
  const data: Room | undefined = live ? linksQuery.data : undefined;
  // The links' addresses this device knows: made or renewed here, or kept by the quick room's creator.
  const links = useMemo(
    () => (data ? withKnownPaths(roomId, data.links, quickToken !== null) : null),
    [data, roomId, quickToken],
  );
  const rotation: LinkRotation | undefined = quickToken
    ? {
        rotate: async (linkId) => {
          const fresh = await quickRoomsApi.rotateLink(roomId, quickToken, linkId);
          quickRoomStore.updateLink(roomId, fresh);
          return fresh;
        },
        allowed: (link) => link.kind !== "organiser",
      }
    : undefined;
  return (
    <>
      {snapshot.quick && linkToken && (
        <QuickRoomPanel roomId={roomId} quick={snapshot.quick} organiserToken={linkToken} />
      )}
      {data && links && (
        <RoomLinks
          roomId={roomId}
          links={links}
          ourTeam={data.our_team}
          rotation={rotation}
          actions={
            <CopyAllLinks roomId={roomId} title={snapshot.session.title} links={links} names={names} />
          }
        />
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
      {data && (
        <SpectatorDelay
          room={data}
          save={quickToken ? (seconds) => quickRoomsApi.setDelay(roomId, quickToken, seconds) : undefined}
        />
      )}
    </>
  );
});

/**
 * Each link with the address this device knows: renewed in this tab first, then the quick room's
 * copy. A copy older than the link's token (`created_at` moves when the server rotates it, e.g.
 * when a member leaves the workspace) is stale and not shown.
 */
function withKnownPaths(roomId: string, links: readonly RoomLink[], quick: boolean): RoomLink[] {
  const renewed = new Map(roomLinkStore.load(roomId).map((link) => [link.id, link]));
  const stored = quick ? quickRoomStore.load(roomId) : null;
  const kept = new Map((stored?.links ?? []).map((link) => [link.id, link]));
  return links.map((link) => {
    if (link.path) return link;
    const known = [renewed.get(link.id), kept.get(link.id)].find((copy) => currentCopy(copy, link));
    if (known?.path) return { ...link, token: known.token, path: known.path };
    if (link.kind === "organiser" && stored) return { ...link, path: stored.organiserPath };
    return link;
  });
}
