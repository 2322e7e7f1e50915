import { randomUUID } from "node:crypto";
import { PLAN_KEYS, type PlanKey } from "@draftroom/contracts";
import type { Generated, Kysely } from "kysely";
import { accessChanged } from "../db/access-changes.ts";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../db/values.ts";

/**
 * The columns set-plan needs from the accounts module's tables (users, subscriptions). Declared
 * here so the CLI does not depend on how that module types the rest of its tables.
 */
interface SetPlanTables {
  users: { id: Generated<number>; username: string; username_lower: string };
  tiers: { id: Generated<number>; key: string; name: string };
  subscriptions: {
    id: Generated<number>;
    public_id: string;
    user_id: number;
    tier_id: number;
    is_active: boolean | number;
    is_trial: boolean | number;
    started_at: string;
    expires_at: string | null;
    canceled_at: string | null;
    created_at: string;
  };
}

export class CliError extends Error {}

export interface SetPlanResult {
  username: string;
  previous: string | null;
  current: string;
}

/** Moves a user to a tier: closes the active subscription and opens a new paid one (no trial). */
export async function setPlan(
  database: Kysely<Database>,
  username: string,
  tierInput: string,
): Promise<SetPlanResult> {
  const db = database as unknown as Kysely<SetPlanTables>;
  const key = tierInput.trim().toLowerCase();
  if (!PLAN_KEYS.includes(key as PlanKey)) {
    throw new CliError(`Unknown tier "${tierInput}". Use one of: ${PLAN_KEYS.join(", ")}.`);
  }
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "username"])
      .where("username_lower", "=", username.trim().toLowerCase())
      .executeTakeFirst();
    if (!user) throw new CliError(`No user named "${username}".`);
    const tier = await trx
      .selectFrom("tiers")
      .select(["id", "name"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!tier) throw new CliError(`Tier "${key}" is not in the database: run \`npm run cli -- seed\` first.`);

    const previous = await trx
      .selectFrom("subscriptions")
      .innerJoin("tiers", "tiers.id", "subscriptions.tier_id")
      .select(["subscriptions.id", "tiers.name"])
      .where("subscriptions.user_id", "=", user.id)
      .where("subscriptions.is_active", "=", true)
      .executeTakeFirst();
    const now = nowIso();
    if (previous) {
      await trx
        .updateTable("subscriptions")
        .set({ is_active: false, canceled_at: now })
        .where("id", "=", previous.id)
        .execute();
    }
    await trx
      .insertInto("subscriptions")
      .values({
        public_id: randomUUID(),
        user_id: user.id,
        tier_id: tier.id,
        is_active: true,
        is_trial: false,
        started_at: now,
        expires_at: null,
        canceled_at: null,
        created_at: now,
      })
      .execute();
    return { username: user.username, previous: previous?.name ?? null, current: tier.name };
  });
  // A server sharing this process (tests, an embedded CLI) drops its cached workspace plans;
  // other processes hear it from the database.
  accessChanged(null);
  return result;
}
