import type { Kysely } from "kysely";

/**
 * Workspace items (decision record 019): a draft session or a series may belong to a workspace.
 * `workspace_id` is null for personal items (all existing rows stay personal). Deleting a
 * workspace returns its items to their creators' personal space rather than deleting them.
 */
const TABLES = ["draft_sessions", "series"] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("set null"))
      .execute();
    await db.schema
      .createIndex(`${table}_workspace_idx`)
      .on(table)
      .columns(["workspace_id", "created_at"])
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_workspace_idx`).execute();
    await db.schema.alterTable(table).dropColumn("workspace_id").execute();
  }
}
