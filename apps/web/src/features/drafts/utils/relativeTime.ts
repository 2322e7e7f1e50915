const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/**
 * "3 hours ago" / "hace 3 horas" in the given language, picking the largest whole unit.
 *
 * @example
 * formatRelativeTime("2025-01-01T10:00:00Z", "en", Date.parse("2025-01-01T13:00:00Z")); // "3 hours ago"
 */
export function formatRelativeTime(iso: string, language: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (!Number.isFinite(then)) return "";
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") {
      if (unit === "second" && Math.abs(seconds) < 45) return format.format(0, "second");
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, "second");
}
