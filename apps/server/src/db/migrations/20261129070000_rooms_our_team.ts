import { type Kysely, sql } from "kysely";

/**
 * The workspace's own team in a live room (decision record 046): `A` or `B`, chosen when the room
 * is opened ("we play blue / red", or the side the workspace's linked league team plays). Keyed by
 * team like the links, so it follows the side changes of a series. Null: not known (a personal
 * room, or a room opened before its session moved into a workspace); the linked team decides then.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("draft_rooms")
    .addColumn("our_team", "text", (col) => col.check(sql`our_team in ('A', 'B')`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("draft_rooms").dropColumn("our_team").execute();
}
