import type { MemberStatus, WorkspaceRole } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import { onAccessChanged } from "../../db/access-changes.ts";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";

/**
 * What the access decision reads, kept in memory per process so that a permitted request costs
 * no query (decision record 044): each member's role and status, and each workspace's plan state
 * (read-only or not, with its seats). Never stale after a change is acknowledged:
 * - changes by this process: the workspaces and subscriptions repositories call `accessChanged`
 *   (db/access-changes.ts) as they write;
 * - changes by other connections: ACCESS_CHANNEL triggers on PostgreSQL (the cache is bypassed
 *   while the listening connection is down) and `PRAGMA data_version` on SQLite (polled on every
 *   read), both through the database's change feed;
 * - a read that raced a write: `mark()` is taken before the query and `store…` refuses the answer
 *   when the workspace (or everything) was invalidated since;
 * - a plan that lapses by the clock (a trial's end): a plan state is kept only until the billing
 *   owner's subscription expires, and never longer than PLAN_STATE_TTL_MS.
 * Bounded: past MAX_ENTRIES the map is cleared (refilled from the database on demand).
 */

export interface CachedMember {
  role: WorkspaceRole;
  status: MemberStatus;
}

export interface CachedPlanState<T> {
  state: T;
  /** Epoch milliseconds after which the state must be read again. */
  until: number;
}

const MAX_ENTRIES = 50_000;
const PLAN_STATE_TTL_MS = 60_000;

export class AccessCache<PlanState> {
  /** `<workspace id>:<user id>` -> the member, or null for "not a member". */
  readonly #members = new Map<string, CachedMember | null>();
  readonly #plans = new Map<string, CachedPlanState<PlanState>>();
  #clock = 0;
  #clearedAt = 0;
  readonly #invalidatedAt = new Map<string, number>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((key) => {
      if (key === null) this.clear();
    });
    feed.subscribeAccess((workspaceId) =>
      workspaceId === null ? this.clear() : this.invalidate(workspaceId),
    );
  }

  /** Undefined: not cached, ask the database. Null: cached as "not a member". */
  member(workspaceId: string, userId: number): CachedMember | null | undefined {
    if (!this.#usable()) return undefined;
    return this.#members.get(`${workspaceId}:${userId}`);
  }

  plan(workspaceId: string, now = Date.now()): PlanState | undefined {
    if (!this.#usable()) return undefined;
    const entry = this.#plans.get(workspaceId);
    if (entry === undefined || entry.until <= now) return undefined;
    return entry.state;
  }

  /** Take before reading the database; hand to `store…`. */
  mark(): number {
    return this.#clock;
  }

  storeMember(workspaceId: string, userId: number, member: CachedMember | null, mark: number): void {
    if (!this.#storable(workspaceId, mark)) return;
    if (this.#members.size >= MAX_ENTRIES) this.#members.clear();
    this.#members.set(`${workspaceId}:${userId}`, member);
  }

  storePlan(
    workspaceId: string,
    state: PlanState,
    expiresAt: number | null,
    mark: number,
    now = Date.now(),
  ): void {
    if (!this.#storable(workspaceId, mark)) return;
    if (this.#plans.size >= MAX_ENTRIES) this.#plans.clear();
    const until = Math.min(now + PLAN_STATE_TTL_MS, expiresAt ?? Number.POSITIVE_INFINITY);
    this.#plans.set(workspaceId, { state, until });
  }

  /** A workspace's members, seats or billing changed. */
  invalidate(workspaceId: string): void {
    this.#clock += 1;
    this.#plans.delete(workspaceId);
    const prefix = `${workspaceId}:`;
    for (const key of this.#members.keys()) if (key.startsWith(prefix)) this.#members.delete(key);
    if (this.#invalidatedAt.size >= MAX_ENTRIES) {
      this.clear();
      return;
    }
    this.#invalidatedAt.set(workspaceId, this.#clock);
  }

  /** Anything may have changed (a plan, a reconnect, another connection's commit on SQLite). */
  clear(): void {
    this.#clock += 1;
    this.#clearedAt = this.#clock;
    this.#members.clear();
    this.#plans.clear();
    this.#invalidatedAt.clear();
  }

  #usable(): boolean {
    this.feed.poll();
    return this.feed.ready;
  }

  #storable(workspaceId: string, mark: number): boolean {
    if (!this.feed.ready || this.#clearedAt > mark) return false;
    return (this.#invalidatedAt.get(workspaceId) ?? 0) <= mark;
  }
}

/**
 * One cache per database handle of the process, registered by app.ts. A transaction handle has
 * none: reads inside a transaction (a seat check under the workspace lock) always ask the
 * database.
 */
const caches = new Map<Kysely<Database>, AccessCache<unknown>>();

/** Creates the access cache of `db` (app start); the returned function removes it (app close). */
export function registerAccessCache(db: Kysely<Database>, feed: ChangeFeed): () => void {
  const cache = new AccessCache<unknown>(feed);
  caches.set(db, cache);
  // Writes announced in this process reach every handle's cache: a write through one handle
  // (or a transaction of it) may concern the rows another handle caches.
  const stop = onAccessChanged((workspaceId) =>
    workspaceId === null ? cache.clear() : cache.invalidate(workspaceId),
  );
  return () => {
    stop();
    if (caches.get(db) === cache) caches.delete(db);
  };
}

export function accessCacheOf<PlanState>(db: unknown): AccessCache<PlanState> | undefined {
  return caches.get(db as Kysely<Database>) as AccessCache<PlanState> | undefined;
}
