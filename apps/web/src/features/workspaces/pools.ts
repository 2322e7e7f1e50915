import type {
  Champion,
  PoolEntry,
  PoolRecord,
  PoolTier,
  RosterPlayer,
  Workspace,
} from "@draftroom/contracts";
import { matchesChampion } from "@draftroom/draft";
import { mayIn } from "@/lib/workspace-access.ts";

/** Pure helpers of the roster and pools page (decision record 029). */

/** Who may edit a player's pool: coaches and owners anyone's, a player their own. */
export function canEditPool(workspace: Workspace, player: RosterPlayer, myUserId: number | null): boolean {
  if (mayIn(workspace, "edit_roster")) return true;
  return player.user_id !== null && player.user_id === myUserId && mayIn(workspace, "edit_own_pool");
}

/** The pool's entries in the order shown: strongest tier first, then by champion name. */
export function sortedPool(entries: readonly PoolEntry[], names: ReadonlyMap<number, string>): PoolEntry[] {
  const order: Record<PoolTier, number> = { S: 0, A: 1, B: 2, learning: 3 };
  return [...entries].sort(
    (a, b) =>
      order[a.tier] - order[b.tier] ||
      (names.get(a.champion_id) ?? "").localeCompare(names.get(b.champion_id) ?? ""),
  );
}

/** Champions the search finds, as every champion search does (`matchesChampion`: "kaisa", "mf"). */
export function matchesSearch(champion: Pick<Champion, "name">, search: string): boolean {
  return matchesChampion(search, champion.name);
}

/** A player's record per champion, from the records of the whole roster. */
export function recordsOf(records: readonly PoolRecord[], playerId: string): Map<number, PoolRecord> {
  return new Map(
    records.filter((record) => record.player_id === playerId).map((record) => [record.champion_id, record]),
  );
}

/** Applies a bulk edit to the selected champions: a new tier, or removal. */
export function bulkEdit(
  entries: readonly PoolEntry[],
  selected: ReadonlySet<number>,
  change: { tier: PoolTier } | { remove: true },
): PoolEntry[] {
  if ("remove" in change) return entries.filter((entry) => !selected.has(entry.champion_id));
  return entries.map((entry) => (selected.has(entry.champion_id) ? { ...entry, tier: change.tier } : entry));
}
