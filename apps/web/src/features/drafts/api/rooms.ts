import {
  isUuid,
  type Room,
  type RoomCreateBody,
  type RoomEvent,
  type RoomJoin,
  type RoomLink,
  type RoomWatch,
  type SessionRoomLookup,
} from "@draftroom/contracts";
import { api, requestById } from "@/lib/api.ts";

export const roomsApi = {
  /** A live room for one of the caller's sessions; the links' tokens appear only in this answer. */
  create: (body: RoomCreateBody) => api.post<Room>("/rooms/", body),
  get: (roomId: string) => api.get<Room>(`/rooms/${roomId}/`),
  /** The session's room for its owner (404 when it has none). */
  ofSession: (sessionId: string) => api.get<Room>(`/drafts/sessions/${sessionId}/room/`),
  /** The session's room for its owner, or `{room: null}` (asking is never an error). */
  lookupOfSession: (sessionId: string) =>
    requestById(sessionId, isUuid, () =>
      api.get<SessionRoomLookup>(`/drafts/sessions/${sessionId}/live-room/`),
    ),
  /** A new token for a link (the old one stops working at once). */
  rotateLink: (roomId: string, linkId: string) =>
    api.post<RoomLink>(`/rooms/${roomId}/links/${linkId}/rotate/`),
  join: (token: string) => api.post<RoomJoin>("/rooms/join/", { token }),
  /** The room a session's public id watches (read-only; created on first use). */
  watch: (sessionId: string) =>
    requestById(sessionId, isUuid, () => api.post<RoomWatch>("/rooms/watch/", { session_id: sessionId })),
  events: (roomId: string) => api.get<{ events: RoomEvent[] }>(`/rooms/${roomId}/events/`),
  /** Removes a team member (their socket closes); rotate the team link to keep them out. */
  removeMember: (roomId: string, memberId: string) =>
    api.post<{ id: string; removed_at: string }>(`/rooms/${roomId}/members/${memberId}/remove/`),
  /** The spectator delay of the public view, the overlay and the spectator link (0-300 s). */
  setDelay: (roomId: string, delaySeconds: number) =>
    api.put<Room>(`/rooms/${roomId}/delay/`, { delay_seconds: delaySeconds }),
};

export const roomKeys = {
  room: (roomId: string) => ["rooms", roomId] as const,
  watch: (sessionId: string) => ["rooms", "watch", sessionId] as const,
  ofSession: (sessionId: string) => ["rooms", "session", sessionId] as const,
};

const LINKS_KEY = (roomId: string) => `draftroom.room-links.${roomId}`;

/**
 * Whether a kept copy of a link carries its current token. Every rotation moves `created_at`: a
 * copy at least as new as the link the page holds is current (this device rotated it, perhaps
 * after the page's room answer was read); an older one is stale (the server rotated the link
 * since, e.g. when a member left the workspace).
 */
export function currentCopy(copy: RoomLink | undefined, link: RoomLink): copy is RoomLink {
  return copy !== undefined && Date.parse(copy.created_at) >= Date.parse(link.created_at);
}

/**
 * The organiser's copy of the links with their tokens (the server keeps only hashes): kept in
 * this tab's session storage so a reload still shows them.
 */
export const roomLinkStore = {
  save(roomId: string, links: readonly RoomLink[]) {
    try {
      const known = roomLinkStore.load(roomId);
      const merged = new Map(known.map((link) => [link.id, link]));
      for (const link of links) if (link.path) merged.set(link.id, link);
      sessionStorage.setItem(LINKS_KEY(roomId), JSON.stringify([...merged.values()]));
    } catch {
      // Storage full or disabled: the links stay on screen until the page is left.
    }
  },
  load(roomId: string): RoomLink[] {
    try {
      const raw = sessionStorage.getItem(LINKS_KEY(roomId));
      return raw ? (JSON.parse(raw) as RoomLink[]) : [];
    } catch {
      return [];
    }
  },
};
