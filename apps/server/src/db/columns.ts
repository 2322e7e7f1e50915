import { type ColumnDefinitionBuilder, type Expression, type Kysely, sql } from "kysely";
import { dialectOf } from "./values.ts";

/**
 * Column types and defaults for migrations, so one migration creates equivalent tables on both
 * dialects. Use them as `addColumn(name, c.timestamp, ...)`.
 *
 * @example
 * const c = columns(db);
 * await db.schema.createTable("things")
 *   .addColumn("id", c.idType, c.id)
 *   .addColumn("is_public", c.boolean, (col) => col.notNull().defaultTo(c.false))
 *   .addColumn("data", c.json, (col) => col.notNull())
 *   .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
 *   .execute();
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema.
export function columns(db: Kysely<any>) {
  const pg = dialectOf(db) === "postgres";
  return {
    dialect: pg ? ("postgres" as const) : ("sqlite" as const),
    /** Auto-increment integer primary key: pair `c.idType` with `c.id`. */
    idType: pg ? sql`serial` : sql`integer`,
    id: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
    /** Integer foreign key target type (serial columns are plain integers). */
    ref: sql`integer`,
    timestamp: pg ? sql`timestamptz` : sql`text`,
    boolean: pg ? sql`boolean` : sql`integer`,
    json: pg ? sql`jsonb` : sql`text`,
    /** Money and other exact decimals. */
    decimal: pg ? sql`numeric(12, 2)` : sql`real`,
    text: sql`text`,
    integer: sql`integer`,
    /** Defaults: current time as ISO-8601 UTC on both, and false. */
    now: (pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`) as Expression<unknown>,
    true: (pg ? sql`true` : sql`1`) as Expression<unknown>,
    false: (pg ? sql`false` : sql`0`) as Expression<unknown>,
    emptyJsonArray: (pg ? sql`'[]'::jsonb` : sql`'[]'`) as Expression<unknown>,
    emptyJsonObject: (pg ? sql`'{}'::jsonb` : sql`'{}'`) as Expression<unknown>,
  };
}
