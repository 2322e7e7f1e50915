import type { Kysely } from "kysely";
import { type CheckListChange, setCheckList } from "../check-list.ts";

/**
 * The feed tells who really made a live room's step and records joins and pool edits (decision
 * record 048): the seat that made a step (`seat_kind`, `seat_side`, `seat_team`: null on every
 * other entry), and `item_type` also accepts `workspace` (a member joined) and `pool` (a roster
 * player's champion pool changed).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const TABLE = "workspace_activity";
const BEFORE = ["session", "series", "plan", "review"];
const AFTER = [...BEFORE, "workspace", "pool"];
const SEAT_COLUMNS = ["seat_kind", "seat_side", "seat_team"] as const;
const change = (from: string[], to: string[]): CheckListChange => ({
  table: TABLE,
  constraint: "workspace_activity_item_type_check",
  column: "item_type",
  from,
  to,
});

export async function up(db: Db): Promise<void> {
  await setCheckList(db, change(BEFORE, AFTER));
  for (const column of SEAT_COLUMNS) {
    await db.schema.alterTable(TABLE).addColumn(column, "text").execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const column of SEAT_COLUMNS) await db.schema.alterTable(TABLE).dropColumn(column).execute();
  await db.deleteFrom(TABLE).where("item_type", "in", ["workspace", "pool"]).execute();
  await setCheckList(db, change(AFTER, BEFORE));
}
