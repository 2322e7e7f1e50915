import type { ScrimFigure } from "@draftroom/contracts";
import { formatDate } from "@/lib/format.ts";

/** "7-2 (78%)", or "–" for a figure with no counted game (never a 0% from nothing). */
export function recordText(figure: Pick<ScrimFigure, "wins" | "losses" | "win_rate">): string {
  if (figure.win_rate === null) return "–";
  return `${figure.wins}-${figure.losses} (${Math.round(figure.win_rate * 100)}%)`;
}

/** Win rate as a whole percentage for a chart bar; 0 when unknown (the bar's label says "–"). */
export function percent(figure: Pick<ScrimFigure, "win_rate">): number {
  return figure.win_rate === null ? 0 : Math.round(figure.win_rate * 100);
}

/** The start of a period that ends now: 7, 30 or 90 days back; "all" has no start. */
export const PERIODS = ["7", "30", "90", "all"] as const;
export type Period = (typeof PERIODS)[number];
export function periodStart(period: Period, now: number): string | undefined {
  if (period === "all") return undefined;
  return new Date(now - Number(period) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A week's tick on the trend chart, from its Monday ("2026-11-30"): "Nov 30" / "30 nov", the same
 * day in every time zone. The text itself when it is not a day.
 */
export function weekTick(week: string, language: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(week);
  if (!day) return week;
  const monday = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  return formatDate(monday, language, { month: "short", day: "numeric", timeZone: "UTC" });
}
