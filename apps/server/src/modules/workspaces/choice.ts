import type { WorkspaceChoice } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { findChoice, saveChoice } from "./choice-repository.ts";
import { decideAccess, requireWorkspaceRole } from "./service.ts";

/**
 * Where an account lands (decision record 054): the space it last chose in the switcher, or the
 * workspace it last created or joined (`insertMember` records those). A workspace it no longer
 * belongs to, or where it is suspended, answers the personal space: landing there would be a 404.
 *
 * @example
 * await chosenWorkspace(db, user.id); // { workspace_id: "3f…", chosen: true }
 */
export async function chosenWorkspace(db: Kysely<Database>, userId: number): Promise<WorkspaceChoice> {
  const row = await findChoice(db, userId);
  if (!row) return { workspace_id: null, chosen: false };
  if (row.workspace_id === null) return { workspace_id: null, chosen: true };
  const access = await decideAccess(db, userId, row.workspace_id);
  const usable = access !== undefined && !access.suspended;
  return { workspace_id: usable ? row.workspace_id : null, chosen: true };
}

/** Stores the switcher's choice; a workspace the caller cannot read is a 404 like any other. */
export async function chooseWorkspace(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string | null,
): Promise<WorkspaceChoice> {
  if (workspaceId !== null) await requireWorkspaceRole(db, userId, workspaceId, "read");
  await saveChoice(db, userId, workspaceId, nowIso());
  return { workspace_id: workspaceId, chosen: true };
}
