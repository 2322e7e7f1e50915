import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityEntryType,
  type ActivityItemType,
  type ActivityPage,
  type ActivitySeat,
  type ActivityVerb,
  DEFAULT_LANGUAGE,
  type ItemContext,
  type Language,
  type UserRef,
  untitledScrimName,
  validationMessageEn,
} from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fromJson, toCount, toIso, toJson } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import type { UntitledName } from "../../events.ts";
import { languageOf } from "../accounts/service.ts";
import { peopleOf, requireWorkspaceRole } from "../workspaces/service.ts";
import { subjectOf } from "./lookups.ts";
import {
  type ActivityRow,
  findEntryRowId,
  foldInto,
  insertEntry,
  latestForItem,
  listEntries,
  recentForItem,
  type SeatColumns,
} from "./repository.ts";

/**
 * A workspace's activity feed (decision record 028). Item modules publish their writes on the
 * app's event bus and `subscriptions.ts` records them here (decision record 039); the feed is read
 * by members only. Personal items leave no trace.
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface ActivityInput {
  /** The item's workspace; null or undefined (a personal item) records nothing. */
  workspaceId: string | null | undefined;
  /**
   * Who did it: the signed-in member, not the item's creator; null for a live room's step that no
   * member made (then `seat` says which seat did).
   */
  actorId: number | null;
  verb: ActivityVerb;
  itemType: ActivityEntryType;
  itemId: string;
  itemTitle: string;
  /** An untitled item: what its name is made from (`itemTitle` is then its English name). */
  itemUntitled?: UntitledName | undefined;
  /** A live room's step: the seat and team that made it. */
  seat?: ActivitySeat | undefined;
}

function seatColumns(seat: ActivitySeat | undefined): SeatColumns {
  return {
    seat_kind: seat?.kind ?? null,
    seat_side: seat?.side ?? null,
    seat_team: seat?.team_name ?? null,
  };
}

function seatOf(row: SeatColumns): ActivitySeat | undefined {
  if (!row.seat_kind) return undefined;
  return { kind: row.seat_kind, side: row.seat_side, team_name: row.seat_team };
}

/** One run's hand: the same member (or, with none, nobody) in the same seat. */
function sameHand(entry: ActivityRow, input: ActivityInput): boolean {
  const actor = entry.actor_id === null ? null : Number(entry.actor_id);
  const seat = seatColumns(input.seat);
  return (
    actor === input.actorId &&
    entry.seat_kind === seat.seat_kind &&
    entry.seat_side === seat.seat_side &&
    entry.seat_team === seat.seat_team
  );
}

/** Steps that come in runs (a draft's picks, a plan's saves): one member's run folds into one entry. */
const FOLDED: readonly ActivityVerb[] = ["changed", "locked"];
const FOLD_WINDOW_MS = 10 * 60_000;
/**
 * Locks come from two captains taking turns (and the clock for a timer's lock): a lock folds
 * into its own hand's run (member and seat) even past the other locks on the same draft, so a
 * live draft reads as one line per captain (decisions 033, 048). How far back it looks: a few
 * hands' runs.
 */
const LOCK_RUN_LOOKBACK = 4;

/** The entry a step folds into: the same hand's latest same step on the item, in the window. */
async function foldTarget(db: Db, input: ActivityInput, workspaceId: string, at: string) {
  const recent = await recentForItem(
    db,
    input.itemType,
    input.itemId,
    input.verb === "locked" ? LOCK_RUN_LOOKBACK : 1,
  );
  for (const entry of recent) {
    // Anything but another member's lock ends the run (a correction, a rename, a move).
    if (entry.verb !== input.verb || entry.workspace_id !== workspaceId) return undefined;
    if (Date.parse(at) - Date.parse(toIso(entry.updated_at)) >= FOLD_WINDOW_MS) return undefined;
    if (sameHand(entry, input)) return entry;
  }
  return undefined;
}

/**
 * Notes that a member did something to a workspace item. A `changed` or `locked` step right after
 * the same member's same step on the same item (within ten minutes, nothing else in between)
 * increments that entry's count instead of adding a row, so eight picks read as one line. Locks
 * also fold past other members' locks on the same draft: a live draft whose two captains take
 * turns reads as one "locked ×N" line per captain, not one per pick.
 *
 * @example
 * await recordActivity(db, { workspaceId, actorId: user.id, verb: "locked", itemType: "session",
 *   itemId: session.id, itemTitle: session.title });
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<void> {
  const { workspaceId } = input;
  if (!workspaceId) return;
  const at = new Date().toISOString();
  if (FOLDED.includes(input.verb)) {
    const target = await foldTarget(db, input, workspaceId, at);
    if (target) {
      await foldInto(db, Number(target.id), { title: input.itemTitle, untitled: untitledColumn(input) }, at);
      return;
    }
  }
  await insertEntry(db, {
    workspace_id: workspaceId,
    actor_id: input.actorId,
    verb: input.verb,
    item_type: input.itemType,
    item_id: input.itemId,
    item_title: input.itemTitle,
    item_untitled: untitledColumn(input),
    at,
    ...seatColumns(input.seat),
  });
}

/** What an untitled item's name is made from, as its entry keeps it (null: a title of its own). */
const untitledColumn = (input: ActivityInput): string | null =>
  input.itemUntitled ? toJson(input.itemUntitled) : null;

