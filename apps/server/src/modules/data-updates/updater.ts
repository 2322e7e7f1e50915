import { randomUUID } from "node:crypto";
import { DATA_SOURCES, type DataSourceName, type DataUpdateRun } from "@draftroom/contracts";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf, nowIso, toCount } from "../../db/values.ts";
import { UpdateError } from "./download.ts";
import { RUNNERS, sourceUrl } from "./sources.ts";
import type { DataUpdateRunsTable } from "./tables.ts";

/**
 * The scheduler: every `tickMs` it runs each configured source whose next check is due. One
 * process updates a source at a time: on PostgreSQL a session advisory lock per source (held on
 * one pooled connection for the run), then the source's `next_check_at` is read again so a
 * process that waited does not repeat a run another just finished; on SQLite (one process) an
 * in-process guard. Every run is recorded in `data_update_runs`.
 */

/** Advisory lock keys: one per source, in a range of their own. */
const LOCK_BASE = 0x0d47a000;

export class UpdateRunningError extends Error {
  constructor() {
    super("An update of this source is already running.");
  }
}

export function toRun(row: Selectable<DataUpdateRunsTable>): DataUpdateRun {
  return {
    id: row.id,
    source: row.source as DataSourceName,
    trigger: row.trigger,
    status: row.status,
    started_at: row.started_at,
    finished_at: row.finished_at,
    added: toCount(row.added),
    changed: toCount(row.changed),
    progress: toCount(row.progress),
    version: row.version,
    error: row.error,
  };
}

export class DataUpdater {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Map<DataSourceName, Promise<DataUpdateRun | null>>();
  private stopped = false;
  /** Portraits tried by this process (`<version>:<Key>`): each missing one is fetched once. */
  private readonly triedPortraits = new Set<string>();
  /** Items handled by this process's running updates (the page's progress). */
  private readonly progress = new Map<DataSourceName, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sources with a URL. */
  configuredSources(): DataSourceName[] {
    return DATA_SOURCES.filter((source) => sourceUrl(this.config, source) !== null);
  }

