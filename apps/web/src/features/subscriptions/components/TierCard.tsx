import { TIER_FEATURE_KEYS, type Tier, WORKSPACE_PLAN_LIMITS } from "@draftroom/contracts";
import { Check, Minus, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { formatEuros, isUnlimited } from "../utils.ts";

interface Props {
  tier: Tier;
  isCurrent: boolean;
  onChoose: (tier: Tier) => void;
}

export function TierCard({ tier, isCurrent, onChoose }: Props) {
  const { t, i18n } = useTranslation("subscriptions");
  const locale = i18n.language;
  const popular = tier.key === "pro";
  const headingId = `tier-${tier.key}-name`;
  const isFree = tier.price_monthly <= 0;

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-surface p-5 shadow-card transition sm:p-6",
        popular ? "border-primary ring-1 ring-primary lg:-translate-y-1" : "border-border",
        isCurrent && !popular && "border-success",
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 whitespace-nowrap rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-fg shadow-card">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {t("plans.mostPopular")}
        </span>
      )}
      <h3 id={headingId} className="text-lg font-bold text-fg">
        {tier.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm text-muted">{t(`plans.descriptions.${tier.key}`)}</p>

      <div className="mt-4 flex items-baseline gap-1">
        {isFree ? (
          <span className="text-4xl font-extrabold tracking-tight text-fg">{t("plans.free")}</span>
        ) : (
          <>
            <span aria-hidden="true" className="text-4xl font-extrabold tracking-tight text-fg tabular-nums">
              {formatEuros(tier.price_monthly, locale)}
            </span>
            <span aria-hidden="true" className="text-sm font-medium text-muted">
              {t("plans.perMonth")}
            </span>
            <span className="sr-only">
              {t("plans.priceLabel", { price: formatEuros(tier.price_monthly, locale) })}
            </span>
          </>
        )}
      </div>
      <div className="mt-1 flex min-h-6 flex-wrap items-center gap-2 text-sm text-muted">
        {tier.price_annual !== null && tier.price_annual > 0 && (
          <>
            <span className="tabular-nums">
              {t("plans.annual", { price: formatEuros(tier.price_annual, locale) })}
            </span>
            <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-[hsl(152_70%_25%)] dark:text-success">
              {t("plans.save20")}
            </span>
          </>
        )}
      </div>

      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        <TeamLines tier={tier} />
        {TIER_FEATURE_KEYS.map((key) => {
          if (key === "max_drafts") {
            const max = tier.features.max_drafts;
            return (
              <li key={key} className="flex items-start gap-2.5 text-fg">
                <FeatureIcon included />
                {isUnlimited(max)
                  ? t("features.draftsUnlimited")
                  : t("features.draftsLimited", { count: max })}
              </li>
            );
          }
          const included = tier.features[key];
          return (
            <li key={key} className={cn("flex items-start gap-2.5", included ? "text-fg" : "text-muted")}>
              <FeatureIcon included={included} />
              <span>
                {t(`features.${key}`)}
                <span className="sr-only">
                  {" "}
                  ({included ? t("features.included") : t("features.notIncluded")})
                </span>
              </span>
            </li>
          );
        })}
      </ul>

      <Button
        size="lg"
        variant={isCurrent ? "secondary" : popular ? "primary" : "outline"}
        disabled={isCurrent}
        onClick={() => onChoose(tier)}
        className="mt-6 w-full"
      >
        {isCurrent ? t("plans.currentPlan") : isFree ? t("plans.getStarted") : t("plans.upgrade")}
      </Button>
    </article>
  );
}

/**
 * What a team gets on this plan, first on the card (decision 053): its workspaces and seats, what
 * the staff works with inside them, and that joining a team's workspace needs no plan of one's own.
 */
function TeamLines({ tier }: { tier: Tier }) {
  const { t } = useTranslation("subscriptions");
  const limits = WORKSPACE_PLAN_LIMITS[tier.key];
  if (limits.max_workspaces === 0) {
    return (
      <li className="flex items-start gap-2.5 text-fg">
        <FeatureIcon included />
        {t("team.join")}
      </li>
    );
  }
  return (
    <>
      <li className="flex items-start gap-2.5 text-fg">
        <FeatureIcon included />
        {t("team.workspaces", {
          count: limits.max_workspaces,
          staff: limits.staff_seats,
          roster: limits.roster_size,
        })}
      </li>
      <li className="flex items-start gap-2.5 text-fg">
        <FeatureIcon included />
        {t(tier.features.advanced_analytics ? "team.coversWithScouting" : "team.covers")}
      </li>
    </>
  );
}

function FeatureIcon({ included }: { included: boolean }) {
  return included ? (
    <span className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full bg-success-soft text-success">
      <Check aria-hidden="true" className="size-3" strokeWidth={3} />
    </span>
  ) : (
    <span className="mt-0.5 grid size-4 shrink-0 place-items-center rounded-full bg-surface-3 text-subtle">
      <Minus aria-hidden="true" className="size-3" strokeWidth={3} />
    </span>
  );
}
