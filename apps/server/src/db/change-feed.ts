import { performance } from "node:perf_hooks";
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";

/**
 * Tells an in-process read cache when rows it may hold were changed by ANOTHER connection (another
 * server process, the CLI, psql). Writes made by the process itself are the cache owner's to
 * report, synchronously, before it answers the write.
 *
 * - SQLite: `PRAGMA data_version` changes whenever another connection commits to the file; it is
 *   checked by `poll()` (once per synchronous run of code), and a change means "anything may have
 *   changed".
 * - PostgreSQL: a dedicated connection LISTENs on CHANGES_CHANNEL, which database triggers notify
 *   (migration 20261121160000_drafts_change_notifications) with the id of the draft session whose
 *   actions changed, or "*" when anything may have changed (champions, truncation). While that
 *   connection is not listening (starting, lost, reconnecting), `ready` is false and caches must
 *   neither serve nor store.
 */
export interface ChangeFeed {
  /** False while changes made elsewhere could go unnoticed. */
  readonly ready: boolean;
  /** Checks for changes made elsewhere now (SQLite); listeners run synchronously. */
  poll(): void;
  /** Resolves once the first attempt to listen has finished (ready or not). */
  started(): Promise<void>;
  /** `key` is a draft session id, or null for "anything may have changed". */
  subscribe(listener: (key: string | null) => void): void;
  /**
   * Live rooms' hints from other processes (PostgreSQL): the ROOMS_CHANNEL payload
   * (`<room id>:<seq>[:hover]`), or null when hints may have been missed (listening (re)started):
   * readers then resync every room they serve by seq.
   */
  subscribeRooms(listener: (payload: string | null) => void): void;
  /** Ended workspace memberships from other processes (PostgreSQL): `<workspace id>:<user id>`. */
  subscribeMembers(listener: (payload: string) => void): void;
  /**
   * Workspace access changes (PostgreSQL): a workspace id, or null for "any workspace" (a plan
   * changed). SQLite reports other connections' commits through `subscribe` (null) instead.
   */
  subscribeAccess(listener: (workspaceId: string | null) => void): void;
  /**
   * PostgreSQL: how long a NOTIFY takes to come back to this process's listener (ms), or null
   * when it is not listening or nothing came back within `timeoutMs` (metrics, decision 052).
   */
  notifyLag?(timeoutMs?: number): Promise<number | null>;
  close(): Promise<void>;
}

/** The NOTIFY channel of the PostgreSQL triggers; payloads are session ids or EVERYTHING. */
export const CHANGES_CHANNEL = "draftroom_changes";
export const EVERYTHING = "*";
/** The NOTIFY channel of live rooms (modules/rooms): payload `<room id>:<seq>[:hover]`. */
export const ROOMS_CHANNEL = "draftroom_rooms";
/** The NOTIFY channel of ended workspace memberships (rooms close that member's sockets). */
export const MEMBERS_CHANNEL = "draftroom_members";
/**
 * The NOTIFY channel of workspace access (migration 20261129030000_workspace_access_notifications):
 * a workspace id whose members or billing changed, or EVERYTHING when a plan changed.
 */
export const ACCESS_CHANNEL = "draftroom_access";
/** The NOTIFY channel of lag probes: each process listens for its own (`<origin>:<n>`). */
export const PROBE_CHANNEL = "draftroom_probe";

abstract class Listeners {
  readonly #listeners: Array<(key: string | null) => void> = [];
  readonly #roomListeners: Array<(payload: string | null) => void> = [];
  readonly #memberListeners: Array<(payload: string) => void> = [];
  readonly #accessListeners: Array<(workspaceId: string | null) => void> = [];

  subscribe(listener: (key: string | null) => void): void {
    this.#listeners.push(listener);
  }

  subscribeRooms(listener: (payload: string | null) => void): void {
    this.#roomListeners.push(listener);
  }

  subscribeMembers(listener: (payload: string) => void): void {
    this.#memberListeners.push(listener);
  }

  subscribeAccess(listener: (workspaceId: string | null) => void): void {
    this.#accessListeners.push(listener);
  }

