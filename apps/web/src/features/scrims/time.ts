import type { ScrimStatus } from "@draftroom/contracts";
import { dateTimeFormat } from "@/lib/format.ts";

/**
 * A scrim's start is agreed in a time zone ("19:00 Madrid time"), not in the browser's: these turn
 * a wall-clock time in a zone into an instant and back, with no library (Intl knows every zone).
 */

/** The zone's offset from UTC in minutes at an instant (Madrid in winter: 60). */
function offsetMinutes(instant: number, zone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * `2026-12-01T19:00` read in `zone` -> ISO instant with Z ("2026-12-01T18:00:00.000Z" for Madrid).
 * Returns null for an empty or malformed value.
 *
 * @example
 * zonedToIso("2026-07-01T19:00", "Europe/Madrid"); // "2026-07-01T17:00:00.000Z"
 */
export function zonedToIso(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes: the offset at the guessed instant, then at the corrected one (around a DST change).
  let instant = wall - offsetMinutes(wall, zone) * 60_000;
  instant = wall - offsetMinutes(instant, zone) * 60_000;
  return new Date(instant).toISOString();
}

/** An instant as the `datetime-local` value of its wall-clock time in `zone`. */
export function isoToZoned(iso: string, zone: string): string {
  const instant = Date.parse(iso);
  const shifted = new Date(instant + offsetMinutes(instant, zone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The browser's zone, the form's default. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Every zone the runtime knows (a short list when it cannot say). */
export function zoneList(): string[] {
  const withList = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = withList.supportedValuesOf?.("timeZone") ?? [
    "UTC",
    "Europe/Madrid",
    "Europe/Berlin",
    "America/New_York",
  ];
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

/** 1834 -> "30:34". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "–";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "30:34" or "30" (minutes) -> seconds; null when blank, NaN when unreadable. */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value === "") return null;
  const match = /^(\d{1,3})(?:[:.](\d{1,2}))?$/.exec(value);
  if (!match) return Number.NaN;
  const seconds = Number(match[2] ?? 0);
  if (seconds > 59) return Number.NaN;
  return Number(match[1]) * 60 + seconds;
}

/**
 * A scrim still planned or confirmed whose start has passed: it was played and waits for its
 * results, or it fell through and waits to be cancelled. Its first result plays it (decision 082).
 */
export function resultsDue(scrim: { status: ScrimStatus; starts_at: string }, now: number): boolean {
  return (scrim.status === "planned" || scrim.status === "confirmed") && Date.parse(scrim.starts_at) <= now;
}
