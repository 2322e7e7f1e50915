import { type Kysely, sql } from "kysely";
import { dialectOf } from "./values.ts";

/**
 * Changes the list of a `column in (…)` check constraint, for migrations. PostgreSQL swaps the
 * constraint in place; SQLite cannot alter a check, so the table is rebuilt from its own CREATE
 * statement with the new list (rows and indexes kept, foreign keys paused, as in
 * `20261121150000_drafts_user_foreign_keys`).
 *
 * @example
 * await setCheckList(db, { table: "workspace_activity", constraint: "workspace_activity_item_type_check",
 *   column: "item_type", from: ["session"], to: ["session", "series"] });
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

export interface CheckListChange {
  readonly table: string;
  /** The constraint's name on PostgreSQL. */
  readonly constraint: string;
  readonly column: string;
  /** The list as the table's CREATE statement has it now (SQLite finds it there). */
  readonly from: readonly string[];
  readonly to: readonly string[];
}

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(", ")})`;

async function rebuildSqlite(db: Db, { table, from, to }: CheckListChange): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((row) => row.type === "table")?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  const at = create.indexOf(list(from));
  if (at < 0 || create.indexOf(list(from), at + 1) >= 0) {
    throw new Error(`expected exactly one ${list(from)} in: ${create}`);
  }
  const rewritten = (create.slice(0, at) + list(to) + create.slice(at + list(from).length)).replace(
    /^create table "?[a-z_]+"?/i,
    `create table "${table}__rebuild"`,
  );
  const indexes = rows.filter((row) => row.type === "index" && row.sql !== null).map((row) => row.sql!);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rewritten).execute(db);
    await sql`insert into ${sql.table(`${table}__rebuild`)} select * from ${sql.table(table)}`.execute(db);
    await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(`${table}__rebuild`)} rename to ${sql.table(table)}`.execute(db);
    for (const index of indexes) await sql.raw(index).execute(db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function swapPostgres(db: Db, { table, constraint, column, to }: CheckListChange): Promise<void> {
  await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(constraint)}
    check (${sql.ref(column)} in (${sql.join(to.map((value) => sql.lit(value)))}))`.execute(db);
}

export async function setCheckList(db: Db, change: CheckListChange): Promise<void> {
  if (dialectOf(db) === "postgres") await swapPostgres(db, change);
  else await rebuildSqlite(db, change);
}
