import type { TimerPhase } from "@draftroom/draft";
import { Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

export interface StepTimerProps {
  remaining: number;
  total: number;
  phase: TimerPhase;
  paused?: boolean;
  side: "BLUE" | "RED";
}

/** The countdown of the step on the clock: big seconds, a draining bar, urgent in the last 5 s. */
export function StepTimerDisplay({ remaining, total, phase, paused, side }: StepTimerProps) {
  const { t } = useTranslation("drafts");
  const urgent = phase !== "running" || remaining <= 5;
  const fraction = total > 0 ? Math.max(0, Math.min(1, remaining / total)) : 0;
  const minutes = Math.floor(remaining / 60);
  const seconds = remaining % 60;
  const text = minutes > 0 ? `${minutes}:${String(seconds).padStart(2, "0")}` : String(seconds);
  return (
    <div
      role="timer"
      aria-label={t("timer.label")}
      className="flex min-w-[128px] flex-col items-center gap-1"
      data-phase={phase}
      data-remaining={remaining}
    >
      <div className="flex items-center gap-1.5">
        <Timer
          aria-hidden
          className={cn("size-5", urgent ? "text-[hsl(354_72%_40%)] dark:text-danger" : "text-muted")}
        />
        <span
          className={cn(
            "font-display text-4xl leading-none font-extrabold tabular-nums lg:text-5xl",
            urgent ? "text-[hsl(354_72%_40%)] dark:text-danger" : "text-fg",
            phase !== "running" && "animate-pulse",
          )}
        >
          {text}
        </span>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
        <div
          className={cn(
            "h-full origin-left rounded-full transition-transform duration-300 ease-linear",
            urgent ? "bg-danger" : side === "BLUE" ? "bg-team-blue" : "bg-team-red",
          )}
          // A transform, not a width: the bar moves four times a second, and a width relaid the page.
          style={{ transform: `scaleX(${fraction})` }}
        />
      </div>
      <span className="sr-only" aria-live={remaining <= 5 ? "polite" : "off"}>
        {phase === "running" ? t("timer.seconds", { count: remaining }) : t("timer.grace")}
      </span>
      {paused && (
        <span className="text-[10px] font-semibold tracking-wide text-muted uppercase">
          {t("timer.paused")}
        </span>
      )}
      {phase === "grace" && !paused && (
        <span className="text-[10px] font-semibold tracking-wide text-[hsl(354_72%_40%)] dark:text-danger uppercase">
          {t("timer.grace")}
        </span>
      )}
    </div>
  );
}
