import type { Generated } from "kysely";

/** Tables of a room's team seats (migration `…_rooms_team`, decision 010). */

export interface RoomMembersTable {
  id: Generated<number>;
  /** The member's id in every answer (decision 041): `id` stays internal. */
  public_id: string;
  room_id: string;
  link_id: number;
  team: "A" | "B";
  name: string;
  joined_at: Generated<string>;
  left_at: string | null;
  removed_at: string | null;
}

export interface RoomTeamMessagesTable {
  id: Generated<number>;
  /** The message's id in every answer (decision 041): `id` stays internal. */
  public_id: string;
  room_id: string;
  team: "A" | "B";
  kind: "chat" | "suggestion";
  member_id: number | null;
  role: "captain" | "member";
  name: string;
  text: string | null;
  step: number | null;
  champion_id: number | null;
  at_ms: number;
}

export interface RoomTeamTables {
  room_members: RoomMembersTable;
  room_team_messages: RoomTeamMessagesTable;
}
