import { ROUTES } from "@draftroom/contracts";
import { Lock, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";

/** What the full report adds, shown to plans that get the preview. */
export function ScoutingUpsell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("scouting");
  return (
    <section
      aria-labelledby="scouting-upsell-title"
      className="rounded-2xl border border-accent/40 bg-accent-soft/40 px-5 py-6 text-center sm:px-8"
    >
      <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent-soft-fg">
        <Lock aria-hidden="true" className="size-3.5" />
        {t("upsell.badge")}
      </span>
      <h2 id="scouting-upsell-title" className="mt-3 text-xl font-bold text-fg">
        {compact ? t("upsell.compareTitle") : t("upsell.title")}
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-sm text-muted">{t("upsell.body")}</p>
      <Link to={ROUTES.subscriptions} className={buttonClasses("primary", "md", "mt-5")}>
        <Sparkles aria-hidden="true" className="size-4" />
        {t("upsell.cta")}
      </Link>
      <p className="mt-2 text-xs text-muted">{t("upsell.trialHint")}</p>
    </section>
  );
}
