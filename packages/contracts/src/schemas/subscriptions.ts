import { z } from "zod";
import { PLAN_KEYS } from "../plans.ts";
import { MAX_ROW_ID, timestampSchema } from "./common.ts";

export const tierFeaturesSchema = z.object({
  max_drafts: z.number().int(),
  advanced_analytics: z.boolean(),
  team_collaboration: z.boolean(),
  export_capabilities: z.boolean(),
  priority_support: z.boolean(),
  custom_branding: z.boolean(),
});

export const tierSchema = z.object({
  id: z.number().int(),
  key: z.enum(PLAN_KEYS),
  name: z.string(),
  price_monthly: z.number(),
  price_annual: z.number().nullable(),
  features: tierFeaturesSchema,
});
export type Tier = z.infer<typeof tierSchema>;

export const subscriptionSchema = z.object({
  /** The subscription's public id, a uuid (decision 041). */
  id: z.uuid(),
  tier: tierSchema,
  is_active: z.boolean(),
  is_trial: z.boolean(),
  trial_available: z.boolean(),
  next_billing_date: timestampSchema.nullable(),
  expires_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  usage: z.object({ drafts_used: z.number().int().nonnegative() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionCreateBodySchema = z.object({
  tier_id: z.number().int().positive().max(MAX_ROW_ID),
  trial: z.boolean().optional(),
  billing_period: z.enum(["monthly", "yearly"]).optional(),
});
