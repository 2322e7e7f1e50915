import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

/**
 * Draft formats: every session stores the format it follows, as JSON
 * `{order, disabled_slots, first_pick}`. Sessions that exist before this migration were drafted
 * with the spec's order (second ban phase B R B R), so they keep it; new sessions default to the
 * official tournament order, written by the application on create.
 */
export const SPEC_ORDER_JSON = JSON.stringify({ order: "spec", disabled_slots: [], first_pick: "BLUE" });

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable("draft_sessions").addColumn("format", c.json).execute();
  const value = c.dialect === "postgres" ? sql`${SPEC_ORDER_JSON}::jsonb` : sql`${SPEC_ORDER_JSON}`;
  await sql`update draft_sessions set format = ${value}`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("draft_sessions").dropColumn("format").execute();
}
