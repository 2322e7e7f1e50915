import { useSyncExternalStore } from "react";

/**
 * The followed plan's next intended action (decision 027), shared between the plan panel that
 * computes it and the champion grid and suggestion lists that mark it. One board is on screen at a
 * time, so one value; the panel clears it when it goes.
 */
export interface PlanIntentMark {
  /** The draft step it is for (the step on the clock). */
  readonly step: number;
  readonly championId: number;
  readonly action: "BAN" | "PICK";
  readonly note: string;
}

let current: PlanIntentMark | null = null;
const listeners = new Set<() => void>();

export function publishPlanIntent(mark: PlanIntentMark | null): void {
  if (
    current === mark ||
    (current &&
      mark &&
      current.step === mark.step &&
      current.championId === mark.championId &&
      current.note === mark.note)
  )
    return;
  current = mark;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The plan's mark for the step on the clock, or null. */
export function usePlanIntent(): PlanIntentMark | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
