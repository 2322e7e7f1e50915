import type { Kysely } from "kysely";

/**
 * A scrim's calendar version (decision 057): every change of the scrim itself adds one, and the
 * calendar feed sends it as the event's SEQUENCE, so subscribed calendars take the new time,
 * title or cancellation instead of keeping the first version.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("scrims")
    .addColumn("calendar_sequence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("scrims").dropColumn("calendar_sequence").execute();
}
