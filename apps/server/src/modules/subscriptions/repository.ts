import { randomUUID } from "node:crypto";
import type { PlanKey, Tier, TierFeatures } from "@draftroom/contracts";
import type { Kysely, Selectable } from "kysely";
import { accessChanged } from "../../db/access-changes.ts";
import type { TiersTable } from "../../db/foundation-tables.ts";
import type { Database } from "../../db/schema.ts";
import { fromJson, toCount, toNumber, toNumberOrNull } from "../../db/values.ts";
import type { SubscriptionsTable } from "./tables.ts";

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function toTier(row: Selectable<TiersTable>): Tier {
  return {
    id: row.id,
    key: row.key as PlanKey,
    name: row.name,
    price_monthly: toNumber(row.price_monthly),
    price_annual: toNumberOrNull(row.price_annual),
    features: fromJson<TierFeatures>(row.features),
  };
}

export async function listTiers(db: Kysely<Database>): Promise<Tier[]> {
  const rows = await db.selectFrom("tiers").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map(toTier);
}

export async function findTierById(db: Kysely<Database>, id: number): Promise<Tier | undefined> {
  const row = await db.selectFrom("tiers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toTier(row) : undefined;
}

export async function findTierByKey(db: Kysely<Database>, key: PlanKey): Promise<Tier> {
  const row = await db.selectFrom("tiers").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) throw new Error(`The "${key}" tier is missing: run the seeds.`);
  return toTier(row);
}

export function findActiveSubscription(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("is_active", "=", true)
    .executeTakeFirst();
}

/** One of the user's subscriptions, named by its public id. */
export function findSubscription(db: Kysely<Database>, userId: number, publicId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
}

export interface NewSubscription {
  user_id: number;
  tier_id: number;
  is_trial: boolean;
  started_at: string;
  expires_at: string | null;
  next_billing_date: string | null;
}

export async function insertSubscription(
  db: Kysely<Database>,
  values: NewSubscription,
): Promise<SubscriptionRow> {
  const row = await db
    .insertInto("subscriptions")
    .values({ ...values, public_id: randomUUID(), is_active: true, created_at: values.started_at })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A plan change can turn the workspaces this user bills read-only, or writable again.
  accessChanged(null);
  return row;
}

/** Ends a subscription; false when it was no longer active (another request got there first). */
export async function deactivateSubscription(
  db: Kysely<Database>,
  id: number,
  endedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable("subscriptions")
    .set({ is_active: false, canceled_at: endedAt })
    .where("id", "=", id)
    .where("is_active", "=", true)
    .executeTakeFirst();
  accessChanged(null);
  return toCount(result.numUpdatedRows) > 0;
}

export async function hasUsedTrial(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("trial_usages")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTrialUsage(db: Kysely<Database>, userId: number, startedAt: string) {
  await db
    .insertInto("trial_usages")
    .values({ user_id: userId, subscription_id: null, started_at: startedAt })
    .execute();
}

export async function linkTrialUsage(db: Kysely<Database>, userId: number, subscriptionId: number) {
  await db
    .updateTable("trial_usages")
    .set({ subscription_id: subscriptionId })
    .where("user_id", "=", userId)
    .execute();
}

/** Saved drafts: standalone sessions, plus one per series (its games do not count on their own). */
export async function countDraftSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const [sessions, series] = await Promise.all([
    db
      .selectFrom("draft_sessions as d")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("d.user_id", "=", userId)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom("series_games as g").select("g.id").whereRef("g.session_id", "=", "d.id")),
        ),
      )
      .executeTakeFirst(),
    db
      .selectFrom("series")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return toCount(sessions?.count) + toCount(series?.count);
}
