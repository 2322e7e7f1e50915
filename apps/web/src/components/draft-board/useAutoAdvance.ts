import { useEffect, useRef, useState } from "react";

/** The default board delay: so long it effectively never fires unless a caller shortens it. */
export const DEFAULT_AUTO_ADVANCE_DELAY_MS = 10_000_000;
export const COUNTDOWN_TICK_MS = 1000;
/** The advance fires this long after the countdown shows zero. */
export const ADVANCE_AFTER_ZERO_MS = 50;

export interface AutoAdvanceOptions {
  /** Total countdown in milliseconds; the ring shows whole seconds. */
  delayMs: number;
  /** Changes whenever the draft moves to another phase; the countdown restarts from full. */
  phaseKey: string | number;
  /** Stops the clock where it is (off-screen, reduced motion, loading, disabled). */
  paused: boolean;
  /** Called once per phase, 50 ms after the countdown reaches zero. */
  onAdvance: () => void;
}

/**
 * A per-phase countdown that ticks each second and fires `onAdvance` once when it runs out.
 * Returns the seconds left and the total, for the ring.
 */
export function useAutoAdvance({ delayMs, phaseKey, paused, onAdvance }: AutoAdvanceOptions) {
  const totalSeconds = Math.max(1, Math.ceil(delayMs / COUNTDOWN_TICK_MS));
  const [state, setState] = useState({ phaseKey, remaining: totalSeconds });
  const onAdvanceRef = useRef(onAdvance);
  onAdvanceRef.current = onAdvance;
  /** The phase whose advance already fired, so a stalled `onAdvance` never repeats. */
  const firedFor = useRef<string | number | null>(null);

  // A new phase (or a new delay) restarts the countdown from full, during render.
  let remaining = state.remaining;
  if (state.phaseKey !== phaseKey) {
    remaining = totalSeconds;
    firedFor.current = null;
    setState({ phaseKey, remaining });
  }

  // One interval per running phase: each tick takes a second off, even when several ticks are
  // delivered before React renders again (a throttled tab, a test clock).
  const done = remaining <= 0;
  useEffect(() => {
    if (paused || done) return;
    const timer = window.setInterval(() => {
      setState((current) =>
        current.phaseKey === phaseKey && current.remaining > 0
          ? { phaseKey, remaining: current.remaining - 1 }
          : current,
      );
    }, COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, [paused, done, phaseKey]);

  useEffect(() => {
    if (paused || remaining > 0 || firedFor.current === phaseKey) return;
    const timer = window.setTimeout(() => {
      firedFor.current = phaseKey;
      onAdvanceRef.current();
    }, ADVANCE_AFTER_ZERO_MS);
    return () => window.clearTimeout(timer);
  }, [paused, remaining, phaseKey]);

  return { remaining, totalSeconds };
}
