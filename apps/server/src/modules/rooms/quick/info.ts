import type { RoomQuickInfo } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { toIsoOrNull } from "../../../db/values.ts";

/** The quick-room part of a room's snapshot (null for any other room). */
export async function quickInfoOfRoom(db: Kysely<Database>, roomId: string): Promise<RoomQuickInfo | null> {
  const row = await db
    .selectFrom("quick_rooms")
    .select(["claimed_at", "expires_at"])
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  if (!row) return null;
  const claimed = row.claimed_at !== null;
  return { claimed, expires_at: claimed ? null : toIsoOrNull(row.expires_at) };
}
