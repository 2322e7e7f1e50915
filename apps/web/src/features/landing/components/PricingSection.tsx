import { EARLY_BIRD_TEAMS } from "@draftroom/contracts";
import { Check, Clock3, Crown, Flame, Gift } from "lucide-react";
import { type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cn } from "@/lib/cn.ts";
import { type BillingPeriod, formatPrice, type PricingTierView, pricingTiers } from "../pricing.ts";
import { BadgeTooltip } from "./BadgeTooltip.tsx";
import { SectionHeading } from "./SectionHeading.tsx";

export const PRICING_SECTION_ID = "pricing-section";

/** "Choose Your Plan": the tiers of the shared PLANS constant, yearly by default. */
export function PricingSection({ ref }: { ref?: Ref<HTMLElement> }) {
  const { t } = useTranslation("landing");
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const tiers = pricingTiers(period);

  return (
    <section
      ref={ref}
      id={PRICING_SECTION_ID}
      aria-labelledby="pricing-title"
      className="landing-section border-y border-border bg-surface-2/50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow={t("pricing.eyebrow")}
          title={t("pricing.title")}
          subtitle={t("pricing.subtitle")}
        />

        <div className="mb-10 flex flex-col items-center gap-3">
          <fieldset className="inline-flex rounded-full border border-border bg-surface p-1 shadow-card">
            <legend className="sr-only">{t("pricing.billing")}</legend>
            {(["monthly", "yearly"] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                className={cn(
                  "inline-flex h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors",
                  period === value ? "bg-primary text-primary-fg shadow-sm" : "text-muted hover:text-fg",
                )}
              >
                {t(`pricing.${value}`)}
                {value === "yearly" && (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-[11px] font-bold",
                      period === value ? "bg-white/20 text-current" : "bg-accent-soft text-accent-soft-fg",
                    )}
                  >
                    {t("pricing.freeMonths")}
                  </span>
                )}
              </button>
            ))}
          </fieldset>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <Gift aria-hidden="true" className="size-4" />
            {t("pricing.yearlyNote")}
          </p>
        </div>

        <ul className="grid grid-cols-1 items-stretch gap-5 lg:grid-cols-3">
          {tiers.map((tier) => (
            <li key={tier.plan.key} className="flex min-w-0">
              <TierCard tier={tier} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-muted">{t("pricing.noCard")}</p>
      </div>
    </section>
  );
}

function TierCard({ tier }: { tier: PricingTierView }) {
  const { t, i18n } = useTranslation("landing");
  const language = i18n.resolvedLanguage ?? "en";
  const { plan } = tier;
  const price = (amount: number) => formatPrice(amount, language);
  const badge = plan.landing.badge;
  const popular = plan.landing.popular;
  const discounted = plan.landing.hasDiscount;
  const titleId = `plan-${plan.key}-title`;

  return (
    <article
      aria-labelledby={titleId}
      data-plan={plan.key}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border bg-surface p-6 shadow-card sm:p-7",
        popular ? "border-primary shadow-pop ring-1 ring-primary lg:-my-3 lg:py-10" : "border-border",
        discounted && "border-accent/60",
      )}
    >
      <header className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="font-display text-xl font-extrabold tracking-tight">
          {plan.name}
        </h3>
        {badge && (
          <BadgeTooltip
            tooltip={t(`pricing.badgeTooltip.${badge}`, {
              percent: badge === "pro" ? (tier.discountPercent ?? 0) : (tier.yearlySavingPercent ?? 0),
            })}
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold",
              badge === "pro" ? "bg-accent-soft text-accent-soft-fg" : "bg-primary text-primary-fg",
            )}
          >
            {badge === "pro" ? (
              <Crown aria-hidden="true" className="size-3.5" />
            ) : (
              <Flame aria-hidden="true" className="size-3.5" />
            )}
            {t(`pricing.badges.${badge}`)}
          </BadgeTooltip>
        )}
      </header>
      <p className="mt-2 min-h-10 text-sm text-muted">{t(`pricing.descriptions.${plan.key}`)}</p>

      <div className="mt-6 min-h-[6.5rem]" data-testid={`price-${plan.key}`}>
        {discounted && (
          <p className="mb-1 inline-flex items-center gap-1 rounded-md bg-accent-soft px-2 py-0.5 text-xs font-bold text-accent-soft-fg">
            {t("pricing.earlyBird")}
          </p>
        )}
        <p className="flex flex-wrap items-baseline gap-x-2">
          {tier.isFree ? (
            <>
              <span className="font-display text-5xl font-extrabold tracking-tight">{t("pricing.free")}</span>
              <span className="text-sm text-muted">{t("pricing.forever")}</span>
            </>
          ) : (
            <>
              <span className="font-display text-5xl font-extrabold tracking-tight tabular-nums">
                {price(tier.perMonth)}
              </span>
              <span className="text-sm font-medium text-muted">{t("pricing.perMonth")}</span>
              {tier.originalPerMonth !== null && (
                <s className="text-lg font-semibold text-muted tabular-nums">
                  <span className="sr-only">{t("pricing.regularPrice")} </span>
                  {price(tier.originalPerMonth)}
                </s>
              )}
            </>
          )}
        </p>
        {tier.yearlyTotal !== null && (
          <p className="mt-1.5 text-sm text-muted tabular-nums">
            (
            {tier.originalYearlyTotal !== null && (
              <>
                <s className="text-muted">
                  <span className="sr-only">{t("pricing.regularPrice")} </span>
                  {price(tier.originalYearlyTotal)}
                </s>{" "}
              </>
            )}
            {t("pricing.yearlyTotal", { price: price(tier.yearlyTotal) })})
          </p>
        )}
      </div>

      <ul className="mt-6 flex flex-1 flex-col gap-3 border-t border-border pt-6">
        {plan.landing.features.map((feature) => {
          const available = feature.status === "available";
          return (
            <li key={feature.key} className="flex items-start gap-2.5 text-sm">
              {available ? (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              ) : (
                <Clock3 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-soft-fg" />
              )}
              <span className={available ? "text-fg" : "text-muted"}>
                {t(`pricing.features.${feature.key}` as "pricing.features.threeDrafts")}
                <span className={available ? "sr-only" : "ml-1.5 text-xs font-semibold text-accent-soft-fg"}>
                  {available
                    ? ` (${t("pricing.featureStatus.available")})`
                    : `(${t("pricing.featureStatus.coming_soon")})`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>

      {discounted && (
        <p className="mt-6 rounded-lg border border-accent/40 bg-accent-soft px-3 py-2 text-xs font-medium text-accent-soft-fg">
          {t("pricing.earlyAdopter", { count: EARLY_BIRD_TEAMS })}
        </p>
      )}

      <Link
        to={plan.landing.ctaLink}
        className={cn(
          "mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-xl px-5 py-3 text-center text-base font-semibold text-balance transition-colors",
          popular || discounted
            ? "landing-cta-glow bg-primary text-primary-fg hover:bg-primary-hover"
            : "border border-border-strong bg-surface text-fg hover:bg-surface-2",
        )}
      >
        {t(`pricing.cta.${plan.key}`)}
      </Link>
    </article>
  );
}
