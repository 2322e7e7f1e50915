import type { Kysely } from "kysely";
import { type CheckListChange, setCheckList } from "../check-list.ts";

/**
 * The activity feed also records roster reviews (decision record 033): `workspace_activity.item_type`
 * accepts `review` (PostgreSQL swaps the check in place, SQLite rebuilds the table: `setCheckList`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const TABLE = "workspace_activity";
const BEFORE = ["session", "series", "plan"];
const AFTER = [...BEFORE, "review"];
const change = (from: string[], to: string[]): CheckListChange => ({
  table: TABLE,
  constraint: "workspace_activity_item_type_check",
  column: "item_type",
  from,
  to,
});

export async function up(db: Db): Promise<void> {
  await setCheckList(db, change(BEFORE, AFTER));
}

export async function down(db: Db): Promise<void> {
  await db.deleteFrom(TABLE).where("item_type", "=", "review").execute();
  await setCheckList(db, change(AFTER, BEFORE));
}
