import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { publish } from "../../events.ts";
import { type ScrimRow, updateScrimRow } from "./repository.ts";
import { titleOf } from "./rows.ts";

/** Says in the workspace's feed that a scrim was created, changed or deleted (`actorId` did it). */
export async function announceScrim(
  db: Kysely<Database>,
  row: ScrimRow,
  actorId: number | null,
  verb: "created" | "changed" | "deleted",
): Promise<void> {
  await publish(db, "scrim.changed", {
    db,
    workspaceId: row.workspace_id,
    actorId,
    verb,
    id: row.id,
    title: titleOf(row),
    // Untitled, the feed names it in each reader's language, even once the scrim is gone.
    ...(row.title ? {} : { untitled: { kind: row.kind, opponent: row.opponent_name } }),
  });
}

/** A game changed (a result, a correction, a verdict, a draft): the scrim's time moves, the feed says. */
export async function scrimChanged(
  db: Kysely<Database>,
  row: ScrimRow,
  userId: number | null,
): Promise<void> {
  await updateScrimRow(db, row.id, { updated_at: nowIso() });
  await announceScrim(db, row, userId, "changed");
}
