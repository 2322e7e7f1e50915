import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Config } from "../config.ts";
import { DatabaseAvailability } from "./availability.ts";
import { type ChangeFeed, PostgresChangeFeed, SqliteChangeFeed } from "./change-feed.ts";
import type { Database, DialectName } from "./schema.ts";
import { SqliteValuesPlugin } from "./sqlite-values-plugin.ts";

export type { Database, DialectName } from "./schema.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * Changes made by other connections, for in-process read caches (see change-feed.ts). Created
   * on first call (on PostgreSQL it opens one extra, listening connection); `destroy` closes it.
   */
  changes(): ChangeFeed;
  /** Whether the database can be reached now, and the outages this process lived through (decision 049). */
  availability: DatabaseAvailability;
  /** PostgreSQL: the pool's connections now (metrics); SQLite has none. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** Closes the pool or the SQLite file (and the change feed). */
  destroy(): Promise<void>;
}

type DatabaseConfig = Pick<Config, "databaseUrl" | "sqlitePath" | "dbPoolMax"> &
  Partial<Pick<Config, "sqliteBusyTimeoutMs">>;

// PostgreSQL type OIDs whose default parsing differs from what SQLite gives back.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/**
 * Per-pool type parsers (not pg's global ones): counts and numerics as numbers, timestamps as
 * ISO strings, so both dialects answer in the same shapes before any repository helper runs.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (format === undefined || format === "text") {
      if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
      if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
      if (oid === PG_TIMESTAMP)
        return (value: string) => new Date(`${value.replace(" ", "T")}Z`).toISOString();
    }
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads differ only by format.
    return pg.types.getTypeParser(oid, format as any);
  },
} as pg.CustomTypesConfig;

const STATEMENT_CACHE_SIZE = 500;

/** What Kysely's `rollback` runs when SQLite has already rolled the transaction back. */
const NOTHING_TO_ROLL_BACK = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/**
 * Kysely prepares every query it runs; a better-sqlite3 statement is reusable, so each distinct
 * SQL text is prepared once and kept (least recently used dropped past STATEMENT_CACHE_SIZE).
 * Preparing was the largest single cost of a simple indexed read under load.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      // SQLite rolls a transaction back itself on some errors (SQLITE_FULL, an I/O error): Kysely's
      // rollback after it would fail ("no transaction is active") and hide the error that matters.
      if (sql === "rollback" && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** Hot SQL texts that PostgreSQL runs as named statements: parsed and planned once per connection. */
const namedStatements = new Map<string, string>();

/**
 * Marks a fixed SQL text (a query compiled once, such as the actions read) to run as a named,
 * server-side prepared statement on PostgreSQL, so the server skips parsing and planning it on
 * every call. Only for texts built once at start-up: each name lives as long as its connection.
 */
export function prepareOnPostgres(sql: string): void {
  if (!namedStatements.has(sql)) namedStatements.set(sql, `draftroom_hot_${namedStatements.size}`);
}

/**
 * Runs the hot SQL texts as named statements, and tells `failed` of every query that fails (the
 * caller still gets the error): a connection cut under a query is how an outage usually shows.
 */
function watchQueries(client: pg.PoolClient, failed: (error: unknown) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const observe = (result: unknown) => {
    if (result instanceof Promise) result.catch(failed);
    return result;
  };
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const name = typeof text === "string" ? namedStatements.get(text) : undefined;
    if (name === undefined || !Array.isArray(rest[0])) return observe(query(text, ...rest));
    return observe(query({ name, text, values: rest[0] }, ...rest.slice(1)));
  }) as typeof client.query;
}

/** Opens one connection of its own and asks for `select 1`: does the server accept connections? */
async function pingPostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Opens the database chosen by the configuration: PostgreSQL when DATABASE_URL is set,
 * otherwise the SQLite file at SQLITE_PATH (its folder is created when missing).
 *
 * @example
 * const { db, dialect, destroy } = createDatabase(config);
 * await db.selectFrom("champions").selectAll().execute();
 * await destroy();
 */
export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.dbPoolMax,
      types: pgTypes,
      connectionTimeoutMillis: 10_000,
    });
    const url = config.databaseUrl;
    const availability = new DatabaseAvailability(() => pingPostgres(url));
    const report = (error: unknown) => availability.report(error);
    // A client losing its connection, idle in the pool (the pool's `error`) or checked out (its
    // own `error`, which crashes the process when nobody listens), must not crash the process:
    // the next query reconnects, and the availability checks whether the database is gone.
    pool.on("error", report);
    pool.on("connect", (client) => {
      client.on("error", report);
      watchQueries(client, report);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let feed: PostgresChangeFeed | undefined;
    // The database is back: the listener need not wait for its next retry to hear the others.
    availability.onRecovered(() => feed?.retryNow());
    return {
      db,
      dialect: "postgres",
      changes: () => {
        // Its listening connection is the first to notice a database that went away.
        feed ??= new PostgresChangeFeed(url, undefined, () => void availability.check());
        return feed;
      },
      availability,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: config.dbPoolMax,
      }),
      destroy: async () => {
        availability.close();
        await feed?.close();
        await db.destroy();
      },
    };
  }

  const file = config.sqlitePath === ":memory:" ? ":memory:" : resolve(config.sqlitePath);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // WAL: readers never block the writer, and a killed process leaves a consistent file.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(config.sqliteBusyTimeoutMs ?? 5000))}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new SqliteValuesPlugin()],
  });
  let feed: SqliteChangeFeed | undefined;
  // A file is there or not: a locked or full one is refused write by write, never "down".
  const availability = new DatabaseAvailability(async () => sqlite.prepare("select 1").get());
  return {
    db,
    dialect: "sqlite",
    changes: () => {
      feed ??= new SqliteChangeFeed(sqlite);
      return feed;
    },
    availability,
    destroy: () => {
      availability.close();
      return db.destroy();
    },
  };
}
