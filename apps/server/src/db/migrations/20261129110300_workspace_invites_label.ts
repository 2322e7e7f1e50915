import type { Kysely } from "kysely";

/**
 * Whom an invite link is for, in the inviter's words ("Ana, our support"; decision record 054):
 * a link carries no account, so without it a list of pending links says nothing about who has
 * not joined yet. Null: not said (and every invite made before this migration).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspace_invites").addColumn("label", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("workspace_invites").dropColumn("label").execute();
}
