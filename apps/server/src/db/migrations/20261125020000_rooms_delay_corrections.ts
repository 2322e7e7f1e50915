import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * Spectator delay and audited misclick correction (decision 011):
 * - `draft_rooms.spectator_delay_seconds`: the delay of the public view and the broadcast
 *   overlay (spectator links keep theirs in `room_links.delay_seconds`);
 * - `draft_rooms.correction`: the room's latest correction request (JSON, packages/draft
 *   `RoomCorrection`), null before the first;
 * - `room_events.clock`: the room's clock right after the event (JSON), so a delayed spectator's
 *   view is rebuilt from the log alone, as it stood `delay` ago.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .alterTable("draft_rooms")
    .addColumn("spectator_delay_seconds", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("draft_rooms").addColumn("correction", c.json).execute();
  await db.schema.alterTable("room_events").addColumn("clock", c.json).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("room_events").dropColumn("clock").execute();
  await db.schema.alterTable("draft_rooms").dropColumn("correction").execute();
  await db.schema.alterTable("draft_rooms").dropColumn("spectator_delay_seconds").execute();
}
