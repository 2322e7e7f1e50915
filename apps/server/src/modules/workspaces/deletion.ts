import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { membershipEnded } from "./members.ts";
import { deleteWorkspaceRow, listMemberRows, lockWorkspace } from "./repository.ts";
import { requireWorkspaceRole } from "./service.ts";

/**
 * Deleting a workspace (decision 038). The database returns its sessions and series to their
 * creators (`on delete set null`) and drops what only exists inside it (members, invites, roster,
 * pools, priorities, comments, the activity feed). Modules whose rows need more than that register
 * here and act inside the same transaction: reviews are deleted (a personal review is shown to
 * every signed-in user, so returning one would publish it), plans return to their authors.
 */
type WorkspaceDeletingListener = (trx: Transaction<Database>, workspaceId: string) => Promise<void>;
const deletingListeners: WorkspaceDeletingListener[] = [];

/** Subscribes a module to a workspace's deletion, inside its transaction. Returns the unsubscribe. */
export function onWorkspaceDeleting(listener: WorkspaceDeletingListener): () => void {
  deletingListeners.push(listener);
  return () => {
    const index = deletingListeners.indexOf(listener);
    if (index >= 0) deletingListeners.splice(index, 1);
  };
}

/**
 * Deletes a workspace (owners: `manage_workspace`, allowed while it is read-only past its plan, so
 * a team can get back within it). Every member's live sockets close once it has committed.
 */
export async function deleteWorkspace(db: Kysely<Database>, userId: number, id: string): Promise<void> {
  await requireWorkspaceRole(db, userId, id, "manage_workspace");
  const members = await db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, id);
    const rows = await listMemberRows(trx, id);
    for (const listener of deletingListeners) await listener(trx, id);
    await deleteWorkspaceRow(trx, id);
    return rows.map((row) => Number(row.user_id));
  });
  for (const member of members) await membershipEnded(id, member);
}
