import { FREE_TRIAL_DAYS } from "@draftroom/contracts";
import { Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";

interface Props {
  onStart: () => void;
  pending: boolean;
}

export function TrialBanner({ onStart, pending }: Props) {
  const { t } = useTranslation("subscriptions");
  return (
    <section
      aria-labelledby="trial-banner-heading"
      className="relative overflow-hidden rounded-2xl border border-primary/30 bg-gradient-to-br from-primary-soft via-surface to-secondary-soft p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-fg shadow-card">
            <Rocket aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="trial-banner-heading" className="text-lg font-bold text-fg">
              {t("trial.title", { days: FREE_TRIAL_DAYS })}
            </h2>
            <p className="mt-1 max-w-xl text-sm text-muted">{t("trial.body")}</p>
          </div>
        </div>
        {/* Wraps instead of overflowing on phones (the Spanish label is long). */}
        <Button
          size="lg"
          onClick={onStart}
          loading={pending}
          loadingText={t("trial.starting")}
          className="text-center max-sm:h-auto! max-sm:min-h-12 max-sm:py-2.5 max-sm:whitespace-normal!"
        >
          {t("trial.start", { days: FREE_TRIAL_DAYS })}
        </Button>
      </div>
    </section>
  );
}
