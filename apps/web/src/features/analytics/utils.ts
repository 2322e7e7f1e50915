import type { Analytics } from "@draftroom/contracts";
import { dateTimeFormat } from "@/lib/format.ts";

/** Percentage 0-100 rounded, or null when the denominator is 0. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 100);
}

export function hasAnyData(data: Analytics): boolean {
  return (
    data.sessions_created > 0 ||
    data.sessions_completed > 0 ||
    data.most_picked.length > 0 ||
    data.most_banned.length > 0 ||
    data.results.blue_wins + data.results.red_wins + data.results.unrecorded > 0
  );
}

/** "2026-03-08" (a UTC day) as a short local label such as "Mar 8" or "8 mar". */
export function formatDay(day: string, locale: string, style: "short" | "long" = "short"): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, {
    month: style === "short" ? "short" : "long",
    day: "numeric",
    ...(style === "long" ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

export function blueWinRate(results: Analytics["results"]): number | null {
  return percent(results.blue_wins, results.blue_wins + results.red_wins);
}
