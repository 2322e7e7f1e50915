import type { CalendarFeed, Language } from "@draftroom/contracts";
import ical, { ICalEventStatus } from "ical-generator";
import type { Kysely } from "kysely";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { Database } from "../../db/schema.ts";
import { nowIso } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { languageOf } from "../accounts/service.ts";
import { requireWorkspaceRole, workspaceRef } from "../workspaces/service.ts";
import { deleteCalendarFeed, findCalendarFeed, replaceCalendarFeed } from "./repository.ts";
import { hashToken, newToken } from "./secrets.ts";
import { mayRead } from "./service.ts";

/**
 * Each member's calendar feed of the workspace (decision 051): an iCalendar (RFC 5545) document
 * at a secret URL that Google Calendar, Outlook and Apple Calendar subscribe to. Its token is the
 * credential, kept as a hash: the URL is shown when made, and rotating it replaces the hash in
 * one commit, so the old URL is refused from the next request on. A former member's URL stops
 * with their membership.
 *
 * The events come from the modules that own them (the scrim ledger registers at start, decision
 * 039), so this module reads no other module's tables. They are written in the feed's member's
 * account language (names a member wrote stay as written).
 */

export type CalendarEntryStatus = "tentative" | "confirmed" | "cancelled";

const STATUS: Readonly<Record<CalendarEntryStatus, ICalEventStatus>> = {
  tentative: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

export interface CalendarEntry {
  /** Stable across updates: calendars match an event's changes by its UID. */
  readonly uid: string;
  readonly title: string;
  readonly startsAt: string;
  readonly endsAt: string;
  /** IANA zone the event was planned in ("Europe/Madrid"), shown with its VTIMEZONE. */
  readonly timeZone: string;
  /** RFC 5545's STATUS: a planned scrim is tentative until the opponent confirms it. */
  readonly status: CalendarEntryStatus;
  /** Grows with every change, so subscribed calendars take the new version. */
  readonly sequence: number;
  readonly updatedAt: string;
  readonly description?: string;
  /** Path in the web app, e.g. the scrim's page. */
  readonly path?: string;
}

export type CalendarSource = (
  db: Kysely<Database>,
  workspaceId: string,
  language: Language,
) => Promise<readonly CalendarEntry[]>;

/** Each source with the number of apps that registered it (apps in one process share sources). */
const sources = new Map<CalendarSource, number>();

/**
 * Adds the events of a module to every feed (app.ts, at start); returns the removal. A source
 * registered by two apps of one process is asked once.
 */
export function registerCalendarSource(source: CalendarSource): () => void {
  sources.set(source, (sources.get(source) ?? 0) + 1);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    const count = (sources.get(source) ?? 1) - 1;
    if (count > 0) sources.set(source, count);
    else sources.delete(source);
  };
}

/** `<43 url-safe characters>.ics`: anything else is not a feed. */
export const calendarTokenPattern = /^[A-Za-z0-9_-]{43}(\.ics)?$/;

const feedNotFound = () =>
  new AppError(404, "not_found", "This calendar link does not work: it was replaced or removed.");

export async function rotateCalendarFeed(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  origin: string,
): Promise<CalendarFeed> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const token = newToken();
  const createdAt = nowIso();
  await replaceCalendarFeed(db, {
    token_hash: hashToken(token),
    workspace_id: workspaceId,
    user_id: userId,
    created_at: createdAt,
  });
  return { url: `${origin.replace(/\/$/, "")}/api/calendar/${token}.ics`, created_at: createdAt };
}

export async function removeCalendarFeed(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<void> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  if (!(await deleteCalendarFeed(db, workspaceId, userId))) throw feedNotFound();
}

/** The VTIMEZONE block of an IANA zone, from the library's tz data (null: unknown zone). */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith("BEGIN:VTIMEZONE") ? block[0] : null;
}

/** The iCalendar document of a feed (the generator folds lines and escapes text per RFC 5545). */
export function calendarDocument(
  name: string,
  entries: readonly CalendarEntry[],
  origin: string,
  language: Language,
): string {
  const calendar = ical({
    name,
    prodId: { company: "Draftroom", product: "Draftroom", language: language.toUpperCase() },
    // Each event keeps its own zone; the generator adds one VTIMEZONE per zone used.
    timezone: { name: null, generator: vtimezone },
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: entry.uid,
      summary: entry.title,
      // A zoned date (luxon): the generator writes the wall time in the event's zone after TZID;
      // a plain Date would be written in UTC digits under the zone's name (an hour or more off).
      start: DateTime.fromISO(entry.startsAt, { zone: entry.timeZone }),
      end: DateTime.fromISO(entry.endsAt, { zone: entry.timeZone }),
      timezone: entry.timeZone,
      sequence: entry.sequence,
      status: STATUS[entry.status],
      stamp: new Date(entry.updatedAt),
      lastModified: new Date(entry.updatedAt),
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.path ? { url: `${origin}${entry.path}` } : {}),
    });
  }
  return calendar.toString();
}

/** The feed of a token: 404 for an unknown, rotated or former member's token. */
export async function calendarFeedBody(db: Kysely<Database>, token: string, origin: string): Promise<string> {
  const feed = await findCalendarFeed(db, hashToken(token));
  if (!feed || !(await mayRead(db, Number(feed.user_id), feed.workspace_id))) throw feedNotFound();
  const [workspace, language] = await Promise.all([
    workspaceRef(db, feed.workspace_id),
    languageOf(db, Number(feed.user_id)),
  ]);
  const entries = (
    await Promise.all([...sources.keys()].map((source) => source(db, feed.workspace_id, language)))
  ).flat();
  return calendarDocument(`${workspace?.title ?? "Draftroom"} · Draftroom`, entries, origin, language);
}
