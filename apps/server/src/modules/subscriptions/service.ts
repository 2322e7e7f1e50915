import { FREE_TRIAL_DAYS, type PlanKey, type Subscription, type Tier, UNLIMITED } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { dialectOf, isUniqueViolation, nowIso, toBool, toIso, toIsoOrNull } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import {
  countDraftSessions,
  deactivateSubscription,
  findActiveSubscription,
  findSubscription,
  findTierById,
  findTierByKey,
  hasUsedTrial,
  insertSubscription,
  insertTrialUsage,
  linkTrialUsage,
  type SubscriptionRow,
} from "./repository.ts";

/** The tier whose trial new users may start once (a 14-day free trial of Pro features). */
export const TRIAL_TIER_KEY: PlanKey = "pro";

const DAY_MS = 86_400_000;

interface ActiveSubscription {
  row: SubscriptionRow;
  tier: Tier;
}

function trialExpired(row: SubscriptionRow, now: Date): boolean {
  return toBool(row.is_trial) && row.expires_at !== null && new Date(toIso(row.expires_at)) <= now;
}

/** Starts a Community subscription (at registration, after a cancel or when a trial ends). */
export async function startCommunity(db: Kysely<Database>, userId: number, now = new Date()) {
  const community = await findTierByKey(db, "community");
  return insertSubscription(db, {
    user_id: userId,
    tier_id: community.id,
    is_trial: false,
    started_at: now.toISOString(),
    expires_at: null,
    next_billing_date: null,
  });
}

/**
 * The user's active subscription and tier. An expired trial is ended here, on read, and replaced
 * by Community; a user without any active subscription gets Community too. A unique index allows
 * one active row per user, so two requests racing to do this cannot both succeed: the loser reads
 * the winner's row.
 */
export async function getActiveSubscription(
  db: Kysely<Database>,
  userId: number,
  now = new Date(),
): Promise<ActiveSubscription> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await findActiveSubscription(db, userId);
    if (row && !trialExpired(row, now)) {
      const tier = await findTierById(db, row.tier_id);
      if (!tier) throw new Error(`Subscription ${row.id} points at a missing tier ${row.tier_id}`);
      return { row, tier };
    }
    try {
      const replacement = await db.transaction().execute(async (trx) => {
        if (row && !(await deactivateSubscription(trx, row.id, toIso(row.expires_at)))) return undefined;
        return startCommunity(trx, userId, now);
      });
      if (replacement) return { row: replacement, tier: await findTierByKey(db, "community") };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`Could not settle the active subscription of user ${userId}`);
}

/** The tier of the user's active subscription (Community after a trial ran out). */
export async function getActiveTier(db: Kysely<Database>, userId: number): Promise<Tier> {
  return (await getActiveSubscription(db, userId)).tier;
}

/**
 * Throws 403 `plan_limit` when the user's tier caps saved drafts (max_drafts ≥ 0) and they
 * already have that many sessions. Call it before inserting a draft session.
 *
 * @example
 * await assertCanCreateDraft(app.db, user.id); // Community user with 3 sessions -> AppError 403
 */
export async function assertCanCreateDraft(db: Kysely<Database>, userId: number): Promise<void> {
  const tier = await getActiveTier(db, userId);
  const max = tier.features.max_drafts;
  if (max === UNLIMITED || max < 0) return;
  const used = await countDraftSessions(db, userId);
  if (used >= max) {
    throw new AppError(
      403,
      "plan_limit",
      `The ${tier.name} plan allows ${max} saved draft sessions. Delete one or upgrade your plan to create more.`,
    );
  }
}

/**
 * Saves a new draft session only while the user's plan has room for it, atomically: the plan
 * check and `insert` run in ONE transaction that first takes a lock per user (PostgreSQL: the
 * user's row, FOR NO KEY UPDATE, so a concurrent create waits and then counts the committed
 * insert; SQLite: the single connection serialises transactions). Two simultaneous creates can
 * therefore never both pass the check. An expired trial is settled before the transaction.
 *
 * @example
 * await createWithinDraftLimit(app.db, user.id, (trx) => insertSession(trx, values)); // or 403
 */
export async function createWithinDraftLimit<T>(
  db: Kysely<Database>,
  userId: number,
  insert: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  await getActiveSubscription(db, userId);
  return db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") {
      await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().execute();
    }
    await assertCanCreateDraft(trx, userId);
    return insert(trx);
  });
}

/** True when the tier of the user's active subscription has the feature switched on. */
export async function hasFeature(
  db: Kysely<Database>,
  userId: number,
  feature:
    | "advanced_analytics"
    | "team_collaboration"
    | "export_capabilities"
    | "priority_support"
    | "custom_branding",
): Promise<boolean> {
  return (await getActiveTier(db, userId)).features[feature];
}

