import type { Kysely } from "kysely";

/**
 * Roster reviews in workspaces (decision record 033): like sessions and series (019), a review may
 * belong to a workspace. `workspace_id` is null for personal reviews (every existing row stays as
 * it was: shared with every signed-in user); a workspace review is read by its members only.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("roster_reviews")
    .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("roster_reviews_workspace_idx")
    .on("roster_reviews")
    .columns(["workspace_id", "created_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("roster_reviews_workspace_idx").execute();
  await db.schema.alterTable("roster_reviews").dropColumn("workspace_id").execute();
}
