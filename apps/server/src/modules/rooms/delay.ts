import type {
  DraftAction,
  DraftSession,
  Room,
  RoomClock,
  RoomCorrectionInfo,
  RoomEvent,
  RoomSnapshot,
} from "@draftroom/contracts";
import {
  buildFormat,
  type DelayedAction,
  type DraftFormatSpec,
  delayedActions,
  delayedVisible,
  releaseAt,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { findSession, listActions } from "../drafts/repository.ts";
import {
  databaseNowMs,
  type EventInsert,
  findRoom,
  insertEvents,
  type LinkRow,
  type LoggedEvent,
  listLogAfter,
  lockRoom,
  notifyRoom,
  type RoomRow,
  toRecord,
} from "./repository.ts";
import { type RoomCommit, roomRuntime } from "./runtime.ts";
import { clockOf, describeRoom, getOwnedRoom } from "./service.ts";

/**
 * Spectator delay (decision 011): what a delayed socket, the public view and the overlay see.
 * The rules (allow-list of event kinds, "never early", the replay of a log prefix) are pure in
 * packages/draft `spectator-delay.ts`; this module reads the log and the settings.
 */

/** The delay a seat watches with, in ms: spectator links have theirs, the public id the room's. */
export function seatDelayMs(room: RoomRow, link: LinkRow | null, role: string): number {
  if (role !== "spectator") return 0;
  const seconds = link ? Number(link.delay_seconds ?? 0) : Number(room.spectator_delay_seconds ?? 0);
  return Math.max(0, seconds) * 1000;
}

/** A clock as a viewer `delayMs` behind sees it: every instant moves later by the delay. */
export function shiftClock(clock: RoomClock, delayMs: number, nowMs: number): RoomClock {
  const shift = (value: number | null) => (value === null ? null : value + delayMs);
  return {
    ...clock,
    turn_started_ms: shift(clock.turn_started_ms),
    deadline_ms: shift(clock.deadline_ms),
    paused_ms: shift(clock.paused_ms),
    resumes_ms: shift(clock.resumes_ms),
    server_now: nowMs,
  };
}

/** What a delayed socket is shown at `now` and what it still waits for. */
export interface DelayedView {
  readonly snapshot: RoomSnapshot;
  /** Allowed events not yet due, oldest first, with their clocks. */
  readonly pending: LoggedEvent[];
  /** The allowed events already due (the snapshot's history, for the event list). */
  readonly released: RoomEvent[];
  /** The last seq of the log read (later events come through the hub). */
  readonly headSeq: number;
}

function toWireAction(action: DelayedAction, base: readonly DraftAction[]): DraftAction {
  const original =
    action.seq === 0 ? base.find((item) => item.phase_number === action.phase_number) : undefined;
  return {
    id: original?.id ?? -action.seq,
    champion: null,
    champion_id: action.champion_id,
    phase_number: action.phase_number,
    action_type: action.action_type,
    team_side: action.team_side,
    is_auto: action.is_auto,
    created_at: original?.created_at ?? new Date(action.at).toISOString(),
  };
}

/** The session's progress fields for a number of actions (status, step and phase). */
function sessionAt(session: DraftSession, count: number): DraftSession {
  let steps: ReturnType<typeof buildFormat>["steps"] = [];
  try {
    steps = buildFormat(session.format as DraftFormatSpec).steps;
  } catch {
    return session;
  }
  const complete = count >= steps.length;
  const step = steps[Math.min(count, steps.length - 1)];
  return {
    ...session,
    status: complete ? "complete" : "in_progress",
    current_step: Math.min(count, steps.length),
    current_phase: complete ? 4 : (step?.phase ?? session.current_phase),
    winner: complete ? session.winner : null,
  };
}

/**
 * The room as a socket `delayMs` behind sees it at the database's `now`: derived from the log's
 * due, allowed prefix only (never from the room's current row), plus the events still waiting.
 * Actions older than the log (a room opened on a session that had some) are its base.
 */
export async function delayedView(
  db: Kysely<Database>,
  roomId: string,
  delayMs: number,
): Promise<DelayedView | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [session, actions, log, nowMs] = await Promise.all([
    findSession(db, null, row.session_id),
    listActions(db, row.session_id),
    listLogAfter(db, roomId, 0),
    databaseNowMs(db),
  ]);
  if (!session) return undefined;
  let cut = 0;
  while (cut < log.length && releaseAt(log[cut]!.event, delayMs) <= nowMs) cut += 1;
  const released = log.slice(0, cut).filter((entry) => delayedVisible(entry.event.kind));
  const pending = log.slice(cut).filter((entry) => delayedVisible(entry.event.kind));
  const firstLock = log.find((entry) => entry.event.kind === "lock")?.event.step;
  const base = actions
    .filter((action) => firstLock === undefined || firstLock === null || action.phase_number < firstLock)
    .map(
      (action): DelayedAction => ({
        phase_number: action.phase_number,
        action_type: action.action_type,
        team_side: action.team_side,
        champion_id: action.champion_id,
        is_auto: action.is_auto,
        at: Date.parse(action.created_at),
        seq: 0,
      }),
    );
  const prefix = released.map((entry) => entry.event);
  const replayed = delayedActions(prefix, base).map((action) => toWireAction(action, actions));
  const record = toRecord(row);
  const ready = { A: false, B: false };
  let correction: RoomCorrectionInfo | null = null;
  let started = record.mode === "solo";
  for (const event of prefix) {
    if (event.kind === "ready" && event.team) ready[event.team] = event.data.ready === true;
    if (event.kind === "start") started = true;
    if (
      event.kind === "correction_request" &&
      event.step !== null &&
      event.team &&
      event.champion_id !== null
    ) {
      const expires = Number(event.data.expires_ms);
      correction = {
        step: event.step,
        team: event.team,
        from_champion_id: event.data.from_champion_id === null ? null : Number(event.data.from_champion_id),
        champion_id: event.champion_id,
        requested_ms: event.at + delayMs,
        expires_ms: expires + delayMs,
        deadline_ms: event.deadline_ms === null ? null : event.deadline_ms + delayMs,
        outcome: "pending",
      };
    }
    if (event.kind === "correction_decision" && correction) {
      const outcome = event.data.outcome;
      correction = {
        ...correction,
        outcome: outcome === "approved" || outcome === "denied" ? outcome : "timed_out",
      };
    }
  }
  const lastClock = [...released].reverse().find((entry) => entry.clock !== null)?.clock ?? null;
  const current = clockOf(record, null, nowMs);
  const clock: RoomClock = lastClock
    ? shiftClock(lastClock, delayMs, nowMs)
    : {
        ...current,
        status: started ? current.status : "lobby",
        step: replayed.length,
        bank_ms: { A: Number(row.bank_initial_ms), B: Number(row.bank_initial_ms) },
        turn_started_ms: null,
        deadline_ms: null,
        paused_ms: null,
        resumes_ms: null,
      };
  const at = sessionAt(session, replayed.length);
  const snapshot: RoomSnapshot = {
    room_id: row.id,
    mode: record.mode,
    seq: prefix.at(-1)?.seq ?? 0,
    session: at,
    sides: { A: record.sides.A, B: record.sides.B },
    ready: started ? { A: true, B: true } : ready,
    actions: replayed,
    clock: { ...clock, step: at.status === "complete" ? null : replayed.length },
    hover: null,
    correction,
  };
  return { snapshot, pending, released: prefix, headSeq: log.at(-1)?.event.seq ?? Number(row.seq) };
}

