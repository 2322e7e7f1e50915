import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * The space each account last worked in (decision record 054): the switcher's choice, a workspace
 * just created or just joined. Kept per account rather than per browser, so a player who accepts an
 * invite on a laptop lands in the team's workspace on their phone too. `workspace_id` null is an
 * explicit choice of the personal space; no row means the account never chose (its browser's own
 * choice stands). A deleted workspace leaves the personal space.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspace_choices")
    .addColumn("user_id", c.ref, (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("set null"))
    .addColumn("chosen_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_choices").execute();
}
