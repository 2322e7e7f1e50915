import type { Champion, RoomSnapshot } from "@draftroom/contracts";
import type { DraftStep } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { roomKeys, roomsApi } from "../api/rooms.ts";
import { RoomAdvice } from "./RoomAdvice.tsx";

/**
 * The organiser's seat of a workspace room (a coach or analyst) reads our team's suggestions while
 * our side is on the clock (decision 046): the session's board for our side, with the workspace's
 * pools and priorities, never the other team's. Nothing in a personal or quick room, or while the
 * other team drafts.
 */
export function OrganiserAdvice({
  roomId,
  snapshot,
  next,
  used,
  championsById,
}: {
  roomId: string;
  snapshot: RoomSnapshot;
  next: DraftStep;
  used: ReadonlySet<number>;
  championsById: ReadonlyMap<number, Champion>;
}) {
  // The room answer the organiser's links panel reads (same key, same fetcher).
  const room = useQuery({
    queryKey: roomKeys.room(roomId),
    queryFn: () => roomsApi.get(roomId),
    enabled: snapshot.mode === "live" && !snapshot.quick,
  });
  const ourTeam = room.data?.our_team ?? null;
  // Our team keeps its side for this game; a series' next game may swap it (the snapshot says).
  if (ourTeam === null || snapshot.sides[ourTeam] !== next.side) return null;
  return (
    <RoomAdvice
      source={{ kind: "board", roomId, sessionId: snapshot.session.id, side: next.side }}
      step={next.index}
      action={next.type}
      used={used}
      championsById={championsById}
    />
  );
}
