import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * The sender's key of the command whose events a room event ends (decision 049): the seat and the
 * socket message's id. A command resent with the same id (after a reconnection, or after the
 * database was unreachable and its commit's outcome unknown) is found by it and acknowledged
 * instead of applied again; the unique index makes a second application impossible. Null for
 * every other event (and for the events a command writes before its last).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable("room_events").addColumn("command_key", c.text).execute();
  await db.schema
    .createIndex("room_events_command_key_idx")
    .unique()
    .on("room_events")
    .columns(["room_id", "command_key"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("room_events_command_key_idx").execute();
  await db.schema.alterTable("room_events").dropColumn("command_key").execute();
}
