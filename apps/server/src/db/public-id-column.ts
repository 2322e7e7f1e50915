import { type Kysely, type RawBuilder, sql } from "kysely";
import { dialectOf } from "./values.ts";

/**
 * The `public_id` column of a table whose integer ids were sequential in the API (decision record
 * 041): a v4 uuid with a unique index, which every route and answer uses while the integer `id`
 * stays internal (foreign keys, order). For migrations; the app writes the column on every insert.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema.
type Db = Kysely<any>;

/**
 * A fresh v4 uuid per row, computed by the database so a backfill is one statement whatever the
 * table's size. SQLite has no uuid function: the text is built from `randomblob`, with the
 * version nibble 4 and the variant nibble one of 8, 9, a, b.
 */
export function randomUuid(db: Db): RawBuilder<string> {
  if (dialectOf(db) === "postgres") return sql<string>`gen_random_uuid()::text`;
  return sql<string>`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
    substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1) ||
    substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;
}

/**
 * Adds `public_id` to `table`, gives every existing row one and makes it unique. PostgreSQL also
 * makes it NOT NULL; SQLite cannot add that to an existing column.
 *
 * @example
 * await addPublicIdColumn(db, "room_links"); // in a migration's `up`
 */
export async function addPublicIdColumn(db: Db, table: string): Promise<void> {
  await db.schema.alterTable(table).addColumn("public_id", "varchar(36)").execute();
  await db
    .updateTable(table)
    .set({ public_id: randomUuid(db) })
    .where("public_id", "is", null)
    .execute();
  await db.schema.createIndex(`${table}_public_id_key`).on(table).column("public_id").unique().execute();
  if (dialectOf(db) === "postgres") {
    await db.schema
      .alterTable(table)
      .alterColumn("public_id", (col) => col.setNotNull())
      .execute();
  }
}

/** Removes what `addPublicIdColumn` added (a migration's `down`). */
export async function dropPublicIdColumn(db: Db, table: string): Promise<void> {
  await db.schema.dropIndex(`${table}_public_id_key`).execute();
  await db.schema.alterTable(table).dropColumn("public_id").execute();
}
