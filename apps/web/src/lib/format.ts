/** Locale-aware formatting helpers: numbers, dates and relative times follow the UI language. */

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
 * "3 hours ago" / "hace 3 horas" in the given language, picking the largest whole unit; "now" for
 * the last 45 seconds and "" for a date that cannot be read.
 *
 * @example
 * formatRelativeTime("2025-01-01T10:00:00Z", "en", Date.parse("2025-01-01T13:00:00Z")); // "3 hours ago"
 */
export function formatRelativeTime(value: string | Date, language: string, now: number = Date.now()): string {
  const then = typeof value === "string" ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(then)) return "";
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return format.format(0, "second");
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return format.format(Math.round(seconds / size), unit);
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

export function formatDate(
  value: string | Date,
  language: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return new Intl.DateTimeFormat(language, options ?? { dateStyle: "medium" }).format(date);
}
