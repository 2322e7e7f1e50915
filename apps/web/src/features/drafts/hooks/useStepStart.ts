import { useEffect, useState } from "react";

/**
 * When the step on the clock began, in server time (ms): the last lock's `created_at`, or, before
 * the first lock, the moment this page first saw the step. Null when no step is on the clock.
 * Lets a viewer estimate a countdown that runs in someone else's browser (an owner's session).
 */
export function useStepStart(
  step: number | null,
  actions: readonly { created_at: string }[],
  offset: number,
): number | null {
  const [seen, setSeen] = useState(() => ({ step, at: Date.now() + offset }));
  useEffect(() => {
    if (seen.step !== step) setSeen({ step, at: Date.now() + offset });
  }, [step, seen.step, offset]);
  if (step === null) return null;
  let last = Number.NEGATIVE_INFINITY;
  for (const action of actions) {
    const at = Date.parse(action.created_at);
    if (at > last) last = at;
  }
  return Number.isFinite(last) ? last : seen.at;
}
