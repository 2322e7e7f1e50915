import type { DraftSettings } from "@draftroom/contracts";
import { type DraftStep, stepSeconds, type TimerPhase, timerStatus } from "@draftroom/draft";
import { useCallback, useEffect, useRef, useState } from "react";

export interface StepTimer {
  /** Whole seconds on the countdown. */
  remaining: number;
  /** Seconds the step allows. */
  total: number;
  phase: TimerPhase;
  /** Restarts the current step's countdown (Retry Phase). */
  restart: () => void;
}

/**
 * The countdown of the step on the clock. It restarts whenever the step changes, does not run
 * while `paused` (complete draft, a modal open) and starts afresh after a pause, and calls
 * `onExpire` once when the 2 s grace after zero has passed.
 *
 * Every countdown belongs to a key (step, paused, restarts): a render whose key has no start yet
 * shows the full time, so a new step never inherits the elapsed time of the one before it.
 */
export function useStepTimer(
  step: DraftStep | null,
  settings: Pick<DraftSettings, "ban_timer" | "pick_timer">,
  paused: boolean,
  onExpire: (step: DraftStep) => void,
): StepTimer {
  const total = step ? stepSeconds(step, settings) : 0;
  const [restarts, setRestarts] = useState(0);
  const key = `${step?.index ?? -1}:${paused ? "paused" : "running"}:${restarts}`;
  const [start, setStart] = useState(() => ({ key, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef<string | null>(null);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  // A new key starts its countdown during the render that shows it (React's "adjust state while
  // rendering"), not in an effect after the paint: whatever sees the new step on screen (a click,
  // a jump of the clock in a test) finds its countdown already started.
  if (start.key !== key) {
    const at = Date.now();
    setStart({ key, at });
    setNow(at);
  }

  const running = Boolean(step) && !paused && start.key === key;
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [running]);

  const status =
    step && start.key === key
      ? timerStatus(Math.max(now, start.at), start.at, step, settings)
      : { remaining_seconds: total, remaining_ms: total * 1000, phase: "running" as const };

  useEffect(() => {
    if (!step || !running || status.phase !== "expired") return;
    const once = `${start.key}@${start.at}`;
    if (expired.current === once) return;
    expired.current = once;
    onExpireRef.current(step);
  }, [status.phase, step, running, start]);

  const restart = useCallback(() => setRestarts((count) => count + 1), []);

  return { remaining: status.remaining_seconds, total, phase: status.phase, restart };
}
