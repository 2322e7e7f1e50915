import type { QuickRoom, QuickRoomClaim, QuickRoomCreateBody, Room, RoomLink } from "@draftroom/contracts";
import { api } from "@/lib/api.ts";

export const quickRoomsApi = {
  /** A live room without an account; the links' tokens appear only in this answer. */
  create: (body: QuickRoomCreateBody) => api.post<QuickRoom>("/quick-rooms/", body),
  /** Saves the room into the signed-in account (`token`: the organiser's link token). */
  claim: (roomId: string, token: string) =>
    api.post<QuickRoomClaim>(`/quick-rooms/${roomId}/claim/`, { token }),
  // The organiser's controls: the organiser link's token in a header, never in a URL.
  /** The room as its organiser sees it (settings, delay, links without tokens). */
  get: (roomId: string, token: string) =>
    api.get<Room>(`/quick-rooms/${roomId}/`, { headers: { "X-Room-Token": token } }),
  setDelay: (roomId: string, token: string, delaySeconds: number) =>
    api.put<Room>(
      `/quick-rooms/${roomId}/delay/`,
      { delay_seconds: delaySeconds },
      { headers: { "X-Room-Token": token } },
    ),
  /** A new token for a captain, spectator or team link (not the organiser's own). */
  rotateLink: (roomId: string, token: string, linkId: string) =>
    api.post<RoomLink>(
      `/quick-rooms/${roomId}/links/${linkId}/rotate/`,
      {},
      { headers: { "X-Room-Token": token } },
    ),
};

/** What the creator's browser keeps of a quick room: the links with their tokens (the server keeps hashes). */
export interface StoredQuickRoom {
  links: RoomLink[];
  organiserPath: string;
  expiresAt: string;
}

const ROOM_KEY = (roomId: string) => `draftroom.quick-room.${roomId}`;
const CLAIM_KEY = "draftroom.quick-room.claim";

/**
 * The creator's copy of a quick room's links, in local storage so they survive closing the tab
 * (there is no account to find them again), and the claim waiting for a sign-in.
 */
export const quickRoomStore = {
  save(room: QuickRoom) {
    const stored: StoredQuickRoom = {
      links: room.room.links,
      organiserPath: room.organiser.path,
      expiresAt: room.expires_at,
    };
    try {
      localStorage.setItem(ROOM_KEY(room.room.id), JSON.stringify(stored));
    } catch {
      // Storage full or disabled: the links are still on screen for this visit.
    }
  },
  load(roomId: string): StoredQuickRoom | null {
    try {
      const raw = localStorage.getItem(ROOM_KEY(roomId));
      return raw ? (JSON.parse(raw) as StoredQuickRoom) : null;
    } catch {
      return null;
    }
  },
  /** A link renewed by the organiser replaces the kept one (so a closed tab still knows it). */
  updateLink(roomId: string, link: RoomLink) {
    const stored = quickRoomStore.load(roomId);
    if (!stored) return;
    const links = stored.links.map((item) => (item.id === link.id ? link : item));
    try {
      localStorage.setItem(ROOM_KEY(roomId), JSON.stringify({ ...stored, links }));
    } catch {
      // Storage full or disabled: the tab's own store still has it.
    }
  },
  /** Remembers that signing in should save this room (the organiser's token proves it is theirs). */
  requestClaim(roomId: string, token: string) {
    try {
      localStorage.setItem(CLAIM_KEY, JSON.stringify({ roomId, token }));
    } catch {
      // Without storage the room page still offers "Save to my account" after sign-in.
    }
  },
  pendingClaim(roomId: string): string | null {
    try {
      const raw = localStorage.getItem(CLAIM_KEY);
      const pending = raw ? (JSON.parse(raw) as { roomId: string; token: string }) : null;
      return pending?.roomId === roomId ? pending.token : null;
    } catch {
      return null;
    }
  },
  clearClaim() {
    try {
      localStorage.removeItem(CLAIM_KEY);
    } catch {
      // nothing to clear
    }
  },
};
