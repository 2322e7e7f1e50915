import type { ScrimFigure } from "@draftroom/contracts";

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
