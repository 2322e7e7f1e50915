import { TIMER_DEFAULT_SECONDS } from "@draftroom/draft";

/**
 * A session's default settings and the timer input's parsing, apart from the session schemas
 * (schemas/drafts.ts): the web app's session dialog reads them without building zod's schemas.
 */

/** Parses a timer input: a non-numeric value falls back to the default. */
export function parseTimerInput(value: unknown): number {
  const parsed = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(parsed) ? parsed : TIMER_DEFAULT_SECONDS;
}

/**
 * The settings of a session created without any: timed, the default time per step, auto-advance.
 * (The session schema's default: schemas/drafts.ts checks it against `DraftSettings`.)
 */
export const DEFAULT_DRAFT_SETTINGS = {
  ban_timer: TIMER_DEFAULT_SECONDS,
  pick_timer: TIMER_DEFAULT_SECONDS,
  auto_advance: true,
  timed: true,
} satisfies {
  ban_timer: number;
  pick_timer: number;
  auto_advance: boolean;
  timed: boolean;
};
