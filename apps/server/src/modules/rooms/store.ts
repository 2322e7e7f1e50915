import type { RoomClock } from "@draftroom/contracts";
import type { RoomLogBody } from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type EventActor, type EventInsert, eventRow, wireEvent } from "./event-log.ts";
import { insertEvents, notifyRoom, setRoomSeq } from "./repository.ts";
import { noteRoomActivity } from "./room-activity.ts";
import { type RoomCommit, roomRuntime } from "./runtime.ts";

/**
 * The room store's write path (decision 024): the only code that appends to `room_events`. Every
 * writer (a seat's or the clock's command, a seat change, a delay change, a series game change)
 * appends inside its own transaction, which holds the room's row lock, and hands the commit to
 * `afterCommit` once the transaction is over: one builder, one insert, one seq, one NOTIFY, one
 * after-commit hook, whoever wrote.
 */

/** What a transaction appended: the events as sent, and the room's seq after them. */
export interface Appended {
  readonly seq: number;
  readonly rows: EventInsert[];
}

/**
 * Appends events to a locked room's log at the database's `nowMs`: rows from the one builder,
 * the room's seq moved on (unless the caller stores the room row itself: `seqStored`), and the
 * NOTIFY that other processes read at commit.
 */
export async function appendToLog(
  trx: Transaction<Database>,
  room: { readonly id: string; readonly seq: number | string },
  nowMs: number,
  actor: EventActor,
  bodies: readonly RoomLogBody[],
  options: { deadlineMs: number | null; clock?: RoomClock | null; seqStored?: boolean },
): Promise<Appended> {
  let seq = Number(room.seq);
  const rows = bodies.map((body) => {
    seq += 1;
    const row = eventRow(room.id, seq, nowMs, actor, body, options.deadlineMs);
    if (options.clock) row.clock = options.clock;
    return row;
  });
  if (rows.length === 0) return { seq, rows };
  await insertEvents(trx, rows);
  if (!options.seqStored) await setRoomSeq(trx, room.id, seq);
  await notifyRoom(trx, room.id, seq);
  return { seq, rows };
}

/** The commit of appended events (what the process's runtime fans out). */
export function commitOf(appended: Appended, room: Omit<RoomCommit, "seq" | "events">): RoomCommit {
  return { ...room, seq: appended.seq, events: appended.rows.map(wireEvent) };
}

/**
 * Where a room command came from, when its steps belong in a workspace's activity feed: a seat's
 * socket (with the member bound to it, when known) or the room's clock. REST steps on a session
 * leave `origin` out: the drafts routes record those themselves.
 */
export interface CommandOrigin {
  readonly memberId?: number | undefined;
}

/**
 * After the transaction committed: fan-out, timers and caches (the process's room runtime), then
 * the workspace feed's entries for a live room's locks, approvals and end (not awaited).
 */
export function afterCommit(
  db: Kysely<Database>,
  commit: RoomCommit | undefined,
  origin?: CommandOrigin,
): void {
  if (!commit) return;
  roomRuntime(db)?.committed(commit);
  if (origin) void noteRoomActivity(db, commit, origin.memberId);
}
