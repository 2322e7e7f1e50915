import type { ScrimLedgerRow } from "@draftroom/contracts";

/**
 * The unfiltered ledger of the workspaces read lately (decision record 056). Building a ledger reads
 * every game's draft through the drafts service, which a page of analytics cannot afford on every
 * filter change; the rows only change when a scrim, a linked draft or a plan changes, and each of
 * those is an event on the bus (app wiring in analytics-routes.ts) that drops the workspace's entry.
 *
 * A read that raced a write must not store what it read before the write: every workspace has a
 * generation, bumped by each invalidation, and a load is kept only if the generation it started
 * under is still current.
 */
export class LedgerCache {
  readonly #entries = new Map<string, readonly ScrimLedgerRow[]>();
  readonly #generations = new Map<string, number>();
  readonly #capacity: number;

  constructor(capacity = 16) {
    this.#capacity = capacity;
  }

  async rows(
    workspaceId: string,
    load: () => Promise<readonly ScrimLedgerRow[]>,
  ): Promise<readonly ScrimLedgerRow[]> {
    const cached = this.#entries.get(workspaceId);
    if (cached) {
      // Least recently used last out: re-inserting moves the entry to the end.
      this.#entries.delete(workspaceId);
      this.#entries.set(workspaceId, cached);
      return cached;
    }
    const generation = this.#generations.get(workspaceId) ?? 0;
    const rows = await load();
    if ((this.#generations.get(workspaceId) ?? 0) === generation) {
      this.#entries.set(workspaceId, rows);
      while (this.#entries.size > this.#capacity) {
        const oldest = this.#entries.keys().next().value as string;
        this.#entries.delete(oldest);
      }
    }
    return rows;
  }

  invalidate(workspaceId: string): void {
    this.#entries.delete(workspaceId);
    this.#generations.set(workspaceId, (this.#generations.get(workspaceId) ?? 0) + 1);
  }
}
