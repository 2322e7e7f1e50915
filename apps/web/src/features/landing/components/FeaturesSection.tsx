import type { LandingFeatureStatus } from "@draftroom/contracts";
import { ChartColumn, Clock3, Layers, type LucideIcon, Sparkles, Swords, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { SectionHeading } from "./SectionHeading.tsx";

/** The feature cards, the team workspace last. */
const FEATURES: ReadonlyArray<{
  key: "draftSystem" | "recommendations" | "fearless" | "analytics" | "team";
  icon: LucideIcon;
  status: LandingFeatureStatus;
}> = [
  { key: "draftSystem", icon: Swords, status: "available" },
  { key: "recommendations", icon: Sparkles, status: "available" },
  { key: "fearless", icon: Layers, status: "available" },
  { key: "analytics", icon: ChartColumn, status: "available" },
  { key: "team", icon: UsersRound, status: "available" },
];

export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <section id="features" aria-labelledby="features-title" className="landing-section py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={t("features.eyebrow")}
          title={t("features.title")}
          subtitle={t("features.subtitle")}
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon, status }) => {
            const available = status === "available";
            return (
              <li
                key={key}
                className="group relative flex flex-col rounded-2xl border border-border bg-surface p-6 shadow-card transition hover:-translate-y-0.5 hover:border-primary/40"
              >
                <div className="mb-5 flex items-start justify-between gap-3">
                  <span
                    className={cn(
                      "grid size-12 place-items-center rounded-xl",
                      available ? "bg-primary-soft text-primary-soft-fg" : "bg-surface-3 text-muted",
                    )}
                  >
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span
                    className={cn(
                      "inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold",
                      available
                        ? "bg-success-soft text-emerald-800 dark:text-emerald-300"
                        : "bg-accent-soft text-accent-soft-fg",
                    )}
                  >
                    {available ? (
                      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
                    ) : (
                      <Clock3 aria-hidden="true" className="size-3.5" />
                    )}
                    {t(`features.status.${status}`)}
                  </span>
                </div>
                <h3 className="font-display text-lg font-bold tracking-tight">
                  {t(`features.items.${key}.title`)}
                </h3>
                <p className="mt-2 text-sm leading-relaxed text-muted">
                  {t(`features.items.${key}.description`)}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
