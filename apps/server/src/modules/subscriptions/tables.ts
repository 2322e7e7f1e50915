import type { Generated } from "kysely";

export interface SubscriptionsTable {
  id: Generated<number>;
  /** The subscription's id in every answer and route (decision 041): `id` stays internal. */
  public_id: string;
  user_id: number;
  tier_id: number;
  is_active: boolean | number;
  is_trial: boolean | number;
  started_at: string;
  expires_at: string | null;
  next_billing_date: string | null;
  canceled_at: string | null;
  created_at: string;
}

/** One row per user who ever started the free trial: the primary key makes it one-time. */
export interface TrialUsagesTable {
  user_id: number;
  subscription_id: number | null;
  started_at: string;
}

export interface SubscriptionsTables {
  subscriptions: SubscriptionsTable;
  trial_usages: TrialUsagesTable;
}
