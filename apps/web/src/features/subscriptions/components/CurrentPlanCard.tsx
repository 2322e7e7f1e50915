import type { Subscription } from "@draftroom/contracts";
import { CalendarClock, CalendarDays, CalendarPlus, Settings2, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";
import { daysUntil, draftsLeft, formatDate, isUnlimited, usagePercent } from "../utils.ts";

interface Props {
  subscription: Subscription;
  onManage: () => void;
}

export function CurrentPlanCard({ subscription, onManage }: Props) {
  const { t, i18n } = useTranslation("subscriptions");
  const locale = i18n.language;
  const { tier, usage } = subscription;
  const billingIso = subscription.is_trial
    ? (subscription.expires_at ?? subscription.next_billing_date)
    : subscription.next_billing_date;
  const billingDate = formatDate(billingIso, locale);
  const days = daysUntil(billingIso);
  const maxDrafts = tier.features.max_drafts;
  const percent = usagePercent(usage.drafts_used, maxDrafts);
  const left = draftsLeft(usage.drafts_used, maxDrafts);
  const atLimit = left === 0;

  return (
    <section
      aria-labelledby="current-plan-heading"
      className="relative overflow-hidden rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-primary via-secondary to-accent"
      />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t("current.heading")}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <h2 id="current-plan-heading" className="text-2xl font-bold tracking-tight text-fg">
              {tier.name}
            </h2>
            <span
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                subscription.is_active
                  ? "bg-success-soft text-[hsl(152_70%_25%)] dark:text-success"
                  : "bg-surface-3 text-muted",
              )}
            >
              <span
                aria-hidden="true"
                className={cn("size-1.5 rounded-full", subscription.is_active ? "bg-success" : "bg-subtle")}
              />
              {subscription.is_active ? t("current.active") : t("current.inactive")}
            </span>
            {subscription.is_trial && (
              <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent-soft-fg">
                {t("current.trial")}
              </span>
            )}
          </div>
        </div>
        <Button
          variant="outline"
          onClick={onManage}
          leftIcon={<Settings2 aria-hidden="true" className="size-4" />}
        >
          {t("current.managePlan")}
        </Button>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat
          wide
          icon={<CalendarClock aria-hidden="true" className="size-4" />}
          label={subscription.is_trial ? t("current.trialEnds") : t("current.nextBilling")}
          value={billingDate ?? t("current.noBilling")}
        />
        <Stat
          icon={<CalendarDays aria-hidden="true" className="size-4" />}
          label={subscription.is_trial ? t("current.daysLeftInTrial") : t("current.daysUntilRenewal")}
          value={days === null ? t("current.noRenewal") : t("current.daysValue", { count: days })}
        />
        <Stat
          icon={<CalendarPlus aria-hidden="true" className="size-4" />}
          label={t("current.startDate")}
          value={formatDate(subscription.created_at, locale) ?? "—"}
        />
      </dl>

      {subscription.is_trial && (
        <div className="mt-4 flex gap-3 rounded-xl border border-accent/40 bg-accent-soft p-3 text-sm">
          <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-soft-fg" />
          <p className="text-fg">
            <span className="font-semibold">{t("trial.activeTitle")}.</span>{" "}
            {t("trial.activeBody", { date: billingDate ?? "—" })}
          </p>
        </div>
      )}

      {percent !== null && !isUnlimited(maxDrafts) ? (
        <div className="mt-5">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span id="plan-usage-label" className="font-medium text-fg">
              {t("current.usage")}
            </span>
            <span className="tabular-nums text-muted">
              {t("current.usageValue", { used: usage.drafts_used, max: maxDrafts })}
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="plan-usage-label"
            aria-valuemin={0}
            aria-valuemax={maxDrafts}
            aria-valuenow={Math.min(usage.drafts_used, maxDrafts)}
            aria-valuetext={t("current.usageValue", { used: usage.drafts_used, max: maxDrafts })}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface-3"
          >
            <div
              className={cn(
                "h-full rounded-full transition-[width] duration-500",
                atLimit ? "bg-danger" : percent >= 67 ? "bg-warning" : "bg-primary",
              )}
              style={{ width: `${Math.max(percent, usage.drafts_used > 0 ? 4 : 0)}%` }}
            />
          </div>
          <p
            className={cn(
              "mt-2 text-sm",
              atLimit ? "font-medium text-[hsl(354_72%_42%)] dark:text-danger" : "text-muted",
            )}
          >
            {atLimit ? t("current.usageAtLimit") : t("current.usageLeft", { count: left ?? 0 })}
          </p>
        </div>
      ) : (
        <p className="mt-5 text-sm text-muted">{t("current.usageUnlimited", { count: usage.drafts_used })}</p>
      )}
    </section>
  );
}

function Stat({
  icon,
  label,
  value,
  wide,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        "min-w-0 rounded-xl border border-border bg-surface-2 px-4 py-3",
        wide && "col-span-2 sm:col-span-1",
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-fg">{value}</dd>
    </div>
  );
}
