import type { Generated } from "kysely";

/** Tables of the rooms module's quick-room part (migration `…_rooms_lifecycle`). */
export interface QuickRoomsTable {
  room_id: string;
  session_id: string;
  /** Unclaimed rooms are deleted after this instant (ISO text on SQLite). */
  expires_at: string;
  claimed_at: string | null;
  claimed_by: number | null;
  created_at: Generated<string>;
}

export interface QuickRoomsTables {
  quick_rooms: QuickRoomsTable;
}
