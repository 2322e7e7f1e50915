import { ROUTES } from "@draftroom/contracts";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { isApiRequestError } from "@/lib/api.ts";
import { roomLinkStore, roomsApi } from "../api/rooms.ts";

export interface LiveRoomSettings {
  sessionId: string;
  turnSeconds: number;
  bankSeconds: number;
}

/**
 * "Live room": creates the session's room (or opens the one it has) and goes to the room page,
 * where the organiser hands out the links.
 */
export function useOpenLiveRoom() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ sessionId, turnSeconds, bankSeconds }: LiveRoomSettings) => {
      try {
        return await roomsApi.create({
          session_id: sessionId,
          turn_seconds: turnSeconds,
          bank_seconds: bankSeconds,
        });
      } catch (error) {
        if (isApiRequestError(error) && error.code === "room_exists") return roomsApi.ofSession(sessionId);
        throw error;
      }
    },
    onSuccess: (room) => {
      roomLinkStore.save(room.id, room.links);
      navigate(ROUTES.room(room.id));
    },
  });
}
