import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DialectName } from "../../src/db/schema.ts";

/**
 * Throw-away databases for tests: a temp SQLite file, or a fresh PostgreSQL database created on
 * the server at TEST_PG_URL (default: local trust-auth server) and dropped afterwards.
 */

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TempDatabase {
  dialect: DialectName;
  /** Environment variables selecting this database (DATABASE_URL or SQLITE_PATH). */
  env: Record<string, string>;
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

function uniqueName(): string {
  return `draftroom_test_${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export async function createTempDatabase(dialect: DialectName): Promise<TempDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "draftroom-test-"));
    const file = join(dir, "test.db");
    return {
      dialect,
      env: { SQLITE_PATH: file },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
