import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DraftBoard } from "@/components/draft-board/DraftBoard.tsx";
import { usePrefersReducedMotion } from "@/lib/useMediaQuery.ts";
import { DEMO_STEP_COUNT, demoSequenceIndex, demoStateAt } from "../demo/script.ts";
import { useInView } from "../hooks/useInView.ts";
import { SectionHeading } from "./SectionHeading.tsx";

/** Seconds on the Next ring of the demo before it advances by itself. */
export const DEMO_AUTO_ADVANCE_MS = 8000;

/** "Your Drafting Companion": the real draft board stepping through a scripted 14-step draft. */
export function DemoSection() {
  const { t } = useTranslation("landing");
  const { t: tb } = useTranslation("board");
  const [step, setStep] = useState(0);
  const boardRef = useRef<HTMLDivElement>(null);
  const inView = useInView(boardRef, 0.25);
  const reducedMotion = usePrefersReducedMotion();
  const state = demoStateAt(step, { BLUE: tb("teams.blue"), RED: tb("teams.red") });
  const complete = state.board.next === null;

  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className="landing-section border-y border-border bg-surface-2/50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="demo-title"
          eyebrow={t("demo.eyebrow")}
          title={t("demo.title")}
          subtitle={t("demo.subtitle")}
        />
        <div ref={boardRef} data-testid="demo-board">
          <DraftBoard
            board={state.board}
            championsRecommendation={
              state.recommendation
                ? {
                    reason: t(`demo.reasons.${state.recommendation.reasonKey}`),
                    champions: state.recommendation.champions,
                  }
                : null
            }
            otherChampions={state.otherChampions}
            phaseKey={demoSequenceIndex(step)}
            stepLabel={t("demo.step", {
              current: Math.min(step + 1, DEMO_STEP_COUNT),
              total: DEMO_STEP_COUNT,
            })}
            onPrevious={() => setStep((current) => Math.max(0, current - 1))}
            previousDisabled={step === 0}
            onNext={() => setStep((current) => Math.min(DEMO_STEP_COUNT, current + 1))}
            nextDisabled={complete}
            autoAdvanceDelay={DEMO_AUTO_ADVANCE_MS}
            autoAdvancePaused={!inView || reducedMotion}
            startPlanHref="#pricing-section"
          />
        </div>
        <p className="mt-4 text-center text-sm text-muted">{t("demo.autoHint")}</p>
      </div>
    </section>
  );
}
