import type { WinEstimate as WinEstimateData } from "@draftroom/contracts";
import { Scale } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { useWinEstimate } from "../hooks/useRecommendations.ts";

const percent = (p: number) => Math.round(p * 100);

/**
 * The draft's win estimate with its uncertainty, and what it rests on. It never claims more than
 * the data: too few games shows no percentage; picks that did not beat the base rate on held-out
 * games show only the base rate, saying so.
 */
export function WinEstimate({
  estimate,
  className,
}: {
  estimate: WinEstimateData | null;
  className?: string;
}) {
  const { t } = useTranslation("drafts");
  if (!estimate) return null;
  const range = { rate: percent(estimate.blue), low: percent(estimate.low), high: percent(estimate.high) };
  let headline: string;
  let detail: string | null = null;
  if (!estimate.sufficient) {
    headline = t("winEstimate.insufficient", { count: estimate.games });
  } else if (estimate.basis === "base_rate") {
    headline = t("winEstimate.baseRate", range);
    detail = t("winEstimate.baseRateBasis", { count: estimate.games });
  } else {
    headline = t("winEstimate.draft", { ...range, team: t("winEstimate.blueSide") });
    detail = t("winEstimate.draftBasis", {
      count: estimate.games,
      logloss: estimate.logloss?.toFixed(3) ?? "–",
      constant: estimate.logloss_constant?.toFixed(3) ?? "–",
    });
  }
  return (
    <section
      aria-label={t("winEstimate.title")}
      data-testid="win-estimate"
      className={cn("flex items-start gap-1.5 text-xs text-muted", className)}
    >
      <Scale className="mt-px size-3.5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold text-fg">{t("winEstimate.title")}: </span>
        {headline}
        {detail && <span className="block">{detail}</span>}
      </p>
    </section>
  );
}

/** The win estimate of a finished draft, for the completion panel. */
export function CompletedDraftWinEstimate({
  sessionId,
  className,
}: {
  sessionId: string;
  className?: string;
}) {
  const estimate = useWinEstimate(sessionId, 20);
  return <WinEstimate estimate={estimate} {...(className ? { className } : {})} />;
}
