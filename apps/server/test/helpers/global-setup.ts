import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildServerIfNeeded, SERVER_DIST } from "../../../../scripts/lib.mjs";
import { createDatabase } from "../../src/db/index.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { seedDatabase } from "../../src/db/seeds/index.ts";
import {
  type DatabaseTemplates,
  dropRunDatabases,
  newRunPrefix,
  PG_ADMIN_URL,
  postgresReachable,
  withAdmin,
} from "./database.ts";
import { testConfig } from "./dialects-config.ts";

/**
 * The integration run's databases, made once: a migrated and a migrated-and-seeded database per
 * dialect, which every test block copies (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL) instead of migrating and seeding its own. Blocks leave their PostgreSQL databases to
 * this run's teardown, which drops them together, so no test waits for a drop. The server bundle
 * is built here too (esbuild, when older than its sources): a test's server process starts from
 * it in a few seconds instead of compiling the sources through tsx on every start.
 */

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
    /** The server bundle built from the current sources, for tests that run server processes. */
    serverMain: string | null;
  }
}

async function prepare(env: Record<string, string>, seed: boolean): Promise<void> {
  const database = createDatabase(testConfig(env));
  try {
    await migrateToLatest(database.db);
    if (seed) await seedDatabase(database.db);
  } finally {
    await database.destroy();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "draftroom-templates-"));
  const runPrefix = newRunPrefix();
  const templates: DatabaseTemplates = {
    runPrefix,
    sqlite: { migrated: join(dir, "migrated.db"), seeded: join(dir, "seeded.db") },
    postgres: null,
  };
  await prepare({ SQLITE_PATH: templates.sqlite.migrated }, false);
  await prepare({ SQLITE_PATH: templates.sqlite.seeded }, true);

  if ((await postgresReachable()).ok) {
    const migrated = `${runPrefix}tpl_migrated`;
    const seeded = `${runPrefix}tpl_seeded`;
    await withAdmin(async (admin) => {
      await admin.query(`create database "${migrated}"`);
      await admin.query(`create database "${seeded}"`);
    });
    const url = (name: string) => {
      const parsed = new URL(PG_ADMIN_URL);
      parsed.pathname = `/${name}`;
      return parsed.toString();
    };
    await prepare({ DATABASE_URL: url(migrated) }, false);
    await prepare({ DATABASE_URL: url(seeded) }, true);
    templates.postgres = { migrated, seeded };
  }

  project.provide("databaseTemplates", templates);
  let serverMain: string | null = null;
  try {
    await buildServerIfNeeded();
    serverMain = join(SERVER_DIST, "main.js");
  } catch (error) {
    console.warn(`integration: server processes run the sources through tsx (${String(error)})`);
  }
  project.provide("serverMain", serverMain);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (templates.postgres) await dropRunDatabases(runPrefix);
  };
}
