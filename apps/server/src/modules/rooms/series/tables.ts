import type { Generated } from "kysely";

/** Tables of the rooms module's series part (migration `…_rooms_lifecycle`). */
export interface SeriesRoomsTable {
  series_id: string;
  /** The room row; its `session_id` is the game being played. */
  room_id: string;
  /** The game the room shows now. */
  game_number: number;
  created_at: Generated<string>;
}

export interface SeriesRoomsTables {
  series_rooms: SeriesRoomsTable;
}
