import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * Leagues and teams a workspace owns, and the imported games of each (decision record 053).
 * `workspace_id`: a league or team a staff member created inside a workspace, which every active
 * member sees (null: seeded, imported or personal); deleting the workspace leaves it with its
 * creator. `imported_games`: how many imported professional games the league or team has, kept by
 * the match import, so pickers list leagues such as LFL2 or NLC with their counts without reading
 * the games.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  for (const table of ["leagues", "teams"] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("set null"))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("imported_games", c.integer, (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_workspace_id_idx`).on(table).column("workspace_id").execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["leagues", "teams"] as const) {
    await db.schema.dropIndex(`${table}_workspace_id_idx`).execute();
    await db.schema.alterTable(table).dropColumn("imported_games").execute();
    await db.schema.alterTable(table).dropColumn("workspace_id").execute();
  }
}
