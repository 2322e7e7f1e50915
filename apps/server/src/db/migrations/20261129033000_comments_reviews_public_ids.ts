import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { dialectOf } from "../values.ts";

/**
 * Comments and roster reviews get a random public id (decision record 041): their integer ids
 * were sequential, so an outsider could count and probe them. `public_id` is a v4 uuid, unique,
 * used in every route and answer; the integer `id` stays internal (foreign keys, ordering).
 * Existing rows are backfilled here, and the activity feed's review entries, which named a review
 * by its integer id, are rewritten to its public id. PostgreSQL makes the column NOT NULL; SQLite
 * cannot add that to an existing column, and the app writes it on every insert.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
type Db = Kysely<any>;

const TABLES = ["workspace_comments", "roster_reviews"] as const;

async function backfill(db: Db, table: string): Promise<Map<number, string>> {
  const rows = (await db.selectFrom(table).select("id").where("public_id", "is", null).execute()) as {
    id: number | string;
  }[];
  const ids = new Map<number, string>();
  for (const row of rows) {
    const publicId = randomUUID();
    ids.set(Number(row.id), publicId);
    await db.updateTable(table).set({ public_id: publicId }).where("id", "=", row.id).execute();
  }
  return ids;
}

export async function up(db: Db): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("public_id", "varchar(36)").execute();
    const ids = await backfill(db, table);
    await db.schema.createIndex(`${table}_public_id_key`).on(table).column("public_id").unique().execute();
    if (dialectOf(db) === "postgres") {
      await db.schema
        .alterTable(table)
        .alterColumn("public_id", (col) => col.setNotNull())
        .execute();
    }
    if (table === "roster_reviews") {
      for (const [id, publicId] of ids) {
        await db
          .updateTable("workspace_activity")
          .set({ item_id: publicId })
          .where("item_type", "=", "review")
          .where("item_id", "=", String(id))
          .execute();
      }
    }
  }
}

export async function down(db: Db): Promise<void> {
  const reviews = (await db.selectFrom("roster_reviews").select(["id", "public_id"]).execute()) as {
    id: number | string;
    public_id: string;
  }[];
  for (const review of reviews) {
    await db
      .updateTable("workspace_activity")
      .set({ item_id: String(review.id) })
      .where("item_type", "=", "review")
      .where("item_id", "=", review.public_id)
      .execute();
  }
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_public_id_key`).execute();
    await db.schema.alterTable(table).dropColumn("public_id").execute();
  }
}
