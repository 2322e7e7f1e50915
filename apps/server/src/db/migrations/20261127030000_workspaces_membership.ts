import { type Kysely, sql } from "kysely";
import { columns } from "../columns.ts";

const sqlIn = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

const ROLES = ["owner", "coach", "analyst", "player", "viewer"];

/**
 * Team workspaces (decision record 019). A workspace is billed to one owner (`billing_user_id`,
 * whose plan decides its seats); members hold one role each and are active or suspended; invites
 * are random tokens with a role, an expiry, a use count and an optional invitee.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("tag", "text", (col) => col.notNull())
    .addColumn("colour", "text", (col) => col.notNull())
    .addColumn("team_id", c.ref, (col) => col.references("teams.id").onDelete("set null"))
    .addColumn("billing_user_id", c.ref, (col) => col.notNull().references("users.id"))
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("updated_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema.createIndex("workspaces_billing_idx").on("workspaces").column("billing_user_id").execute();

  await db.schema
    .createTable("workspace_members")
    .addColumn("id", c.idType, c.id)
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("user_id", c.ref, (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull().check(sqlIn("role", ROLES)))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("active")
        .check(sqlIn("status", ["active", "suspended"])),
    )
    .addColumn("joined_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .addColumn("last_seen_at", c.timestamp)
    .addUniqueConstraint("workspace_members_workspace_user_key", ["workspace_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("workspace_members_user_idx")
    .on("workspace_members")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("workspace_invites")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("workspace_id", "text", (col) => col.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("role", "text", (col) => col.notNull().check(sqlIn("role", ROLES)))
    .addColumn("created_by", c.ref, (col) => col.references("users.id").onDelete("set null"))
    .addColumn("invitee_user_id", c.ref, (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("expires_at", c.timestamp, (col) => col.notNull())
    .addColumn("revoked_at", c.timestamp)
    .addColumn("created_at", c.timestamp, (col) => col.notNull().defaultTo(c.now))
    .execute();
  await db.schema
    .createIndex("workspace_invites_workspace_idx")
    .on("workspace_invites")
    .columns(["workspace_id", "created_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("workspace_invites").execute();
  await db.schema.dropTable("workspace_members").execute();
  await db.schema.dropTable("workspaces").execute();
}
