import { ChartLine, CircleDot, type LucideIcon, Rocket, Swords } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { dateTimeFormat } from "@/lib/format.ts";
import { SectionHeading } from "./SectionHeading.tsx";

type RoadmapStatus = "current" | "upcoming" | "future";

/** Roadmap points: today's draft tools, fearless series and analytics, all shipped. */
const POINTS: ReadonlyArray<{
  key: "now" | "fearless" | "analytics";
  status: RoadmapStatus;
  /** Year and month, formatted in the visitor's language; null for "available now". */
  date: { year: number; month: number } | null;
  icon: LucideIcon;
  features: readonly string[];
}> = [
  {
    key: "now",
    status: "current",
    date: null,
    icon: Rocket,
    features: ["draft", "recommendations", "priorities", "share"],
  },
  {
    key: "fearless",
    status: "current",
    date: null,
    icon: Swords,
    features: ["series", "tracking", "locks"],
  },
  {
    key: "analytics",
    status: "current",
    date: null,
    icon: ChartLine,
    features: ["patterns", "rates", "composition"],
  },
];

const STATUS_STYLE: Record<RoadmapStatus, { dot: string; chip: string; card: string }> = {
  current: {
    dot: "bg-success ring-success/25",
    chip: "bg-success-soft text-emerald-800 dark:text-emerald-300",
    card: "border-success/50",
  },
  upcoming: {
    dot: "bg-primary ring-primary/25",
    chip: "bg-primary-soft text-primary-soft-fg",
    card: "border-primary/40",
  },
  future: { dot: "bg-border-strong ring-border", chip: "bg-surface-3 text-muted", card: "border-border" },
};

export function RoadmapSection() {
  const { t, i18n } = useTranslation("landing");
  const monthFormat = dateTimeFormat(i18n.resolvedLanguage ?? "en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

  return (
    <section id="roadmap" aria-labelledby="roadmap-title" className="landing-section py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="roadmap-title"
          eyebrow={t("roadmap.eyebrow")}
          title={t("roadmap.title")}
          subtitle={t("roadmap.subtitle")}
        />
        <ol className="relative grid gap-6 lg:grid-cols-3 lg:gap-8">
          <span
            aria-hidden="true"
            className="absolute top-0 bottom-0 left-[11px] w-0.5 bg-gradient-to-b from-success via-primary to-border lg:top-[11px] lg:right-0 lg:bottom-auto lg:left-0 lg:h-0.5 lg:w-full lg:bg-gradient-to-r"
          />
          {POINTS.map(({ key, status, date, icon: Icon, features }) => {
            const style = STATUS_STYLE[status];
            const dateText = date
              ? monthFormat.format(new Date(Date.UTC(date.year, date.month - 1, 1)))
              : t("roadmap.points.now.date");
            return (
              <li key={key} className="relative pl-10 lg:pt-10 lg:pl-0" data-status={status}>
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute top-0 left-0 grid size-6 place-items-center rounded-full ring-4",
                    style.dot,
                  )}
                >
                  {status === "current" && <CircleDot className="size-3.5 text-white dark:text-black" />}
                </span>
                <article className={cn("h-full rounded-2xl border bg-surface p-6 shadow-card", style.card)}>
                  <div className="mb-4 flex items-center justify-between gap-3">
                    <span className="grid size-11 place-items-center rounded-xl bg-surface-2 text-primary">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className={cn("rounded-full px-2.5 py-1 text-xs font-semibold", style.chip)}>
                      {t(`roadmap.status.${status}`)}
                    </span>
                  </div>
                  <h3 className="font-display text-lg font-bold tracking-tight">
                    {t(`roadmap.points.${key}.period`)}
                  </h3>
                  <p className="mt-0.5 text-sm font-medium text-muted">
                    {date ? (
                      <time dateTime={`${date.year}-${String(date.month).padStart(2, "0")}`}>{dateText}</time>
                    ) : (
                      dateText
                    )}
                  </p>
                  <ul className="mt-4 space-y-2">
                    {features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2 text-sm">
                        <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                        {t(
                          `roadmap.points.${key}.features.${feature}` as "roadmap.points.now.features.draft",
                        )}
                      </li>
                    ))}
                  </ul>
                </article>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
