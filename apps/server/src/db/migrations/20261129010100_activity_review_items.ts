import { type Kysely, sql } from "kysely";
import { dialectOf } from "../values.ts";

/**
 * The activity feed also records roster reviews (decision record 033): `workspace_activity.item_type`
 * accepts `review`. PostgreSQL swaps the check constraint in place; SQLite cannot alter a check,
 * so the table is rebuilt from its own CREATE statement with the new list (rows and indexes kept,
 * foreign keys paused, as in `20261121150000_drafts_user_foreign_keys`).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const TABLE = "workspace_activity";
const CONSTRAINT = "workspace_activity_item_type_check";
const BEFORE = ["session", "series", "plan"];
const AFTER = [...BEFORE, "review"];

const list = (values: readonly string[]) => `(${values.map((value) => `'${value}'`).join(", ")})`;

async function rebuildSqlite(db: Db, from: readonly string[], to: readonly string[]): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${TABLE}`.execute(db);
  const create = rows.find((row) => row.type === "table")?.sql;
  if (!create) throw new Error(`table ${TABLE} not found`);
  const at = create.indexOf(list(from));
  if (at < 0 || create.indexOf(list(from), at + 1) >= 0) {
    throw new Error(`expected exactly one ${list(from)} in: ${create}`);
  }
  const rewritten = (create.slice(0, at) + list(to) + create.slice(at + list(from).length)).replace(
    /^create table "?[a-z_]+"?/i,
    `create table "${TABLE}__rebuild"`,
  );
  const indexes = rows.filter((row) => row.type === "index" && row.sql !== null).map((row) => row.sql!);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw(rewritten).execute(db);
    await sql`insert into ${sql.table(`${TABLE}__rebuild`)} select * from ${sql.table(TABLE)}`.execute(db);
    await sql`drop table ${sql.table(TABLE)}`.execute(db);
    await sql`alter table ${sql.table(`${TABLE}__rebuild`)} rename to ${sql.table(TABLE)}`.execute(db);
    for (const index of indexes) await sql.raw(index).execute(db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function swapPostgres(db: Db, to: readonly string[]): Promise<void> {
  await sql`alter table ${sql.table(TABLE)} drop constraint ${sql.ref(CONSTRAINT)}`.execute(db);
  await sql`alter table ${sql.table(TABLE)} add constraint ${sql.ref(CONSTRAINT)}
    check (item_type in (${sql.join(to.map((value) => sql.lit(value)))}))`.execute(db);
}

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") await swapPostgres(db, AFTER);
  else await rebuildSqlite(db, BEFORE, AFTER);
}

export async function down(db: Db): Promise<void> {
  await db.deleteFrom(TABLE).where("item_type", "=", "review").execute();
  if (dialectOf(db) === "postgres") await swapPostgres(db, BEFORE);
  else await rebuildSqlite(db, AFTER, BEFORE);
}
