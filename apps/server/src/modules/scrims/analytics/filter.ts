import type { ScrimLedgerQuery, ScrimLedgerRow } from "@draftroom/contracts";
import { boundOf } from "../repository.ts";

/**
 * The ledger filters applied to cached rows in process, with the same meaning as the repository's
 * SQL (`ledgerRows`): a bare date `from` is the start of that day (UTC), a bare date `to` includes
 * its whole day; an opponent is `team:<id>`, `name:<name>` or a bare name (case-insensitive);
 * the patch is the game's own or else the scrim's; `kind` defaults to scrims only.
 */
export function filterLedger(rows: readonly ScrimLedgerRow[], query: ScrimLedgerQuery): ScrimLedgerRow[] {
  const from = query.from ? Date.parse(boundOf(query.from, false)) : null;
  const to = query.to ? Date.parse(boundOf(query.to, true)) : null;
  const opponent = query.opponent === undefined ? null : opponentKeyOf(query.opponent);
  return rows.filter((row) => {
    if (query.kind !== "all" && row.kind !== query.kind) return false;
    if (from !== null || to !== null) {
      const at = Date.parse(row.starts_at);
      if (from !== null && at < from) return false;
      if (to !== null && at >= to) return false;
    }
    if (opponent !== null && row.opponent_key !== opponent) return false;
    if (query.patch && row.patch !== query.patch) return false;
    if (query.plan && row.plan_id !== query.plan) return false;
    return true;
  });
}

/** The key a filter's opponent names, as the ledger rows carry it. */
function opponentKeyOf(value: string): string {
  if (value.startsWith("team:")) return value;
  const name = value.startsWith("name:") ? value.slice(5) : value;
  return `name:${name.toLowerCase()}`;
}
