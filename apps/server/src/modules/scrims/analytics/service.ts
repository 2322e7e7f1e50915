import type {
  ScrimAnalytics,
  ScrimAnalyticsQuery,
  ScrimLedgerQuery,
  ScrimLedgerRow,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { championsByIds } from "../../champions/service.ts";
import { getRoster } from "../../workspaces/roster.ts";
import { requireWorkspaceRole } from "../../workspaces/service.ts";
import { workspaceLedgerRows } from "../ledger.ts";
import { computeAnalytics, withoutGamesToCome } from "./compute.ts";
import { ledgerCsv } from "./csv.ts";
import { filterLedger } from "./filter.ts";
import type { LedgerCache } from "./ledger-cache.ts";

/**
 * The query layer of the analytics (decision record 056): access first (members with `read`;
 * another workspace's id is the 404 of a missing one), then the workspace's whole ledger, cached
 * between writes, filtered and computed in process.
 */

async function filteredLedger(
  db: Kysely<Database>,
  cache: LedgerCache,
  workspaceId: string,
  query: ScrimLedgerQuery,
): Promise<ScrimLedgerRow[]> {
  const all = await cache.rows(workspaceId, () => workspaceLedgerRows(db, workspaceId, { kind: "all" }));
  return filterLedger(all, query);
}

export async function scrimAnalytics(
  db: Kysely<Database>,
  cache: LedgerCache,
  userId: number,
  workspaceId: string,
  query: ScrimAnalyticsQuery,
): Promise<ScrimAnalytics> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const rows = withoutGamesToCome(await filteredLedger(db, cache, workspaceId, query), Date.now());
  // Pools are the workspaces module's; read through its service for comfort versus results.
  const roster = await getRoster(db, userId, workspaceId);
  return computeAnalytics(rows, query, roster);
}

/** The ledger's CSV for the filters, and a file name saying what it holds. */
export async function scrimLedgerCsv(
  db: Kysely<Database>,
  cache: LedgerCache,
  userId: number,
  workspaceId: string,
  query: ScrimLedgerQuery,
): Promise<string> {
  // A file leaves Draftroom: the staff's `export`, as the workspace export (decision 056).
  await requireWorkspaceRole(db, userId, workspaceId, "export");
  const rows = await filteredLedger(db, cache, workspaceId, query);
  const ids = new Set<number>();
  for (const row of rows) {
    for (const id of [...row.our_picks, ...row.their_picks, ...row.our_bans, ...row.their_bans]) ids.add(id);
    for (const line of row.players) if (line.champion_id !== null) ids.add(line.champion_id);
  }
  const champions = await championsByIds(db, [...ids]);
  return ledgerCsv(rows, new Map(champions.map((c) => [c.id, c.name])));
}
