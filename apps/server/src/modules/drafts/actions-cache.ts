import type { ChangeFeed } from "../../db/change-feed.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Cached `GET …/actions/` answers of this process, built by app.ts for the drafts routes. */
    actionsCache: ActionsCache;
  }
}

/**
 * The answer of `GET /api/drafts/sessions/{id}/actions/` (the JSON text, with the owner's id),
 * kept in memory per session so that repeated reads skip the database and the serializer.
 *
 * Never stale after an acknowledged write:
 * - writes by this process: every route that changes a session's actions (or deletes a session)
 *   calls `invalidate(id)` after its transaction ends and before it answers;
 * - writes by other connections: the database's change feed (db/change-feed.ts) clears entries,
 *   through PRAGMA data_version on SQLite (checked on every read) and LISTEN/NOTIFY on PostgreSQL
 *   (while the listening connection is down the cache is bypassed entirely);
 * - a read that raced a write: `mark()` is taken before the query and `store` refuses the answer
 *   when an invalidation of that session (or of everything) happened since.
 *
 * Bounded to `maxEntries` sessions (the oldest stored is dropped first); 0 disables it.
 */
export class ActionsCache {
  readonly #entries = new Map<string, { userId: number; body: string }>();
  /** Bumped by every invalidation; `mark()` reads it. */
  #clock = 0;
  /** Clock value of the last "everything" invalidation. */
  #clearedAt = 0;
  /** Clock value of the last invalidation per session (reset, as a full clear, when large). */
  readonly #invalidatedAt = new Map<string, number>();
  hits = 0;

  readonly #maxEntries: number;
  readonly #feed: ChangeFeed;

  /** Without a feed (the cache is disabled) or with `maxEntries` 0, every read asks the database. */
  constructor(maxEntries: number, feed: ChangeFeed | undefined) {
    this.#maxEntries = feed ? maxEntries : 0;
    this.#feed = feed ?? DISABLED;
    this.#feed.subscribe((key) => (key === null ? this.clear() : this.invalidate(key)));
  }

  /** The stored answer, when `userId` owns the session; undefined means "ask the database". */
  get(sessionId: string, userId: number): string | undefined {
    if (this.#maxEntries === 0) return undefined;
    this.#feed.poll();
    if (!this.#feed.ready) return undefined;
    const entry = this.#entries.get(sessionId);
    if (entry === undefined || entry.userId !== userId) return undefined;
    this.hits += 1;
    return entry.body;
  }

  /** Take before reading the database; hand to `store`. */
  mark(): number {
    return this.#clock;
  }

  /** Keeps an answer read from the database, unless the session changed since `mark`. */
  store(sessionId: string, userId: number, body: string, mark: number): void {
    // No poll here: a change made elsewhere after the query shows at the next `get`, which polls.
    if (this.#maxEntries === 0) return;
    if (!this.#feed.ready || this.#clearedAt > mark) return;
    if ((this.#invalidatedAt.get(sessionId) ?? 0) > mark) return;
    this.#entries.delete(sessionId);
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(sessionId, { userId, body });
  }

  /** The session's actions changed, or the session is gone. */
  invalidate(sessionId: string): void {
    this.#clock += 1;
    this.#entries.delete(sessionId);
    if (this.#invalidatedAt.size >= INVALIDATIONS_KEPT) {
      this.clear();
      return;
    }
    this.#invalidatedAt.set(sessionId, this.#clock);
  }

  /** Anything may have changed. */
  clear(): void {
    this.#clock += 1;
    this.#clearedAt = this.#clock;
    this.#entries.clear();
    this.#invalidatedAt.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

const DISABLED: ChangeFeed = {
  ready: false,
  poll: () => {},
  started: async () => {},
  subscribe: () => {},
  subscribeRooms: () => {},
  subscribeMembers: () => {},
  subscribeAccess: () => {},
  close: async () => {},
};

/** Past this many remembered invalidations, the next one clears everything instead. */
const INVALIDATIONS_KEPT = 10_000;
