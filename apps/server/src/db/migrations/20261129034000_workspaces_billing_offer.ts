import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * The bill of a workspace offered to another owner (decision record 042): the billing owner offers
 * it, the offered owner accepts it, and only then may the former billing owner leave. Null: no
 * offer. One offer per workspace at a time; deleting the offered account drops it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .alterTable("workspaces")
    .addColumn("billing_offer_user_id", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("billing_offer_user_id").execute();
}
