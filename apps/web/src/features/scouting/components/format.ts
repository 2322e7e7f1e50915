import type { ScoutingRecord } from "@draftroom/contracts";

/** A rate is shown as a percentage only from this many decided games; below it, wins-losses only. */
export const MIN_RATE_SAMPLE = 5;

/** Win rate as a whole percentage, or null when the sample is too small to state one. */
export function percentOf(record: Pick<ScoutingRecord, "wins" | "decided">): number | null {
  if (record.decided < MIN_RATE_SAMPLE) return null;
  return Math.round((record.wins / record.decided) * 100);
}
