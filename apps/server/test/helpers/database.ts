import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import type { DialectName } from "../../src/db/schema.ts";

/**
 * Throw-away databases for tests: a temp SQLite file, or a fresh PostgreSQL database created on
 * the server at TEST_PG_URL (default: local trust-auth server) and dropped afterwards. Inside an
 * integration run they start as copies of the run's templates (see global-setup.ts).
 */

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The templates the integration run's global setup made (databases named `<runPrefix>…`). */
export interface DatabaseTemplates {
  readonly runPrefix: string;
  readonly sqlite: { readonly migrated: string; readonly seeded: string };
  postgres: { readonly migrated: string; readonly seeded: string } | null;
}

export type TemplateKind = "migrated" | "seeded";

export interface TempDatabase {
  dialect: DialectName;
  /** Environment variables selecting this database (DATABASE_URL or SQLITE_PATH). */
  env: Record<string, string>;
  /** True when it is a copy of a template: already migrated (and seeded when asked). */
  fromTemplate: boolean;
  drop(): Promise<void>;
}

/** True when PostgreSQL answers within two seconds. */
export async function postgresReachable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs statements on the server's admin database over one short-lived connection. */
export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A prefix naming every PostgreSQL database of one test run. */
export function newRunPrefix(): string {
  return `draftroom_test_${Date.now().toString(36)}_${process.pid}_`;
}

/** Drops every database of a run, a few at a time (their pools are closed by then). */
export async function dropRunDatabases(runPrefix: string): Promise<void> {
  const names = await withAdmin(async (admin) => {
    const result = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [runPrefix],
    );
    return result.rows.map((row) => row.datname);
  });
  const queue = [...names];
  const worker = () =>
    withAdmin(async (admin) => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        await admin.query(`drop database if exists "${name}" with (force)`);
      }
    });
  await Promise.all([worker(), worker(), worker()]);
}

/** The run's templates, when this test runs inside an integration run with a global setup. */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new empty database, or a copy of the run's `from` template when there is one. Inside an
 * integration run a PostgreSQL database, empty or a copy, is dropped by the run's teardown rather
 * than here, so no test waits for a drop: a drop asks for an immediate checkpoint, and behind a
 * timed checkpoint of the run's hundreds of databases (56,892 files to sync on 2026-12-01) a drop
 * in a test waited past its 30 s budget.
 */
export async function createTempDatabase(dialect: DialectName, from?: TemplateKind): Promise<TempDatabase> {
  const run = templates();
  const made = from ? run : undefined;
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "draftroom-test-"));
    const file = join(dir, "test.db");
    const template = made && from ? made.sqlite[from] : undefined;
    if (template && existsSync(template)) copyFileSync(template, file);
    return {
      dialect,
      env: { SQLITE_PATH: file },
      fromTemplate: template !== undefined && existsSync(file),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const template = made?.postgres && from ? made.postgres[from] : undefined;
  const name = `${run?.runPrefix ?? `draftroom_test_${Date.now().toString(36)}_${process.pid}_`}${randomBytes(4).toString("hex")}`;
  await withAdmin((admin) =>
    admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`),
  );
  return {
    dialect,
    env: { DATABASE_URL: databaseUrl(name) },
    fromTemplate: template !== undefined,
    drop: async () => {
      if (run) return;
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