async function present(
  db: Kysely<Database>,
  userId: number,
  active: ActiveSubscription,
): Promise<Subscription> {
  const [usedTrial, draftsUsed] = await Promise.all([
    hasUsedTrial(db, userId),
    countDraftSessions(db, userId),
  ]);
  return {
    id: active.row.public_id,
    tier: active.tier,
    is_active: toBool(active.row.is_active),
    is_trial: toBool(active.row.is_trial),
    trial_available: !usedTrial,
    next_billing_date: toIsoOrNull(active.row.next_billing_date),
    expires_at: toIsoOrNull(active.row.expires_at),
    created_at: toIso(active.row.created_at),
    usage: { drafts_used: draftsUsed },
  };
}

export async function currentSubscription(db: Kysely<Database>, userId: number): Promise<Subscription> {
  return present(db, userId, await getActiveSubscription(db, userId));
}

function invalidTier(message: string): AppError {
  return new AppError(400, "validation_error", "Invalid input.", { tier_id: message });
}

/** Replaces the active subscription inside a transaction; a concurrent change makes this a 409. */
async function replaceActive(
  db: Kysely<Database>,
  current: SubscriptionRow,
  build: (trx: Kysely<Database>, at: string) => Promise<SubscriptionRow>,
): Promise<SubscriptionRow> {
  const at = nowIso();
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await deactivateSubscription(trx, current.id, at))) throw new Error("subscription changed");
      return build(trx, at);
    });
  } catch (error) {
    if (isUniqueViolation(error) || (error instanceof Error && error.message === "subscription changed")) {
      throw new AppError(409, "conflict", "Your subscription changed meanwhile. Reload and try again.");
    }
    throw error;
  }
}

/**
 * `POST /subscriptions/`: `trial: true` starts the one-time 14-day Pro trial; a free tier switches
 * at once; a paid tier answers 402 `payment_unavailable` (no payment provider yet).
 */
export async function changePlan(
  db: Kysely<Database>,
  userId: number,
  body: { tier_id: number; trial?: boolean | undefined },
): Promise<Subscription> {
  const tier = await findTierById(db, body.tier_id);
  if (!tier) throw invalidTier("This plan does not exist.");
  const active = await getActiveSubscription(db, userId);

  if (body.trial) {
    if (tier.key !== TRIAL_TIER_KEY) throw invalidTier("The free trial is only available for the Pro plan.");
    if (await hasUsedTrial(db, userId)) {
      throw new AppError(409, "trial_used", "You have already used your free trial.");
    }
    const row = await replaceTrialing(db, userId, active.row, tier);
    return present(db, userId, { row, tier });
  }

  if (active.tier.id === tier.id && !toBool(active.row.is_trial)) {
    throw new AppError(409, "already_subscribed", `You are already on the ${tier.name} plan.`);
  }
  if (tier.price_monthly > 0) {
    throw new AppError(
      402,
      "payment_unavailable",
      "Paid plans cannot be purchased yet: payment integration is not available.",
    );
  }
  const row = await replaceActive(db, active.row, (trx, at) =>
    insertSubscription(trx, {
      user_id: userId,
      tier_id: tier.id,
      is_trial: false,
      started_at: at,
      expires_at: null,
      next_billing_date: null,
    }),
  );
  return present(db, userId, { row, tier });
}

async function replaceTrialing(
  db: Kysely<Database>,
  userId: number,
  current: SubscriptionRow,
  tier: Tier,
): Promise<SubscriptionRow> {
  try {
    return await replaceActive(db, current, async (trx, at) => {
      await insertTrialUsage(trx, userId, at);
      const expires = new Date(new Date(at).getTime() + FREE_TRIAL_DAYS * DAY_MS).toISOString();
      const row = await insertSubscription(trx, {
        user_id: userId,
        tier_id: tier.id,
        is_trial: true,
        started_at: at,
        expires_at: expires,
        // The day billing would start if the user kept Pro after the trial.
        next_billing_date: expires,
      });
      await linkTrialUsage(trx, userId, row.id);
      return row;
    });
  } catch (error) {
    // Two trial requests at once: the trial_usages primary key lets only one through.
    if (error instanceof AppError && (await hasUsedTrial(db, userId))) {
      throw new AppError(409, "trial_used", "You have already used your free trial.");
    }
    throw error;
  }
}

/** `DELETE /subscriptions/{id}/`: ends the user's active paid plan or trial; Community follows. */
export async function cancelSubscription(
  db: Kysely<Database>,
  userId: number,
  subscriptionId: string,
): Promise<Subscription> {
  const active = await getActiveSubscription(db, userId);
  if (active.row.public_id !== subscriptionId) {
    const other = await findSubscription(db, userId, subscriptionId);
    if (!other) throw new AppError(404, "not_found", "Subscription not found.");
    throw new AppError(409, "conflict", "This subscription has already ended.");
  }
  if (active.tier.key === "community") {
    throw new AppError(409, "conflict", "The Community plan is free and cannot be canceled.");
  }
  const row = await replaceActive(db, active.row, (trx, at) => startCommunity(trx, userId, new Date(at)));
  return present(db, userId, { row, tier: await findTierByKey(db, "community") });
}