  start(): void {
    if (!this.config.dataUpdates.enabled || this.timer) return;
    const schedule = () => {
      this.timer = setTimeout(async () => {
        await this.tick().catch((error) => this.log.error({ err: error }, "data updates: tick failed"));
        if (!this.stopped) schedule();
      }, this.config.dataUpdates.tickMs);
      this.timer.unref();
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Runs every configured source that is due (the scheduler's step). */
  async tick(): Promise<void> {
    for (const source of this.configuredSources()) {
      if (this.stopped) return;
      const state = await this.db
        .selectFrom("data_sources")
        .select("next_check_at")
        .where("source", "=", source)
        .executeTakeFirst();
      if (state?.next_check_at && state.next_check_at > nowIso()) continue;
      await this.run(source, "schedule").catch((error) => {
        if (!(error instanceof UpdateRunningError)) throw error;
      });
    }
  }

  /** Whether this process is running an update of the source. */
  isRunning(source: DataSourceName): boolean {
    return this.running.has(source);
  }

  /** Items this process's running update of the source has handled (undefined: none running here). */
  progressOf(source: DataSourceName): number | undefined {
    return this.progress.get(source);
  }

  /**
   * Starts an update of `source` and resolves once its run is recorded (`started`), with `done`
   * resolving when it ends. Throws UpdateRunningError when a run of it is already going on.
   * A scheduled run that finds another process just checked the source resolves `started` null.
   */
  async begin(
    source: DataSourceName,
    trigger: "schedule" | "manual",
  ): Promise<{ started: DataUpdateRun | null; done: Promise<DataUpdateRun | null> }> {
    if (this.running.has(source)) throw new UpdateRunningError();
    let announce: (run: DataUpdateRun | null) => void = () => {};
    let fail: (error: unknown) => void = () => {};
    const started = new Promise<DataUpdateRun | null>((resolve, reject) => {
      announce = resolve;
      fail = reject;
    });
    const done = this.locked(source, async () => this.execute(source, trigger, announce))
      .then((result) => {
        if (result === "busy") {
          fail(new UpdateRunningError());
          return null;
        }
        announce(null);
        return result;
      })
      .catch((error) => {
        fail(error);
        return null;
      })
      .finally(() => this.running.delete(source));
    this.running.set(source, done);
    return { started: await started, done };
  }

  /** Runs an update of `source` to its end. */
  async run(source: DataSourceName, trigger: "schedule" | "manual"): Promise<DataUpdateRun | null> {
    const { done } = await this.begin(source, trigger);
    return done;
  }

  /** Runs `work` holding the source's lock, or answers "busy" without running it. */
  private async locked<T>(source: DataSourceName, work: () => Promise<T>): Promise<T | "busy"> {
    if (dialectOf(this.db) !== "postgres") return work();
    const key = LOCK_BASE + DATA_SOURCES.indexOf(source);
    return this.db.connection().execute(async (connection) => {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(connection);
      if (!got.rows[0]?.ok) return "busy" as const;
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  }

  private async execute(
    source: DataSourceName,
    trigger: "schedule" | "manual",
    announce: (run: DataUpdateRun | null) => void,
  ): Promise<DataUpdateRun | null> {
    await this.db
      .insertInto("data_sources")
      .values({ source })
      .onConflict((oc) => oc.column("source").doNothing())
      .execute();
    const state = await this.db
      .selectFrom("data_sources")
      .selectAll()
      .where("source", "=", source)
      .executeTakeFirstOrThrow();
    const startedAt = nowIso();
    // Another process ran it while this one waited for the lock: nothing to do until the next check.
    if (trigger === "schedule" && state.next_check_at && state.next_check_at > startedAt) return null;

    const id = randomUUID();
    await this.db
      .insertInto("data_update_runs")
      .values({ id, source, trigger, status: "running", started_at: startedAt })
      .execute();
    announce(toRun(await this.readRun(id)));

    let progress = 0;
    let written = 0;
    let lastWrite = 0;
    // On SQLite the import holds the database's one write lock on its own connection: a progress
    // write would wait for it (blocking this thread). Progress then stays in this process's memory.
    const shareProgress = dialectOf(this.db) === "postgres";
    this.progress.set(source, 0);
    const onProgress = (items: number) => {
      progress = items;
      this.progress.set(source, items);
      const now = Date.now();
      if (!shareProgress || now - lastWrite < 1000) return;
      lastWrite = now;
      written = progress;
      void this.db
        .updateTable("data_update_runs")
        .set({ progress: written })
        .where("id", "=", id)
        .execute()
        .catch(() => {});
    };
    const next = new Date(Date.now() + this.config.dataUpdates.intervalMs).toISOString();
    try {
      const outcome = await RUNNERS[source]({
        db: this.db,
        config: this.config,
        validators: { etag: state.etag, last_modified: state.last_modified },
        version: state.version,
        onProgress,
        triedPortraits: this.triedPortraits,
      });
      const finished = nowIso();
      // The run and the source change together: the data page never sees one without the other.
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("data_update_runs")
          .set({
            status: outcome.unchanged ? "unchanged" : "updated",
            finished_at: finished,
            added: outcome.added,
            changed: outcome.changed,
            progress,
            version: outcome.version,
          })
          .where("id", "=", id)
          .execute();
        await trx
          .updateTable("data_sources")
          .set({
            ...(outcome.validators
              ? { etag: outcome.validators.etag, last_modified: outcome.validators.last_modified }
              : {}),
            version: outcome.version ?? state.version,
            last_checked_at: finished,
            last_success_at: finished,
            last_error: null,
            last_error_code: null,
            last_error_params: null,
            next_check_at: next,
          })
          .where("source", "=", source)
          .execute();
      });
      this.log.info({ source, ...outcome, validators: undefined }, "data update");
    } catch (error) {
      const code = error instanceof UpdateError ? error.code : "unexpected";
      const params = error instanceof UpdateError ? error.params : {};
      const message =
        error instanceof UpdateError
          ? error.message
          : "The update stopped on an unexpected error; the server log has the details.";
      if (!(error instanceof UpdateError)) this.log.error({ err: error, source }, "data update failed");
      else this.log.warn({ source, error: message }, "data update failed");
      const finished = nowIso();
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("data_update_runs")
          .set({ status: "failed", finished_at: finished, error: message, progress })
          .where("id", "=", id)
          .execute();
        await trx
          .updateTable("data_sources")
          .set({
            last_checked_at: finished,
            last_error: message,
            last_error_code: code,
            last_error_params: JSON.stringify(params),
            next_check_at: next,
          })
          .where("source", "=", source)
          .execute();
      });
    }
    this.progress.delete(source);
    return toRun(await this.readRun(id));
  }

  private readRun(id: string) {
    return this.db.selectFrom("data_update_runs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }
}
