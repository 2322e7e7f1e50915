import { CURRENCY, PLANS, type PlanDefinition, yearlyMonthlyPrice } from "@draftroom/contracts";
import { numberFormat } from "@/lib/format.ts";

export type BillingPeriod = "monthly" | "yearly";

/** One landing tier card, computed from the shared PLANS constant for a billing period. */
export interface PricingTierView {
  plan: PlanDefinition;
  /** Price per month shown big, in euros (yearly: the monthly equivalent). */
  perMonth: number;
  /** Struck-through regular price per month, when the plan is discounted. */
  originalPerMonth: number | null;
  /** Yearly total shown in parentheses (yearly only, paid plans only). */
  yearlyTotal: number | null;
  originalYearlyTotal: number | null;
  isFree: boolean;
  /** Whole-percent discount of the early-bird price against the regular price. */
  discountPercent: number | null;
  /** Whole-percent saving of yearly billing against twelve monthly payments. */
  yearlySavingPercent: number | null;
}

function percentOff(price: number, regular: number): number {
  return Math.round((1 - price / regular) * 100);
}

/**
 * The card figures of a plan for a billing period.
 *
 * @example
 * pricingTier(planByKey("pro"), "yearly"); // perMonth 25, originalPerMonth 41.67, yearlyTotal 300 (was 500)
 */
export function pricingTier(plan: PlanDefinition, period: BillingPeriod): PricingTierView {
  const isFree = plan.price_monthly === 0;
  const yearly = period === "yearly" && plan.price_annual !== null;
  const perMonth = yearly ? (yearlyMonthlyPrice(plan) ?? plan.price_monthly) : plan.price_monthly;
  const originalPerMonth = plan.landing.hasDiscount
    ? yearly
      ? plan.original_annual !== null
        ? plan.original_annual / 12
        : null
      : plan.original_monthly
    : null;
  const discountPercent =
    plan.landing.hasDiscount && plan.original_monthly
      ? percentOff(plan.price_monthly, plan.original_monthly)
      : null;
  const yearlySavingPercent =
    plan.price_annual !== null && plan.price_monthly > 0
      ? percentOff(plan.price_annual, plan.price_monthly * 12)
      : null;
  return {
    plan,
    perMonth,
    originalPerMonth,
    yearlyTotal: yearly ? plan.price_annual : null,
    originalYearlyTotal: yearly && plan.landing.hasDiscount ? plan.original_annual : null,
    isFree,
    discountPercent,
    yearlySavingPercent,
  };
}

export function pricingTiers(period: BillingPeriod): PricingTierView[] {
  return PLANS.map((plan) => pricingTier(plan, period));
}

/** Euros in the visitor's language: whole amounts without decimals, others with two. */
export function formatPrice(amount: number, language: string): string {
  const whole = Number.isInteger(amount);
  return numberFormat(language, {
    style: "currency",
    currency: CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}
