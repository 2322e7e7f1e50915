import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { sessionTeams } from "../drafts/service.ts";

/**
 * What the roster must know of a draft session to name its players: its workspace and teams.
 * Drafts sit above workspaces (their routes check workspace access), so the roster importing the
 * drafts service made the two one loop at module level (decision record 039); the app registers
 * the lookup once at start (app.ts).
 */
export type SessionTeamsLookup = (db: Kysely<Database>, sessionId: string) => ReturnType<typeof sessionTeams>;

let registered: SessionTeamsLookup | undefined;

export function registerWorkspaceSessions(lookup: SessionTeamsLookup): void {
  registered = lookup;
}

/** A session's workspace and teams (undefined: no such session). Throws when nothing is registered. */
export function sessionTeamsOf(db: Kysely<Database>, sessionId: string): ReturnType<typeof sessionTeams> {
  if (!registered)
    throw new Error("No session lookup registered: call registerWorkspaceSessions at start (app.ts).");
  return registered(db, sessionId);
}
