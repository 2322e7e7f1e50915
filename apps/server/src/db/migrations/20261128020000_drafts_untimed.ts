import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * A prep board without a clock (decision 026): `timed` false means the owner's board runs no
 * step timer and never locks on its own. Sessions that exist before this keep their timers.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .alterTable("draft_sessions")
    .addColumn("timed", c.boolean, (col) => col.notNull().defaultTo(c.true))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("draft_sessions").dropColumn("timed").execute();
}
