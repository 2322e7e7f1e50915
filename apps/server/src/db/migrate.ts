import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from "kysely";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`);
  }
  return (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Reverts the most recent migration; returns its name (empty when none). */
export async function migrateDown(db: Kysely<Database>): Promise<string[]> {
  return unwrap(await migrator(db).migrateDown());
}

/** Reverts every migration (tests use it to prove each `down` works). */
export async function migrateToNothing(db: Kysely<Database>): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(NO_MIGRATIONS));
}