/**
 * The public view's REST answer for a session whose room has a spectator delay: the session and
 * actions as they stood `delay` ago (null when there is no delay: the caller answers as before).
 */
export async function delayedPublicDraft(
  db: Kysely<Database>,
  sessionId: string,
): Promise<{ session: DraftSession; actions: DraftAction[] } | null> {
  const row = await db
    .selectFrom("draft_rooms")
    .select(["id", "spectator_delay_seconds"])
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  const delaySeconds = Number(row?.spectator_delay_seconds ?? 0);
  if (!row || delaySeconds <= 0) return null;
  const view = await delayedView(db, row.id, delaySeconds * 1000);
  return view ? { session: view.snapshot.session, actions: view.snapshot.actions } : null;
}

/**
 * Sets the room's spectator delay (the public view, the overlay and its spectator links) and logs
 * it as a `delay` event: every process applies the new delay to the sockets it serves as soon as
 * it reads the event (never early: a longer delay holds back what the old one had made due).
 */
export async function setSpectatorDelay(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  delaySeconds: number,
): Promise<Room> {
  await getOwnedRoom(db, userId, roomId);
  const commit = await db.transaction().execute(async (trx) => {
    const row = await lockRoom(trx, { roomId });
    if (!row) return undefined;
    const nowMs = await databaseNowMs(trx);
    const seq = Number(row.seq) + 1;
    await trx
      .updateTable("draft_rooms")
      .set({ spectator_delay_seconds: delaySeconds, seq } as never)
      .where("id", "=", roomId)
      .execute();
    await trx
      .updateTable("room_links")
      .set({ delay_seconds: delaySeconds } as never)
      .where("room_id", "=", roomId)
      .where("role", "=", "spectator")
      .execute();
    const record = toRecord(row);
    const event: EventInsert = {
      room_id: roomId,
      seq,
      kind: "delay",
      actor_role: "organiser",
      actor_team: null,
      actor_link_id: null,
      step: null,
      team: null,
      side: null,
      action_type: null,
      champion_id: null,
      is_auto: false,
      at_ms: nowMs,
      deadline_ms: record.deadline_ms,
      bank_after_ms: null,
      data: { delay_seconds: delaySeconds },
    };
    await insertEvents(trx, [event]);
    await notifyRoom(trx, roomId, seq);
    return {
      roomId,
      sessionId: row.session_id,
      seq,
      events: [
        {
          seq,
          at: nowMs,
          kind: "delay",
          actor: { role: "organiser", team: null },
          step: null,
          team: null,
          side: null,
          action_type: null,
          champion_id: null,
          is_auto: false,
          deadline_ms: record.deadline_ms,
          bank_after_ms: null,
          data: { delay_seconds: delaySeconds },
        },
      ],
      record,
      clock: clockOf(record, null, nowMs),
      actionsChanged: false,
    } satisfies RoomCommit;
  });
  if (commit) roomRuntime(db)?.committed(commit);
  return describeRoom(db, userId, roomId);
}
