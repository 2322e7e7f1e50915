import type { WinEstimate as WinEstimateData } from "@draftroom/contracts";
import type { TFunction } from "i18next";
import { Scale } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { formatNumber } from "@/lib/format.ts";
import { useWinEstimate } from "../hooks/useRecommendations.ts";

const percent = (p: number) => Math.round(p * 100);

/**
 * The draft's win estimate in one plain sentence, with how sure it is behind a disclosure. It
 * never claims more than the data: too few games shows no percentage; when the picks did not beat
 * the side's base rate on later games (forward in time), it says the data is too thin to estimate
 * the draft and gives the base rate. The number comes from the imported games only, so the same
 * draft reads the same on every load.
 */
export function WinEstimate({
  estimate,
  className,
}: {
  estimate: WinEstimateData | null;
  className?: string;
}) {
  const { t, i18n } = useTranslation("drafts");
  if (!estimate) return null;
  const logLoss = (value: number) =>
    formatNumber(value, i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const blue = percent(estimate.blue);
  const sides = { blue, red: 100 - blue };
  const forward = estimate.forward;
  const tested = forward
    ? {
        tested: forward.games,
        logloss: logLoss(forward.logloss),
        constant: logLoss(forward.logloss_constant),
      }
    : null;
  let headline: string;
  let detail: string | null = null;
  if (!estimate.sufficient) {
    headline = t("winEstimate.insufficient", { count: estimate.games });
  } else if (estimate.basis === "base_rate" || !tested) {
    headline = t("winEstimate.plainTooThin", sides);
    detail = tested
      ? t("winEstimate.tooThinTested", { ...tested, count: estimate.games })
      : t("winEstimate.tooThinUntested", { count: estimate.games });
  } else {
    headline = t("winEstimate.plainDraft", sides);
    detail = t("winEstimate.draftDetails", {
      ...tested,
      count: estimate.games,
      low: percent(estimate.low),
      high: percent(estimate.high),
    });
    const form = formSentence(estimate.form, t);
    if (form) detail = `${detail} ${form}`;
  }
  return (
    <section
      aria-label={t("winEstimate.title")}
      data-testid="win-estimate"
      data-basis={estimate.sufficient ? estimate.basis : "insufficient"}
      className={cn("flex items-start gap-1.5 text-xs text-muted", className)}
    >
      <Scale className="mt-px size-3.5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p>
          <span className="font-semibold text-fg">{t("winEstimate.title")}: </span>
          <span data-testid="win-estimate-sentence">{headline}</span>
        </p>
        {detail && (
          <details className="mt-0.5">
            <summary className="cursor-pointer rounded underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2">
              {t("winEstimate.howSure")}
            </summary>
            <p className="mt-0.5">{detail}</p>
          </details>
        )}
      </div>
    </section>
  );
}

/** What the teams' results in the data add to the estimate, when their form counts in it. */
function formSentence(form: WinEstimateData["form"], t: TFunction<"drafts">): string | null {
  if (!form) return null;
  const { BLUE: blue, RED: red } = form;
  if (blue && red)
    return t("winEstimate.formBoth", {
      blueWins: blue.wins,
      blueGames: blue.games,
      redWins: red.wins,
      redGames: red.games,
    });
  if (blue) return t("winEstimate.formBlue", blue);
  if (red) return t("winEstimate.formRed", red);
  return null;
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
