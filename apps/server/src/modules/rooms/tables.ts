import type { Generated } from "kysely";

/**
 * Tables of the rooms module (migration `…_rooms_live`). Clock instants are epoch ms (`bigint`,
 * numbers once read); booleans come back 0/1 on SQLite.
 */

export interface DraftRoomsTable {
  id: string;
  session_id: string;
  mode: "solo" | "live";
  status: "lobby" | "running" | "paused" | "complete";
  team_a_side: Generated<"BLUE" | "RED">;
  ready_a: Generated<boolean | number>;
  ready_b: Generated<boolean | number>;
  turn_ms: number;
  bank_initial_ms: number;
  bank_a_ms: number;
  bank_b_ms: number;
  turn_started_ms: number | null;
  deadline_ms: number | null;
  paused_ms: number | null;
  resumes_ms: number | null;
  hover_step: number | null;
  hover_team: "A" | "B" | null;
  hover_champion_id: number | null;
  seq: Generated<number>;
  /** Delay of the public view and the overlay, seconds (migration `…_rooms_delay_corrections`). */
  spectator_delay_seconds: Generated<number>;
  /** The latest correction request (JSON `RoomCorrection`), null before the first. */
  correction: Generated<unknown>;
  /** The workspace's own team (migration `…_rooms_our_team`, decision 046); null: not known. */
  our_team: Generated<"A" | "B" | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface RoomLinksTable {
  id: Generated<number>;
  /** The id routes and answers use (a random uuid); `id` stays internal (decision 041). */
  public_id: string;
  room_id: string;
  role: "organiser" | "captain" | "spectator" | "member";
  team: "A" | "B" | null;
  /** SHA-256 of the link's token: the token itself is never stored. */
  token_hash: string;
  epoch: Generated<number>;
  delay_seconds: Generated<number>;
  created_at: Generated<string>;
  revoked_at: string | null;
  expires_at: string | null;
}

export interface RoomEventsTable {
  id: Generated<number>;
  room_id: string;
  seq: number;
  kind: string;
  actor_role: string | null;
  actor_team: "A" | "B" | null;
  actor_link_id: number | null;
  step: number | null;
  team: "A" | "B" | null;
  side: "BLUE" | "RED" | null;
  action_type: "BAN" | "PICK" | null;
  champion_id: number | null;
  is_auto: Generated<boolean | number>;
  at_ms: number;
  deadline_ms: number | null;
  bank_after_ms: number | null;
  data: unknown;
  /** The room's clock right after this event (JSON `RoomClock` without meaning for server_now). */
  clock: Generated<unknown>;
  /** The last event of a socket command: the seat's key and the message id (decision 049). */
  command_key: Generated<string | null>;
}

export interface RoomsTables {
  draft_rooms: DraftRoomsTable;
  room_links: RoomLinksTable;
  room_events: RoomEventsTable;
}
