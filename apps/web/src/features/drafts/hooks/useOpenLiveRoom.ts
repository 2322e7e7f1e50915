import { ROUTES, type Room } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { isApiRequestError } from "@/lib/api.ts";
import { roomKeys, roomLinkStore, roomsApi } from "../api/rooms.ts";

export interface LiveRoomSettings {
  sessionId: string;
  turnSeconds: number;
  bankSeconds: number;
  /** A workspace session whose linked league team does not say: the side our team plays. */
  ourSide?: Side;
}

/** The session's live room, or null: asked first, so opening an existing room never posts a create. */
async function liveRoomOf(sessionId: string): Promise<Room | null> {
  const { room } = await roomsApi.lookupOfSession(sessionId);
  return room?.mode === "live" ? room : null;
}

/**
 * "Live room": creates the session's room (or opens the one it has) and goes to the room page,
 * where the organiser hands out the links.
 */
export function useOpenLiveRoom() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ sessionId, turnSeconds, bankSeconds, ourSide }: LiveRoomSettings) => {
      const existing = await liveRoomOf(sessionId);
      if (existing) return existing;
      try {
        return await roomsApi.create({
          session_id: sessionId,
          turn_seconds: turnSeconds,
          bank_seconds: bankSeconds,
          ...(ourSide ? { our_side: ourSide } : {}),
        });
      } catch (error) {
        // Made in another tab a moment ago: open that one.
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

/**
 * The "Live room" button: a session that has a live room (a saved quick room, a room opened
 * before) goes straight to it with the settings it has; only a session without one asks for the
 * timers (the create dialog, `dialogFor`).
 */
export function useLiveRoomEntry() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [dialogFor, setDialogFor] = useState<string | null>(null);
  const enter = useMutation({
    mutationFn: (sessionId: string) => roomsApi.lookupOfSession(sessionId),
    onSuccess: (lookup, sessionId) => {
      // The dialog reads the same answer (which side our team plays) without asking again.
      client.setQueryData(roomKeys.ofSession(sessionId), lookup);
      if (lookup.room?.mode === "live") navigate(ROUTES.room(lookup.room.id));
      else setDialogFor(sessionId);
    },
    // The lookup failed (offline): the dialog still offers to open the room.
    onError: (_error, sessionId) => setDialogFor(sessionId),
  });
  return {
    enter: (sessionId: string) => enter.mutate(sessionId),
    pending: enter.isPending,
    dialogFor,
    closeDialog: () => setDialogFor(null),
  };
}
