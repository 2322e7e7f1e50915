import { CircleCheck, Rocket, Swords, Target, Trophy, Users } from "lucide-react";
import { useTranslation } from "react-i18next";

const BENEFITS = [
  { key: "firstPicks", Icon: Trophy },
  { key: "counterPicks", Icon: Swords },
  { key: "synergy", Icon: Users },
  { key: "composition", Icon: Target },
] as const;

interface CompletePanelProps {
  startPlanHref?: string;
  onStartPlan?: () => void;
}

/** Shown when no phase is left: what a plan adds, and the way to start one. */
export function CompletePanel({ startPlanHref, onStartPlan }: CompletePanelProps) {
  const { t } = useTranslation("board");
  const ctaClass =
    "inline-flex h-11 items-center justify-center gap-2 self-start rounded-lg bg-primary px-5 text-sm font-semibold text-primary-fg shadow-card transition hover:bg-primary-hover";
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-success/30 bg-success-soft/60 p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-success text-white dark:text-black">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="font-display text-lg font-extrabold">{t("complete.title")}</p>
          <p className="text-sm text-muted">{t("complete.subtitle")}</p>
        </div>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {BENEFITS.map(({ key, Icon }) => (
          <li
            key={key}
            className="flex items-center gap-2 rounded-lg bg-surface px-3 py-2 text-sm font-medium shadow-card"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {t(`complete.benefits.${key}`)}
          </li>
        ))}
      </ul>
      {startPlanHref ? (
        <a href={startPlanHref} onClick={onStartPlan} className={ctaClass}>
          <Rocket aria-hidden="true" className="size-4" />
          {t("complete.startPlan")}
        </a>
      ) : (
        <button type="button" onClick={onStartPlan} className={ctaClass}>
          <Rocket aria-hidden="true" className="size-4" />
          {t("complete.startPlan")}
        </button>
      )}
    </div>
  );
}
