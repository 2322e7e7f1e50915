import type { Kysely } from "kysely";
import { onAccessChanged } from "../../db/access-changes.ts";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";

/**
 * Who created each session and which workspace holds it, kept per process: every request on a
 * session asks it first (the workspace access check), and it changes only when a session moves,
 * changes hands or is deleted (decision record 044). Never stale after an acknowledged change:
 * - this process's moves and deletions call `sessionOwnershipChanged` as they write;
 * - other connections: the `draft_sessions_notify` trigger (PostgreSQL, on delete or an update of
 *   `user_id` or `workspace_id`) and `PRAGMA data_version` (SQLite), through the change feed;
 * - a deleted workspace returns its sessions to their creators by its foreign key (no statement of
 *   this module), so a workspace deletion (`accessChanged(null)`) clears everything;
 * - a read that raced a write: `mark()` before the query, `store` refuses it if invalidated since.
 */
export interface SessionOwnership {
  user_id: number;
  workspace_id: string | null;
}

const MAX_ENTRIES = 100_000;

class OwnershipCache {
  readonly #entries = new Map<string, SessionOwnership>();
  readonly #invalidatedAt = new Map<string, number>();
  #clock = 0;
  #clearedAt = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((key) => (key === null ? this.clear() : this.invalidate(key)));
  }

  get(id: string): SessionOwnership | undefined {
    this.feed.poll();
    if (!this.feed.ready) return undefined;
    return this.#entries.get(id);
  }

  mark(): number {
    return this.#clock;
  }

  store(id: string, ownership: SessionOwnership, mark: number): void {
    if (!this.feed.ready || this.#clearedAt > mark) return;
    if ((this.#invalidatedAt.get(id) ?? 0) > mark) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    this.#entries.set(id, ownership);
  }

  invalidate(id: string): void {
    this.#clock += 1;
    this.#entries.delete(id);
    if (this.#invalidatedAt.size >= MAX_ENTRIES) {
      this.clear();
      return;
    }
    this.#invalidatedAt.set(id, this.#clock);
  }

  clear(): void {
    this.#clock += 1;
    this.#clearedAt = this.#clock;
    this.#entries.clear();
    this.#invalidatedAt.clear();
  }
}

/** One cache per database handle (app start); a transaction handle has none and asks the database. */
const caches = new Map<Kysely<Database>, OwnershipCache>();

/** Creates the ownership cache of `db`; the returned function removes it (app close). */
export function registerOwnershipCache(db: Kysely<Database>, feed: ChangeFeed): () => void {
  const cache = new OwnershipCache(feed);
  caches.set(db, cache);
  const stop = onAccessChanged((workspaceId) => {
    if (workspaceId === null) cache.clear();
  });
  return () => {
    stop();
    if (caches.get(db) === cache) caches.delete(db);
  };
}

/**
 * The session's ownership if this process's cache holds it, without waiting (undefined: ask
 * `findSessionOwnership`). Lets the access check of a request decide in the same synchronous run
 * as the route (decision record 044).
 */
export function peekSessionOwnership(db: unknown, id: string): SessionOwnership | undefined {
  return caches.get(db as Kysely<Database>)?.get(id);
}

/** The cached ownership lookup: `read` asks the database on a miss. */
export async function cachedOwnership(
  db: unknown,
  id: string,
  read: () => Promise<SessionOwnership | undefined>,
): Promise<SessionOwnership | undefined> {
  const cache = caches.get(db as Kysely<Database>);
  const cached = cache?.get(id);
  if (cached !== undefined) return cached;
  const mark = cache?.mark() ?? 0;
  const ownership = await read();
  if (ownership) cache?.store(id, ownership, mark);
  return ownership;
}

/** Sessions moved, changed hands or were deleted by this process: every handle's cache forgets them. */
export function sessionOwnershipChanged(ids: readonly string[]): void {
  for (const cache of caches.values()) for (const id of ids) cache.invalidate(id);
}
