import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The account's stored choice: undefined when it never chose; `workspace_id` null is personal. */
export async function findChoice(
  db: Db,
  userId: number,
): Promise<{ workspace_id: string | null } | undefined> {
  return db
    .selectFrom("workspace_choices")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Stores the account's choice, replacing the one before (one row per account). */
export async function saveChoice(
  db: Db,
  userId: number,
  workspaceId: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto("workspace_choices")
    .values({ user_id: userId, workspace_id: workspaceId, chosen_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ workspace_id: workspaceId, chosen_at: at }))
    .execute();
}
