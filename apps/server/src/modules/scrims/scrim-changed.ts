import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { publish } from "../../events.ts";
import { type ScrimRow, updateScrimRow } from "./repository.ts";
import { titleOf } from "./rows.ts";

/** Says in the feed that a scrim changed (a result, a correction, a verdict, a logged draft). */
export async function scrimChanged(
  db: Kysely<Database>,
  row: ScrimRow,
  userId: number | null,
): Promise<void> {
  await updateScrimRow(db, row.id, { updated_at: nowIso() });
  await publish(db, "scrim.changed", {
    db,
    workspaceId: row.workspace_id,
    actorId: userId,
    verb: "changed",
    id: row.id,
    title: titleOf(row),
  });
}
