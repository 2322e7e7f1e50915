import { ROUTES } from "@draftroom/contracts";
import { BarChart3, Check, Lock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";

const POINTS = ["picks", "first", "sides", "activity"] as const;
const BARS = [72, 54, 88, 40, 64, 30, 80];

/** Shown instead of the charts to plans without `advanced_analytics`. */
export function AnalyticsUpsell() {
  const { t } = useTranslation("analytics");
  return (
    <section
      aria-labelledby="analytics-upsell-title"
      className="relative overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 flex items-end justify-center gap-3 px-10 pb-0 opacity-40 blur-[3px]"
      >
        {BARS.map((height, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
            key={index}
            className="w-full max-w-16 rounded-t-lg bg-gradient-to-t from-primary/40 to-secondary/40"
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
      <div className="relative bg-gradient-to-b from-surface/95 via-surface/90 to-surface/70 px-5 py-10 sm:px-10 sm:py-14">
        <div className="mx-auto max-w-xl text-center">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-soft-fg">
            <Lock aria-hidden="true" className="size-3.5" />
            {t("upsell.badge")}
          </span>
          <h2
            id="analytics-upsell-title"
            className="mt-4 text-2xl font-bold tracking-tight text-fg sm:text-3xl"
          >
            {t("upsell.title")}
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">{t("upsell.body")}</p>
          <ul className="mx-auto mt-6 grid max-w-lg gap-2 text-left text-sm sm:grid-cols-2">
            {POINTS.map((point) => (
              <li key={point} className="flex items-start gap-2 text-fg">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" strokeWidth={3} />
                {t(`upsell.points.${point}`)}
              </li>
            ))}
          </ul>
          <Link to={ROUTES.subscriptions} className={buttonClasses("primary", "lg", "mt-8")}>
            <BarChart3 aria-hidden="true" className="size-5" />
            {t("upsell.cta")}
          </Link>
          <p className="mt-3 text-xs text-muted">{t("upsell.trialHint")}</p>
        </div>
      </div>
    </section>
  );
}
