import type { Kysely } from "kysely";
import { addPublicIdColumn, dropPublicIdColumn } from "../public-id-column.ts";

/**
 * A room's team members and team-channel messages get a random public id (decision record 041,
 * third round): a member's `id` in the roster, the `member_id` of a message and of the team's
 * history, a message's `id` and `/api/rooms/:id/members/:member_id/remove/` were sequential row
 * ids, which told any team seat how many members and messages the platform holds. The row ids stay
 * internal (the NOTIFY hints between processes, the message's `member_id` column).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await addPublicIdColumn(db, "room_members");
  await addPublicIdColumn(db, "room_team_messages");
}

export async function down(db: Db): Promise<void> {
  await dropPublicIdColumn(db, "room_team_messages");
  await dropPublicIdColumn(db, "room_members");
}
