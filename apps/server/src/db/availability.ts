/**
 * Whether this process can reach its database, and the outages it lived through (decision 049).
 *
 * - `unavailableReason(error)` names the errors that mean "the database cannot take this now" and
 *   not "this request is wrong": PostgreSQL unreachable (refused, reset or cut connections, the
 *   server shutting down or starting up), a SQLite file locked by another connection past the busy
 *   timeout, a full disk. The error handler answers them 503 `database_unavailable`, the room
 *   sockets reject the command with that code, and nothing was written.
 * - `DatabaseAvailability` is told of every such error on PostgreSQL (each pooled connection's
 *   errors and failed queries, the listening connection's loss). It checks with a fresh connection:
 *   when that fails the database is down since the error, and it probes every `probeMs` until a
 *   connection answers; then the outage `{fromMs, toMs}` (this process's clock) goes to whoever
 *   listens (the room hub holds the clocks, decision 049).
 */

/** Why the database cannot take a request now. */
export type UnavailableReason = "unreachable" | "busy" | "full";

/** Network errors of a connection that is refused, cut or cannot be opened. */
const CONNECTION_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATEs of a server shutting down (57P01 admin, 57P02 crash) or not yet accepting (57P03). */
const SHUTDOWN_STATES = new Set(["57P01", "57P02", "57P03"]);
/** What node-postgres says when a connection ends under a query, or cannot be opened in time. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client was closed/,
];

/**
 * The reason an error means the database cannot take the request now, or undefined for any other
 * error (a constraint, bad SQL, a bug). Looks through `cause` (an error wrapped by the room store).
 *
 * @example
 * unavailableReason(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })); // "unreachable"
 * unavailableReason(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" })); // "busy"
 */
export function unavailableReason(error: unknown): UnavailableReason | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string") {
      if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
      if (code === "SQLITE_FULL") return "full";
      if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_CANTOPEN") return "unreachable";
      // SQLSTATE class 08: connection exception.
      if (CONNECTION_ERRNOS.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return "unreachable";
    }
    if (typeof message === "string" && CONNECTION_MESSAGES.some((pattern) => pattern.test(message)))
      return "unreachable";
    current = cause;
  }
  return undefined;
}

/** True when the error means the database cannot take the request now (see `unavailableReason`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}

const UNAVAILABLE_DETAILS: Record<UnavailableReason, string> = {
  unreachable: "The server cannot reach its database right now. Nothing was saved: try again in a moment.",
  busy: "The database is busy: another program holds its file locked. Nothing was saved: try again in a moment.",
  full: "The database's disk is full. Nothing was saved.",
};

/** The sentence of a 503 `database_unavailable` (or a room socket's reject) for a reason. */
export function unavailableDetail(reason: UnavailableReason): string {
  return UNAVAILABLE_DETAILS[reason];
}

/** An outage this process lived through, on its own clock (`Date.now()`). */
export interface DatabaseOutage {
  readonly fromMs: number;
  readonly toMs: number;
}

/** How often an unreachable database is tried again. */
export const PROBE_INTERVAL_MS = 250;

/**
 * One process's view of its database: reachable, or down since an instant and probed until it
 * answers. Only PostgreSQL is ever marked down (a SQLite file is refused write by write).
 *
 * @example
 * const availability = new DatabaseAvailability(() => pingWithAFreshConnection());
 * availability.onRecovered(({ fromMs, toMs }) => holdClocks(fromMs, toMs));
 * availability.report(error); // a query failed: is the database gone?
 */
export class DatabaseAvailability {
  #downSince: number | null = null;
  #checking: Promise<boolean> | undefined;
  #probing: Promise<boolean> | undefined;
  #probeTimer: NodeJS.Timeout | undefined;
  #closed = false;
  readonly #recoveryListeners = new Set<(outage: DatabaseOutage) => void>();
  readonly #waiters = new Set<() => void>();

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly probeMs = PROBE_INTERVAL_MS,
  ) {}

  get reachable(): boolean {
    return this.#downSince === null;
  }

  /** When the current outage began (this process's clock), or null while reachable. */
  get downSince(): number | null {
    return this.#downSince;
  }

  /** An error from any connection: one that says the database is gone has it checked now. */
  report(error: unknown, atMs = Date.now()): void {
    if (unavailableReason(error) === "unreachable") void this.check(atMs);
  }

  /**
   * Checks the database now (one check at a time); when it does not answer, it is down since
   * `atMs` (when the trouble was first seen) and probed until it answers. Resolves true when it
   * answered.
   */
  check(atMs = Date.now()): Promise<boolean> {
    if (this.#closed) return Promise.resolve(false);
    if (this.#downSince !== null) return Promise.resolve(false);
    this.#checking ??= this.probe()
      .then(
        () => true,
        () => false,
      )
      .then((answered) => {
        this.#checking = undefined;
        if (!answered && this.#downSince === null && !this.#closed) {
          this.#downSince = atMs;
          this.#scheduleProbe();
        }
        return answered;
      });
    return this.#checking;
  }

  /**
   * While down: tries the database now rather than at the next probe (a command is waiting);
   * resolves true when it answers (the outage is over and reported), or at once when reachable.
   */
  probeNow(): Promise<boolean> {
    if (this.#downSince === null) return Promise.resolve(true);
    return this.#probeOnce();
  }

  /** Called with each outage once the database answers again. */
  onRecovered(listener: (outage: DatabaseOutage) => void): () => void {
    this.#recoveryListeners.add(listener);
    return () => this.#recoveryListeners.delete(listener);
  }

  /** Resolves true once the database is reachable (at once when it is), false after `timeoutMs`. */
  whenReachable(timeoutMs: number): Promise<boolean> {
    if (this.reachable) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (reachable: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
        resolve(reachable);
      };
      const waiter = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      timer.unref();
      this.#waiters.add(waiter);
    });
  }

  close(): void {
    this.#closed = true;
    if (this.#probeTimer) clearTimeout(this.#probeTimer);
    for (const waiter of [...this.#waiters]) waiter();
  }

  #scheduleProbe(): void {
    this.#probeTimer = setTimeout(async () => {
      const answered = await this.#probeOnce();
      if (!answered && !this.#closed && this.#downSince !== null) this.#scheduleProbe();
    }, this.probeMs);
    this.#probeTimer.unref();
  }

  /** One probe at a time; the first that answers ends the outage. */
  #probeOnce(): Promise<boolean> {
    this.#probing ??= this.probe()
      .then(
        () => true,
        () => false,
      )
      .then((answered) => {
        this.#probing = undefined;
        if (answered && this.#downSince !== null && !this.#closed) this.#end();
        return answered;
      });
    return this.#probing;
  }

  /** The database answered: the outage is over, told to whoever waits or listens. */
  #end(): void {
    if (this.#probeTimer) clearTimeout(this.#probeTimer);
    const outage: DatabaseOutage = { fromMs: this.#downSince ?? Date.now(), toMs: Date.now() };
    this.#downSince = null;
    for (const waiter of [...this.#waiters]) waiter();
    for (const listener of this.#recoveryListeners) listener(outage);
  }
}
