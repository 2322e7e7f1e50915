import type { TeamLedgerInput } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Where a workspace's own games come from for its recommendations (decision records 055, 058):
 * the scrim ledger. Why a registration and not an import (decision 039): the scrims module sits
 * above the modules recommendations read (drafts, rooms, workspaces) and owns the ledger's cache
 * on the app's bus; the app registers its answer once at start (app.ts), so recommendations never
 * import scrims and no module loop can form through them.
 */
export type TeamLedgerLookup = (db: Kysely<Database>, workspaceId: string) => Promise<TeamLedgerInput | null>;

let registered: TeamLedgerLookup | undefined;

export function registerTeamLedger(lookup: TeamLedgerLookup): void {
  registered = lookup;
}

/**
 * The workspace's team ledger (null: no scrim with a draft). Throws when nothing is registered:
 * a workspace's board that silently lost its own games would rank differently from its room.
 */
export function teamLedgerOf(db: Kysely<Database>, workspaceId: string): Promise<TeamLedgerInput | null> {
  if (!registered)
    throw new Error(
      "No team ledger registered for recommendations: call registerTeamLedger at start (app.ts).",
    );
  return registered(db, workspaceId);
}
