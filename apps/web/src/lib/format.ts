/** Locale-aware formatting helpers: numbers, dates and relative times follow the UI language. */

/**
 * One formatter per language and options. Building an Intl formatter costs far more than using
 * one (a dashboard of session cards spent about 100 ms of its first render building
 * RelativeTimeFormats), and screens format the same way hundreds of times.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  language: string,
  options: object | undefined,
  create: () => T,
): T {
  const key = `${kind}|${language}|${options === undefined ? "" : JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = create();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached("number", language, options, () => new Intl.NumberFormat(language, options));
}

/**
 * The zone moments are shown in: the browser's own (undefined), or, when the server draws a first
 * paint (entry-server.tsx), the member's as their browser reported it.
 */
let displayTimeZone: string | undefined;

export function setDisplayTimeZone(zone: string | null): void {
  displayTimeZone = zone ?? undefined;
}

export function dateTimeFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zoned = displayTimeZone && !options?.timeZone ? { ...options, timeZone: displayTimeZone } : options;
  return cached("date", language, zoned, () => new Intl.DateTimeFormat(language, zoned));
}

export function relativeTimeFormat(
  language: string,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached("relative", language, options, () => new Intl.RelativeTimeFormat(language, options));
}

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
  const format = relativeTimeFormat(language, { numeric: "auto" });
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return format.format(0, "second");
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return format.format(Math.round(seconds / size), unit);
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

export function formatDate(
  value: string | Date,
  language: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return dateTimeFormat(language, options ?? { dateStyle: "medium" }).format(date);
}

/**
 * A moment to the minute ("Dec 4, 2026, 5:30 AM" / "4 dic 2026, 5:30"), in the zone moments are
 * shown in: when a result was typed, a plan's version saved, an audit entry.
 */
export function formatMoment(value: string | Date, language: string): string {
  return formatDate(value, language, { dateStyle: "medium", timeStyle: "short" });
}

/** The leading "YYYY-MM-DD" of a date or timestamp written without a zone (a game's day). */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The calendar day a "YYYY-MM-DD…" text names ("Jan 11, 2025" / "11 ene 2025"), the same day in
 * every time zone: a game's date is the day it was played, not a moment to move to the viewer's
 * zone. The text itself when it does not start with a day.
 *
 * @example
 * formatCalendarDay("2025-01-11 11:11:24", "es"); // "11 ene 2025"
 */
export function formatCalendarDay(value: string, language: string): string {
  const day = CALENDAR_DAY.exec(value);
  if (!day) return value;
  const [, year, month, date] = day;
  return formatDate(new Date(Date.UTC(Number(year), Number(month) - 1, Number(date))), language, {
    dateStyle: "medium",
    timeZone: "UTC",
  });
}

/**
 * "Tue 1 Dec, 19:00 (Europe/Madrid)": a scrim's start in the zone it was agreed in (the ledger and
 * the workspace's agenda).
 */
export function formatStart(iso: string, zone: string, language: string): string {
  const text = dateTimeFormat(language, {
    timeZone: zone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
  return `${text} (${zone})`;
}
