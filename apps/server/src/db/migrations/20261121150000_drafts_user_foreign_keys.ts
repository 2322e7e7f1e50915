import { type Kysely, sql } from "kysely";
import { dialectOf } from "../values.ts";

/**
 * `draft_sessions.user_id` and `team_priorities.user_id` reference `users.id` (ON DELETE CASCADE,
 * like auth_tokens and subscriptions). Safe on existing data: users are never deleted by the app,
 * so every row already points at a user; if one does not, the migration stops with the count of
 * such rows instead of deleting anything.
 *
 * PostgreSQL adds the constraints in place. SQLite cannot add a constraint to a table, so each
 * table is rebuilt (same definition plus the reference, rows copied, indexes recreated) with
 * foreign-key enforcement paused, which is why this runs outside a transaction there (Kysely does
 * not wrap SQLite migrations in one), then `foreign_key_check` must come back empty.
 */

const TABLES = ["draft_sessions", "team_priorities"] as const;
const PLAIN = `"user_id" integer not null`;
const REFERENCING = `"user_id" integer not null references "users" ("id") on delete cascade`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const constraintName = (table: string) => `${table}_user_id_fkey`;

async function assertNoOrphans(db: Db): Promise<void> {
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} t
      where not exists (select 1 from users u where u.id = t.user_id)`.execute(db);
    const orphans = Number(rows[0]?.n ?? 0);
    if (orphans > 0) {
      throw new Error(
        `${table} has ${orphans} row(s) whose user_id matches no user; remove or reassign them, then migrate again`,
      );
    }
  }
}

/** Rebuilds a SQLite table with its CREATE statement rewritten by `rewrite`, keeping rows and indexes. */
async function rebuildSqliteTable(db: Db, table: string, rewrite: (createSql: string) => string) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((row) => row.type === "table")?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  const indexes = rows.filter((row) => row.type === "index" && row.sql !== null).map((row) => row.sql!);
  const temporary = `${table}__rebuild`;
  const rewritten = rewrite(create).replace(/^create table "?[a-z_]+"?/i, `create table "${temporary}"`);
  await sql.raw(rewritten).execute(db);
  await sql`insert into ${sql.table(temporary)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

async function withSqliteForeignKeysPaused(db: Db, run: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await run();
    const { rows } = await sql`pragma foreign_key_check`.execute(db);
    if (rows.length > 0) throw new Error(`foreign_key_check found ${rows.length} violation(s)`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) {
    throw new Error(`expected exactly one ${from} in: ${text}`);
  }
  return text.slice(0, at) + to + text.slice(at + from.length);
}

export async function up(db: Db): Promise<void> {
  await assertNoOrphans(db);
  if (dialectOf(db) === "postgres") {
    for (const table of TABLES) {
      await db.schema
        .alterTable(table)
        .addForeignKeyConstraint(constraintName(table), ["user_id"], "users", ["id"], (fk) =>
          fk.onDelete("cascade"),
        )
        .execute();
    }
    return;
  }
  await withSqliteForeignKeysPaused(db, async () => {
    for (const table of TABLES) {
      await rebuildSqliteTable(db, table, (create) => replaceOnce(create, PLAIN, REFERENCING));
    }
  });
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const table of TABLES) {
      await db.schema.alterTable(table).dropConstraint(constraintName(table)).execute();
    }
    return;
  }
  await withSqliteForeignKeysPaused(db, async () => {
    for (const table of TABLES) {
      await rebuildSqliteTable(db, table, (create) => replaceOnce(create, REFERENCING, PLAIN));
    }
  });
}
