import type { PriorityEntry } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, nowIso, toIso, toJson } from "../../db/values.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredPriorities {
  entries: PriorityEntry[];
  updated_at: string | null;
  /** Who set them (null: none set, or the account is gone); named by the service (`peopleOf`). */
  updated_by_id: number | null;
}

/** A workspace's priorities as its coaches set them (empty: none set), in their order. */
export async function listWorkspacePriorities(db: Db, workspaceId: string): Promise<StoredPriorities> {
  const rows = await db
    .selectFrom("workspace_priorities as p")
    .select(["p.champion_id", "p.tier", "p.positions", "p.note", "p.updated_at", "p.updated_by"])
    .where("p.workspace_id", "=", workspaceId)
    .orderBy("p.sort_order")
    .execute();
  const first = rows[0];
  return {
    entries: rows.map((row) => ({
      champion_id: Number(row.champion_id),
      tier: row.tier,
      positions: fromJson<PriorityEntry["positions"]>(row.positions),
      note: row.note,
    })),
    updated_at: first ? toIso(first.updated_at) : null,
    updated_by_id: first?.updated_by == null ? null : Number(first.updated_by),
  };
}

/** Replaces a workspace's priorities (an empty list goes back to the pools' derived ones). */
export async function replaceWorkspacePriorities(
  trx: Transaction<Database>,
  workspaceId: string,
  userId: number,
  entries: readonly PriorityEntry[],
): Promise<void> {
  await trx.deleteFrom("workspace_priorities").where("workspace_id", "=", workspaceId).execute();
  if (entries.length === 0) return;
  const now = nowIso();
  await trx
    .insertInto("workspace_priorities")
    .values(
      entries.map((entry, index) => ({
        workspace_id: workspaceId,
        champion_id: entry.champion_id,
        tier: entry.tier,
        positions: toJson(entry.positions),
        note: entry.note,
        sort_order: index,
        updated_by: userId,
        updated_at: now,
      })),
    )
    .execute();
}