/**
 * The name an entry was written with, in the reader's language where the item made it up (an
 * untitled scrim's); a written title stays as written.
 */
function nameOf(row: ActivityRow, language: Language): string {
  if (row.item_untitled === null) return row.item_title;
  const { kind, opponent } = fromJson<UntitledName>(row.item_untitled);
  return untitledScrimName(kind, opponent, language);
}

/** An entry as stored; `item_available` and a current title come from `withCurrentItems`. */
function toEntry(
  row: ActivityRow,
  people: ReadonlyMap<number, UserRef>,
  language: Language = DEFAULT_LANGUAGE,
): ActivityEntry {
  const seat = seatOf(row);
  return {
    id: row.public_id,
    verb: row.verb,
    item_type: row.item_type,
    item_id: row.item_id,
    item_title: nameOf(row, language),
    // null for a seat nobody with an account held, or an account that is gone ("a former member").
    actor: row.actor_id === null ? null : (people.get(Number(row.actor_id)) ?? null),
    count: toCount(row.count),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
    ...(seat ? { seat } : {}),
    item_available: false,
  };
}

/**
 * The page's entries with each item's current name and whether it is still in this workspace
 * (the feed links only those): one lookup per item on the page, through its owning module.
 * A deleted item, or one moved to another space, keeps the name the entry was written with.
 */
async function withCurrentItems(
  db: Kysely<Database>,
  workspaceId: string,
  entries: readonly ActivityEntry[],
  language: Language,
): Promise<ActivityEntry[]> {
  const keyOf = (entry: ActivityEntry) => `${entry.item_type}:${entry.item_id}`;
  const distinct = new Map(entries.map((entry) => [keyOf(entry), entry]));
  const current = new Map<string, string>();
  await Promise.all(
    [...distinct].map(async ([key, entry]) => {
      const item = await subjectOf(entry.item_type)(db, entry.item_id, language);
      if (item && item.workspace_id === workspaceId) current.set(key, item.title);
    }),
  );
  return entries.map((entry) => {
    const title = current.get(keyOf(entry));
    return title === undefined ? entry : { ...entry, item_title: title, item_available: true };
  });
}

/**
 * The row an entry id given as `?before=` stands for. An id that names no entry of this feed
 * (made up, or another workspace's) is a 400 like any malformed cursor: the answer is the same
 * whichever it is.
 */
async function cursorRow(db: Kysely<Database>, workspaceId: string, before: string): Promise<number> {
  const rowId = await findEntryRowId(db, workspaceId, before);
  if (rowId === undefined) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      before: validationMessageEn("invalidValue"),
    });
  }
  return rowId;
}

/**
 * One page of the feed, newest first (members only: 404 for anyone else). `before` is the
 * previous page's `next_before`, the id of its last entry.
 */
export async function listActivity(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
  before: string | undefined,
): Promise<ActivityPage> {
  await requireWorkspaceRole(db, userId, workspaceId, "read");
  const beforeRow = before === undefined ? undefined : await cursorRow(db, workspaceId, before);
  const rows = await listEntries(db, workspaceId, beforeRow, ACTIVITY_PAGE_SIZE + 1);
  const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const last = rows.length > ACTIVITY_PAGE_SIZE ? page.at(-1) : undefined;
  const people = await peopleOf(
    db,
    workspaceId,
    page.map((row) => row.actor_id),
  );
  // Names an item makes up (an untitled scrim's) are given in the reader's language, whether
  // the item is still there (its module names it) or gone (the entry's own record of the name).
  const language = await languageOf(db, userId);
  const results = await withCurrentItems(
    db,
    workspaceId,
    page.map((row) => toEntry(row, people, language)),
    language,
  );
  return { results, next_before: last ? last.public_id : null };
}

/**
 * Who last changed a workspace item, from the feed (the caller has already been allowed to read
 * the item by its owning module's check).
 */
export async function lastEdited(
  db: Db,
  itemType: ActivityItemType,
  itemId: string,
  workspaceId: string,
): Promise<ItemContext["last_edited"]> {
  const row = await latestForItem(db, itemType, itemId, ["commented"]);
  if (!row || row.workspace_id !== workspaceId) return null;
  const entry = toEntry(row, await peopleOf(db, workspaceId, [row.actor_id]));
  return {
    actor: entry.actor,
    verb: entry.verb,
    at: entry.updated_at,
    ...(entry.seat ? { seat: entry.seat } : {}),
  };
}
