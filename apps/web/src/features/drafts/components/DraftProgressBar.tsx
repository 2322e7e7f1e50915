import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

export interface DraftProgressBarProps {
  /** 0-100, from the engine's draft progress. */
  progress: number;
  /** Spoken value, e.g. "Step 8 of 20"; screen readers fall back to the percentage without it. */
  valueText?: string;
  /** Animate width changes (the live board; the public view just redraws on refresh). */
  animated?: boolean;
}

/** The thin blue-to-red bar under the scoreboard of the live and public draft pages. */
export function DraftProgressBar({ progress, valueText, animated }: DraftProgressBarProps) {
  const { t } = useTranslation("drafts");
  return (
    <div
      className="h-1.5 overflow-hidden rounded-full bg-surface-3"
      role="progressbar"
      aria-label={t("page.progress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-valuetext={valueText}
    >
      <div
        className={cn(
          "h-full rounded-full bg-gradient-to-r from-team-blue via-primary to-team-red",
          animated && "transition-[width] duration-300",
        )}
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}

/** The "Complete" chip shown in the scoreboard once all 20 steps are taken. */
export function DraftCompleteChip() {
  const { t } = useTranslation("drafts");
  return (
    <span className="rounded-full bg-success-soft px-3 py-1 text-xs font-bold text-[hsl(152_62%_26%)] dark:text-success">
      {t("phase.complete")}
    </span>
  );
}
