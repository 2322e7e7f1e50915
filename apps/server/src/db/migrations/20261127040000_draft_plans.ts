import type { Kysely } from "kysely";
import { columns } from "../columns.ts";

/**
 * Draft plans (decision record 020): a plan belongs to a workspace or (workspace_id null) to its
 * owner alone; every save is a version holding the whole content (restore = a new version with an
 * old content); a plan-vs-actual review is stored with its session (one per session).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("draft_plans")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.references("workspaces.id").onDelete("cascade"))
    .addColumn("owner_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("opponent_team", "text")
    .addColumn("side", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("content", c.json, (col) => col.notNull())
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("draft_plans_workspace_idx").on("draft_plans").column("workspace_id").execute();
  await db.schema.createIndex("draft_plans_owner_idx").on("draft_plans").column("owner_id").execute();

  await db.schema
    .createTable("draft_plan_versions")
    .addColumn("plan_id", "text", (col) => col.notNull().references("draft_plans.id").onDelete("cascade"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("content", c.json, (col) => col.notNull())
    .addColumn("created_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("restored_from", "integer")
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addPrimaryKeyConstraint("draft_plan_versions_pkey", ["plan_id", "version"])
    .execute();

  await db.schema
    .createTable("draft_plan_reviews")
    .addColumn("session_id", "text", (col) =>
      col.primaryKey().references("draft_sessions.id").onDelete("cascade"),
    )
    .addColumn("plan_id", "text", (col) => col.notNull().references("draft_plans.id").onDelete("cascade"))
    .addColumn("plan_version", "integer", (col) => col.notNull())
    .addColumn("review", c.json, (col) => col.notNull())
    .addColumn("created_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("draft_plan_reviews").execute();
  await db.schema.dropTable("draft_plan_versions").execute();
  await db.schema.dropTable("draft_plans").execute();
}
