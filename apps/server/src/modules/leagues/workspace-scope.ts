import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Viewer } from "./repository.ts";

/**
 * What leagues need to know of workspaces: where a user is an active member (their teams are
 * visible to every member) and whether they may create a team in one. The workspaces module
 * reads leagues (its linked team), so it registers these at start (app.ts) instead of being
 * imported here, which would close a loop among the modules (decision records 039, 053).
 */
export interface TeamWorkspaces {
  activeIds(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<string[]>;
  /** Throws the workspace's own error (404, 403) unless the user may add teams there. */
  requireCreate(db: Kysely<Database>, userId: number, workspaceId: string): Promise<void>;
}

let registered: TeamWorkspaces | undefined;

/** Registers the workspaces' answers (app.ts, once at start). */
export function registerTeamWorkspaces(workspaces: TeamWorkspaces): void {
  registered = workspaces;
}

/**
 * The viewer a user is: their id and their active workspaces. Without a registration (a unit
 * test of one module) a user sees the seeded rows and their own only.
 */
export async function viewerOf(
  db: Kysely<Database> | Transaction<Database>,
  userId: number | null,
): Promise<Viewer> {
  if (userId === null || !registered) return { userId, workspaceIds: [] };
  return { userId, workspaceIds: await registered.activeIds(db, userId) };
}

/** Checks the user may create a league or team in the workspace (no-op for a personal one). */
export async function requireCreateIn(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string | undefined,
): Promise<void> {
  if (workspaceId === undefined) return;
  if (!registered)
    throw new Error("No workspaces registered: call registerTeamWorkspaces at start (app.ts).");
  await registered.requireCreate(db, userId, workspaceId);
}
