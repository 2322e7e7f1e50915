import { DRAFT_SEQUENCE, type DraftStep, type Side } from "@draftroom/draft";

/** A draft step as a coach says it: "our first ban", "their second pick". */
export interface StepWords {
  whose: "our" | "their";
  action: "BAN" | "PICK";
  /** 1-based: the how-many-th action of that kind for that side. */
  ordinal: number;
}

/**
 * Names a step of the draft from our side's point of view, never by its engine index.
 * Null for a step outside the sequence.
 *
 * @example
 * stepWords(0, "BLUE"); // { whose: "our", action: "BAN", ordinal: 1 }
 * stepWords(7, "BLUE"); // { whose: "their", action: "PICK", ordinal: 1 }  (step 7 is red's first pick)
 */
export function stepWords(
  step: number,
  ourSide: Side,
  steps: readonly DraftStep[] = DRAFT_SEQUENCE,
): StepWords | null {
  const at = steps[step];
  if (!at) return null;
  const ordinal = steps.slice(0, step + 1).filter((s) => s.side === at.side && s.type === at.type).length;
  return { whose: at.side === ourSide ? "our" : "their", action: at.type, ordinal };
}

/** Below this many games of the opponent, the report says the history is small. */
export const SMALL_HISTORY_GAMES = 10;

/**
 * How many of the likely picks the plan answered, as a whole count beside its total, so the
 * figure says "of what" (a bare share beside another share of drafts read as a contradiction).
 */
export function answeredOf(share: number, likely: number): number {
  return Math.round(share * likely);
}
