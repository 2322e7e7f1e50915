/**
 * The three plans, once. The server seeds its tiers from this constant and the landing page and
 * the subscription screen render it, so prices never disagree. Prices are in euros.
 */

export const PLAN_KEYS = ["community", "plus", "pro"] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const CURRENCY = "EUR";

export interface TierFeatures {
  /** Saved draft sessions allowed; -1 means unlimited. */
  max_drafts: number;
  advanced_analytics: boolean;
  team_collaboration: boolean;
  export_capabilities: boolean;
  priority_support: boolean;
  custom_branding: boolean;
}

export const TIER_FEATURE_KEYS = [
  "max_drafts",
  "advanced_analytics",
  "team_collaboration",
  "export_capabilities",
  "priority_support",
  "custom_branding",
] as const satisfies readonly (keyof TierFeatures)[];

export const UNLIMITED = -1;

export type LandingFeatureStatus = "available" | "coming_soon";

export interface PlanDefinition {
  key: PlanKey;
  name: string;
  /** Current price per month, euros. */
  price_monthly: number;
  /** Current price for a year paid at once, euros; null for the free plan. */
  price_annual: number | null;
  /** Regular prices when an early-bird discount applies. */
  original_monthly: number | null;
  original_annual: number | null;
  features: TierFeatures;
  landing: {
    popular: boolean;
    /** i18n key suffix of the badge: `landing.pricing.badges.<badge>`. */
    badge: "popular" | "pro" | null;
    hasDiscount: boolean;
    /** Feature lines shown on the landing card; text at `landing.pricing.features.<key>`. */
    features: ReadonlyArray<{ key: string; status: LandingFeatureStatus }>;
    ctaLink: string;
  };
}

export const PLANS: readonly PlanDefinition[] = [
  {
    key: "community",
    name: "Community",
    price_monthly: 0,
    price_annual: null,
    original_monthly: null,
    original_annual: null,
    features: {
      max_drafts: 3,
      advanced_analytics: false,
      team_collaboration: false,
      export_capabilities: false,
      priority_support: false,
      custom_branding: false,
    },
    landing: {
      popular: false,
      badge: null,
      hasDiscount: false,
      features: [
        { key: "threeDrafts", status: "available" },
        { key: "draftSystem", status: "available" },
        { key: "recommendations", status: "available" },
        { key: "publicLinks", status: "available" },
        { key: "joinTeam", status: "available" },
      ],
      ctaLink: "/register",
    },
  },
  {
    key: "plus",
    name: "Plus",
    price_monthly: 10,
    price_annual: 96,
    original_monthly: null,
    original_annual: null,
    features: {
      max_drafts: -1,
      advanced_analytics: false,
      team_collaboration: true,
      export_capabilities: true,
      priority_support: true,
      custom_branding: false,
    },
    landing: {
      popular: true,
      badge: "popular",
      hasDiscount: false,
      features: [
        { key: "unlimitedDrafts", status: "available" },
        { key: "teamWorkspace", status: "available" },
        { key: "liveRoomsPlans", status: "available" },
        { key: "teamPriorities", status: "available" },
        { key: "prioritySupport", status: "available" },
        { key: "privateDiscord", status: "available" },
      ],
      ctaLink: "/register",
    },
  },
  {
    key: "pro",
    name: "Pro",
    price_monthly: 30,
    price_annual: 300,
    original_monthly: 50,
    original_annual: 500,
    features: {
      max_drafts: -1,
      advanced_analytics: true,
      team_collaboration: true,
      export_capabilities: true,
      priority_support: true,
      custom_branding: true,
    },
    landing: {
      popular: false,
      badge: "pro",
      hasDiscount: true,
      features: [
        { key: "everythingInPlus", status: "available" },
        { key: "teamWorkspaces", status: "available" },
        { key: "scoutingForStaff", status: "available" },
        { key: "matchStatistics", status: "available" },
        { key: "fearlessSeries", status: "available" },
        { key: "advancedAnalytics", status: "available" },
      ],
      ctaLink: "/register",
    },
  },
];

/** Early-bird seats: the first teams on Pro keep this price for life while they stay subscribed. */
export const EARLY_BIRD_TEAMS = 5;

/** Monthly equivalent of a yearly price (Plus 96/yr -> 8, Pro 300/yr -> 25). */
export function yearlyMonthlyPrice(plan: PlanDefinition): number | null {
  return plan.price_annual === null ? null : plan.price_annual / 12;
}

export function planByKey(key: PlanKey): PlanDefinition {
  const plan = PLANS.find((candidate) => candidate.key === key);
  if (!plan) throw new Error(`Unknown plan ${key}`);
  return plan;
}
