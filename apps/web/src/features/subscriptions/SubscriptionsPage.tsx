import type { Tier } from "@draftroom/contracts";
import { AlertTriangle, CheckCircle2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { useCurrentSubscription } from "@/lib/subscription.ts";
import { useStartTrial, useTiers } from "./api/subscriptions.ts";
import { ComparisonTable } from "./components/ComparisonTable.tsx";
import { ContactDialog, type ContactReason } from "./components/ContactDialog.tsx";
import { CurrentPlanCard } from "./components/CurrentPlanCard.tsx";
import { PlanFaq } from "./components/PlanFaq.tsx";
import { TierCard } from "./components/TierCard.tsx";
import { TrialBanner } from "./components/TrialBanner.tsx";
import { formatDate, sortTiers } from "./utils.ts";

export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation("subscriptions");
  const tiersQuery = useTiers();
  const subscriptionQuery = useCurrentSubscription();
  const startTrial = useStartTrial();
  const [contact, setContact] = useState<ContactReason | null>(null);

  const loading = tiersQuery.isPending || subscriptionQuery.isPending;
  const failed = tiersQuery.isError || subscriptionQuery.isError;
  const tiers = sortTiers(tiersQuery.data ?? []);
  const subscription = subscriptionQuery.data ?? null;
  const proTier = tiers.find((tier) => tier.key === "pro");
  const activeTierId = subscription?.is_active ? subscription.tier.id : null;
  const trialEligible = Boolean(
    subscription?.trial_available && !subscription.is_trial && subscription.tier.key !== "pro" && proTier,
  );

  function start() {
    if (!proTier) return;
    startTrial.mutate(proTier.id, { onSuccess: () => setContact(null) });
  }

  function choose(tier: Tier) {
    setContact(
      tier.price_monthly > 0 ? { kind: "upgrade", plan: tier.name } : { kind: "switch", plan: tier.name },
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 text-base text-muted sm:text-lg">{t("subtitle")}</p>
      </header>

      {loading ? (
        <PlansSkeleton label={t("loading")} />
      ) : failed ? (
        <div
          role="alert"
          className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-2xl border border-danger/30 bg-danger-soft px-6 py-8 text-center"
        >
          <AlertTriangle aria-hidden="true" className="size-8 text-danger" />
          <p className="mt-3 text-base font-semibold text-fg">{t("loadError")}</p>
          <p className="mt-1 text-sm text-muted">{t("loadErrorHint")}</p>
          <Button
            className="mt-5"
            onClick={() => {
              void tiersQuery.refetch();
              void subscriptionQuery.refetch();
            }}
            leftIcon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-8 space-y-4">
            {startTrial.isSuccess && subscription?.is_trial && (
              <div
                role="status"
                className="flex items-start gap-3 rounded-2xl border border-success/30 bg-success-soft p-4 text-sm"
              >
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                <div>
                  <p className="font-semibold text-fg">{t("trial.startedTitle")}</p>
                  <p className="text-muted">
                    {t("trial.started", {
                      date:
                        formatDate(
                          subscription.expires_at ?? subscription.next_billing_date,
                          i18n.language,
                        ) ?? "",
                    })}
                  </p>
                </div>
              </div>
            )}
            {startTrial.isError && (
              <p
                role="alert"
                className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-fg"
              >
                {isApiRequestError(startTrial.error) && startTrial.error.code === "trial_used"
                  ? t("trial.used")
                  : t("trial.failed")}
              </p>
            )}
            {subscription ? (
              <CurrentPlanCard subscription={subscription} onManage={() => setContact({ kind: "manage" })} />
            ) : (
              <section className="rounded-2xl border border-dashed border-border-strong bg-surface p-6 text-center">
                <h2 className="text-lg font-semibold text-fg">{t("current.none")}</h2>
                <p className="mt-1 text-sm text-muted">{t("current.noneHint")}</p>
              </section>
            )}
            {trialEligible && <TrialBanner onStart={start} pending={startTrial.isPending} />}
            {subscription &&
              !subscription.trial_available &&
              !subscription.is_trial &&
              subscription.tier.key !== "pro" && (
                <p className="text-center text-sm text-muted">{t("trial.used")}</p>
              )}
          </div>

          <section aria-labelledby="available-plans-heading" className="mt-12">
            <h2
              id="available-plans-heading"
              className="text-center text-2xl font-bold tracking-tight text-fg"
            >
              {t("plans.heading")}
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-3 md:gap-5 lg:gap-6">
              {tiers.map((tier) => (
                <TierCard key={tier.id} tier={tier} isCurrent={tier.id === activeTierId} onChoose={choose} />
              ))}
            </div>
          </section>

          <ComparisonTable tiers={tiers} currentTierId={activeTierId} />
          <PlanFaq />
        </>
      )}

      <ContactDialog
        reason={contact}
        onClose={() => setContact(null)}
        onStartTrial={trialEligible && contact?.kind !== "switch" ? start : undefined}
        trialPending={startTrial.isPending}
      />
    </div>
  );
}

function PlansSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="mt-8 space-y-6">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-56 animate-pulse rounded-2xl bg-surface-3" />
      <div aria-hidden="true" className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-96 animate-pulse rounded-2xl bg-surface-3" />
        ))}
      </div>
    </div>
  );
}