  protected emitAccess(workspaceId: string | null): void {
    for (const listener of this.#accessListeners) listener(workspaceId);
  }

  protected emitMember(payload: string): void {
    for (const listener of this.#memberListeners) listener(payload);
  }

  protected emit(key: string | null): void {
    for (const listener of this.#listeners) listener(key);
  }

  protected emitRoom(payload: string | null): void {
    for (const listener of this.#roomListeners) listener(payload);
  }
}

export class SqliteChangeFeed extends Listeners implements ChangeFeed {
  readonly ready = true;
  readonly #dataVersion: BetterSqlite3.Statement<[], number>;
  #seen: number;
  /** True from a check until the synchronous run of code that made it ends. */
  #checked = false;
  readonly #endRun = () => {
    this.#checked = false;
  };

  constructor(sqlite: BetterSqlite3.Database) {
    super();
    this.#dataVersion = sqlite.prepare<[], number>("pragma data_version").pluck();
    this.#seen = this.#dataVersion.get()!;
  }

  async started(): Promise<void> {}

  /**
   * One `PRAGMA data_version` per synchronous run of code: the caches a request asks one after the
   * other (session ownership, member, plan, actions) share the first check. No request can arrive
   * while code runs, so a commit made elsewhere before this request was received is seen all the
   * same; the next run (the next microtask or callback) checks again. (The statement costs about
   * 3.5 microseconds on this machine, and a workspace read asked it four times: a tenth of the
   * route's CPU, decision record 044.)
   */
  poll(): void {
    if (this.#checked) return;
    this.#checked = true;
    queueMicrotask(this.#endRun);
    const version = this.#dataVersion.get()!;
    if (version === this.#seen) return;
    this.#seen = version;
    this.emit(null);
  }

  async close(): Promise<void> {}
}

export class PostgresChangeFeed extends Listeners implements ChangeFeed {
  /** Lag probes sent and not yet heard back, by payload. */
  readonly #probes = new Map<string, () => void>();
  readonly #probeOrigin = Math.random().toString(36).slice(2, 10);
  #probeCount = 0;
  #ready = false;
  #closed = false;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #connecting: Promise<void> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly retryMs = 1000,
    /** Called when the listening connection is lost (the database may be gone). */
    private readonly onLost: () => void = () => {},
  ) {
    super();
    this.#connecting = this.#connect();
  }

  get ready(): boolean {
    return this.#ready;
  }

  poll(): void {}

  async started(): Promise<void> {
    await this.#connecting;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: 10_000,
    });
    this.#client = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      this.#lost(client);
    };
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      if (message.channel === PROBE_CHANNEL) {
        if (message.payload) this.#probes.get(message.payload)?.();
        return;
      }
      if (message.channel === ROOMS_CHANNEL) {
        this.emitRoom(message.payload ?? null);
        return;
      }
      if (message.channel === MEMBERS_CHANNEL) {
        if (message.payload) this.emitMember(message.payload);
        return;
      }
      if (message.channel === ACCESS_CHANNEL) {
        const workspaceId = message.payload ?? EVERYTHING;
        this.emitAccess(workspaceId === EVERYTHING ? null : workspaceId);
        return;
      }
      if (message.channel !== CHANGES_CHANNEL) return;
      const payload = message.payload ?? EVERYTHING;
      this.emit(payload === EVERYTHING ? null : payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
      await client.query(`listen ${ROOMS_CHANNEL}`);
      await client.query(`listen ${MEMBERS_CHANNEL}`);
      await client.query(`listen ${ACCESS_CHANNEL}`);
      await client.query(`listen ${PROBE_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (this.#closed || lost) return;
    // Whatever was cached before now was not covered by this connection: start clean.
    this.emit(null);
    this.emitRoom(null);
    this.#ready = true;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    const wasReady = this.#ready;
    this.#ready = false;
    this.#client = undefined;
    this.emit(null);
    client.end().catch(() => {});
    if (this.#closed) return;
    if (wasReady) this.onLost();
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (!this.#closed) this.#connecting = this.#connect();
    }, this.retryMs);
    this.#retry.unref();
  }

  async notifyLag(timeoutMs = 2000): Promise<number | null> {
    const client = this.#client;
    if (!client || !this.#ready) return null;
    const payload = `${this.#probeOrigin}:${++this.#probeCount}`;
    const started = performance.now();
    const heard = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        this.#probes.delete(payload);
        resolve(null);
      }, timeoutMs);
      this.#probes.set(payload, () => {
        clearTimeout(timer);
        this.#probes.delete(payload);
        resolve(performance.now() - started);
      });
    });
    // Sent on the listening connection itself: PostgreSQL hands a session its own notifications
    // too, through the same queue every process reads.
    client.query("select pg_notify($1, $2)", [PROBE_CHANNEL, payload]).catch(() => {});
    return heard;
  }

  /** Waiting to listen again (the connection was lost): tries now rather than at the next retry. */
  retryNow(): void {
    if (!this.#retry || this.#closed) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#connecting = this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#ready = false;
    if (this.#retry) clearTimeout(this.#retry);
    await this.#connecting?.catch(() => {});
    const client = this.#client;
    this.#client = undefined;
    if (client) await client.end().catch(() => {});
  }
}
