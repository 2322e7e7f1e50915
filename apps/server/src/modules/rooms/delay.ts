import type {
  DraftAction,
  DraftSession,
  Room,
  RoomClock,
  RoomCorrectionInfo,
  RoomEvent,
  RoomJoin,
  RoomSnapshot,
} from "@draftroom/contracts";
import {
  buildFormat,
  type DelayedAction,
  type DraftFormat,
  type DraftFormatSpec,
  delayedVisible,
  foldRoomEvents,
  type RoomGameEvent,
  type RoomRecord,
  type RoomState,
  releaseAt,
  roomFromRecord,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { getSession, sessionActions } from "../drafts/service.ts";
import {
  databaseNowMs,
  findRoom,
  type LinkRow,
  type LoggedEvent,
  listLogAfter,
  type RoomRow,
  setRoomDelay,
  toRecord,
} from "./repository.ts";
import { clockOf, describeRoom, getOwnedRoom, joinByToken, resolveLink } from "./service.ts";
import { writeRoom } from "./store.ts";

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
  /** A series room: the game shown (null when the log does not say). */
  readonly game: number | null;
  /** The instant the view shows (database clock, epoch ms): `now - delay`. */
  readonly cutoffMs: number;
  /** A series room: the game its log starts with (null when the log does not say). */
  readonly firstGame: number | null;
  /** The `game` events already due (a series' results and moves as the viewer may know them). */
  readonly releasedGameEvents: RoomEvent[];
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
function sessionAt(session: DraftSession, count: number, hideWinner: boolean): DraftSession {
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
    winner: complete && !hideWinner ? session.winner : null,
  };
}

/** One game of a room's log: a series room's log holds every game it played, one after another. */
interface Segment {
  /** The session the room played during this segment. */
  readonly sessionId: string;
  /** Index of the segment's first event in the log (after the `game` event that opened it). */
  readonly start: number;
  /** Index after its last event (the next moving `game` event, or the log's end). */
  readonly end: number;
  /** The series game number, when known (series rooms). */
  readonly game: number | null;
}

/** The body of a `game` event that moved the room to its next game, or null. */
function movedGame(entry: LoggedEvent): RoomGameEvent | null {
  const body = entry.event.body;
  return body.kind === "game" && body.moved ? body : null;
}

/**
 * Splits a log into its games. A series room logs a `game` event with `moved: true` when it moves
 * to the next game; before it, the room played `from_session_id` (logged since decision 018; older
 * logs fall back to `fallbackFirst`, the series' game before the first move).
 */
function segmentsOf(
  log: readonly LoggedEvent[],
  currentSessionId: string,
  fallbackFirst: string | null,
): Segment[] {
  const moves = log.flatMap((entry, index) => {
    const move = movedGame(entry);
    return move ? [{ index, move }] : [];
  });
  if (moves.length === 0) return [{ sessionId: currentSessionId, start: 0, end: log.length, game: null }];
  const first = moves[0]!;
  const segments: Segment[] = [
    {
      sessionId: first.move.from_session_id ?? fallbackFirst ?? currentSessionId,
      start: 0,
      end: first.index,
      game: first.move.game - 1,
    },
  ];
  moves.forEach(({ index, move }, position) => {
    segments.push({
      sessionId: move.session_id,
      start: index + 1,
      end: moves[position + 1]?.index ?? log.length,
      game: move.game,
    });
  });
  return segments;
}

/** The log of a room with the database clock it was read at: what every public path folds. */
export interface RoomLog {
  readonly row: RoomRow;
  readonly log: LoggedEvent[];
  readonly nowMs: number;
}

export async function readRoomLog(db: Kysely<Database>, roomId: string): Promise<RoomLog | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [log, nowMs] = await Promise.all([listLogAfter(db, roomId, 0, 1_000_000), databaseNowMs(db)]);
  return { row, log, nowMs };
}

/** How many of the log's first events are due for a viewer `delayMs` behind at `nowMs`. */
function dueCount(log: readonly LoggedEvent[], delayMs: number, nowMs: number): number {
  let cut = 0;
  while (cut < log.length && releaseAt(log[cut]!.event, delayMs) <= nowMs) cut += 1;
  return cut;
}

/**
 * The room as a socket `delayMs` behind sees it at the database's `now`: derived from the log's
 * due, allowed prefix only (never from the room's current row), plus the events still waiting.
 * Actions older than the log (a room opened on a session that had some) are its base.
 *
 * A series room's log holds every game: the view shows the game the room played at `now - delay`
 * (a game change is itself a delayed event), folded from that game's events only. `forSession`
 * asks for another game of the same room instead (the public view of that game's session): a game
 * not yet started at `now - delay` is an empty draft, a finished one its final state.
 *
 * This is the one delayed view: the delayed socket feed, the draft's public view and PNG card, the
 * series' public view and PNG card, the join answer and the overlay all read it.
 */
export async function delayedView(
  db: Kysely<Database>,
  roomId: string,
  delayMs: number,
  options: { forSession?: string; read?: RoomLog; fallbackFirstSession?: string | null } = {},
): Promise<DelayedView | undefined> {
  const read = options.read ?? (await readRoomLog(db, roomId));
  if (!read) return undefined;
  const { row, log, nowMs } = read;
  const cut = dueCount(log, delayMs, nowMs);
  const segments = segmentsOf(log, row.session_id, options.fallbackFirstSession ?? null);
  // The game being played at now - delay: the last segment that had started by the cut.
  const shownIndex = segments.reduce((found, segment, index) => (segment.start <= cut ? index : found), 0);
  let segment = segments[shownIndex]!;
  if (options.forSession && options.forSession !== segment.sessionId) {
    const other = [...segments].reverse().find((candidate) => candidate.sessionId === options.forSession);
    if (!other) return undefined;
    segment = other;
  }
  const [session, actions] = await Promise.all([
    getSession(db, null, segment.sessionId),
    sessionActions(db, segment.sessionId),
  ]);
  if (!session) return undefined;
  const segmentLog = log.slice(segment.start, segment.end);
  const seen = log.slice(segment.start, Math.max(segment.start, Math.min(segment.end, cut)));
  const released = log.slice(0, cut).filter((entry) => delayedVisible(entry.event.body.kind));
  const pending = log.slice(cut).filter((entry) => delayedVisible(entry.event.body.kind));
  const firstLockBody = segmentLog.map((entry) => entry.event.body).find((body) => body.kind === "lock");
  const firstLock = firstLockBody?.kind === "lock" ? firstLockBody.step : undefined;
  const started = segment.start <= cut;
  const base = !started
    ? []
    : actions
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
  const prefix = seen.map((entry) => entry.event).filter((event) => delayedVisible(event.body.kind));
  const record = toRecord(row);
  const sides = delayedSides(record.sides, log.slice(0, cut), segment);
  // The one fold (decision 024): the game's room at the log's start, then each due event applied.
  const folded = foldRoomEvents(startOfSegment(record, row, sides, base, session), prefix);
  const replayed = wireActionsOf(folded, prefix, base, actions);
  const begun = folded.status !== "lobby";
  const ready = folded.ready;
  const pendingOrDecided = folded.correction ?? null;
  const correction: RoomCorrectionInfo | null = pendingOrDecided
    ? {
        ...pendingOrDecided,
        requested_ms: pendingOrDecided.requested_ms + delayMs,
        expires_ms: pendingOrDecided.expires_ms + delayMs,
        deadline_ms: pendingOrDecided.deadline_ms === null ? null : pendingOrDecided.deadline_ms + delayMs,
      }
    : null;
  const lastClock = [...seen].reverse().find((entry) => entry.clock !== null)?.clock ?? null;
  const current = clockOf(record, null, nowMs);
  const clock: RoomClock = lastClock
    ? shiftClock(lastClock, delayMs, nowMs)
    : {
        ...current,
        status: begun ? current.status : "lobby",
        step: replayed.length,
        bank_ms: { A: Number(row.bank_initial_ms), B: Number(row.bank_initial_ms) },
        turn_started_ms: null,
        deadline_ms: null,
        paused_ms: null,
        resumes_ms: null,
      };
  // A result recorded within the delay (a series logs it as a `game` event) is not shown yet.
  const resultPending = log.slice(cut).some((entry) => entry.event.body.kind === "game");
  const at = sessionAt(session, replayed.length, resultPending);
  const snapshot: RoomSnapshot = {
    room_id: row.id,
    mode: record.mode,
    seq: released.at(-1)?.event.seq ?? 0,
    session: at,
    sides,
    ready: begun ? { A: true, B: true } : ready,
    actions: replayed,
    clock: { ...clock, step: at.status === "complete" ? null : replayed.length },
    hover: null,
    correction,
  };
  return {
    snapshot,
    pending,
    released: released.map((entry) => entry.event),
    headSeq: log.at(-1)?.event.seq ?? Number(row.seq),
    game: segment.game,
    firstGame: segments[0]!.game,
    cutoffMs: nowMs - delayMs,
    releasedGameEvents: log
      .slice(0, cut)
      .filter((entry) => entry.event.body.kind === "game")
      .map((entry) => entry.event),
  };
}

/**
 * The room as a game of its log starts: in the lobby (a solo room runs), the game's sides, full
 * banks, and the actions older than the log (`base`). Events fold onto it.
 */
function startOfSegment(
  record: RoomRecord,
  row: RoomRow,
  sides: { A: "BLUE" | "RED"; B: "BLUE" | "RED" },
  base: readonly DelayedAction[],
  session: DraftSession,
): RoomState {
  const bank = Number(row.bank_initial_ms);
  const start: RoomRecord = {
    mode: record.mode,
    status: record.mode === "solo" ? "running" : "lobby",
    sides,
    ready: { A: false, B: false },
    turn_ms: record.turn_ms,
    bank_ms: { A: bank, B: bank },
    turn_started_ms: null,
    deadline_ms: null,
    paused_ms: null,
    resumes_ms: null,
    hover: null,
    correction: null,
  };
  let format: DraftFormat | undefined;
  try {
    format = buildFormat(session.format as DraftFormatSpec);
  } catch {
    format = undefined;
  }
  const options = format ? { format } : {};
  try {
    return roomFromRecord(start, base, options);
  } catch {
    // Saved actions that no longer replay (a format changed under them): the log alone.
    return roomFromRecord(start, [], options);
  }
}

/**
 * The wire actions of a folded draft: each step's champion from the fold (locks, rewinds and
 * corrections applied), its id and time from the lock that made it (or the saved action before
 * the log).
 */
function wireActionsOf(
  folded: RoomState,
  prefix: readonly RoomEvent[],
  base: readonly DelayedAction[],
  saved: readonly DraftAction[],
): DraftAction[] {
  const locks = new Map<number, { seq: number; at: number; is_auto: boolean }>();
  for (const event of prefix) {
    const body = event.body;
    if (body.kind === "lock") locks.set(body.step, { seq: event.seq, at: event.at, is_auto: body.is_auto });
  }
  return folded.draft.actions.map((action) => {
    const lock = locks.get(action.phase_number);
    const before = base.find((item) => item.phase_number === action.phase_number);
    const delayed: DelayedAction = {
      phase_number: action.phase_number,
      action_type: action.action_type,
      team_side: action.team_side,
      champion_id: action.champion_id,
      is_auto: lock?.is_auto ?? before?.is_auto ?? false,
      at: lock?.at ?? before?.at ?? 0,
      seq: lock?.seq ?? 0,
    };
    return toWireAction(delayed, saved);
  });
}

/** The sides of the game shown: a series game's move logs them (`team_a_side`), else the room's. */
function delayedSides(
  current: { A: "BLUE" | "RED"; B: "BLUE" | "RED" },
  released: readonly LoggedEvent[],
  segment: Segment,
): { A: "BLUE" | "RED"; B: "BLUE" | "RED" } {
  const opened = segment.start > 0 ? released[segment.start - 1]?.event.body : undefined;
  const side = opened?.kind === "game" ? opened.team_a_side : null;
  if (side === "BLUE") return { A: "BLUE", B: "RED" };
  if (side === "RED") return { A: "RED", B: "BLUE" };
  return current;
}

/**
 * The public view's REST answer for a session whose room has a spectator delay: the session and
 * actions as they stood `delay` ago (null when there is no delay: the caller answers as before).
 * `roomId` names the room when the caller knows it (a series game's session whose room has moved
 * on to another game); otherwise the room playing the session now.
 */
export async function delayedPublicDraft(
  db: Kysely<Database>,
  sessionId: string,
  roomId?: string,
): Promise<{ session: DraftSession; actions: DraftAction[] } | null> {
  const row = await db
    .selectFrom("draft_rooms")
    .select(["id", "spectator_delay_seconds"])
    .where(roomId ? "id" : "session_id", "=", roomId ?? sessionId)
    .executeTakeFirst();
  const delaySeconds = Number(row?.spectator_delay_seconds ?? 0);
  if (!row || delaySeconds <= 0) return null;
  const view = await delayedView(db, row.id, delaySeconds * 1000, { forSession: sessionId });
  return view ? { session: view.snapshot.session, actions: view.snapshot.actions } : null;
}

/**
 * `POST /api/rooms/join/`: what a link opens. A delayed spectator link is answered with the
 * session as it stood `delay` ago (its step, status and result), never the live one.
 */
export async function joinAnswer(db: Kysely<Database>, token: string): Promise<RoomJoin> {
  const answer = await joinByToken(db, token);
  const resolved = await resolveLink(db, token);
  if (!resolved) return answer;
  const delayMs = seatDelayMs(resolved.room, resolved.link, resolved.seat.role);
  if (delayMs <= 0) return answer;
  const view = await delayedView(db, resolved.room.id, delayMs);
  return view ? { ...answer, session: view.snapshot.session } : answer;
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
  await writeRoom(db, { roomId }, async (trx) => {
    await setRoomDelay(trx, roomId, delaySeconds);
    return {
      ok: true,
      events: [{ kind: "delay", delay_seconds: delaySeconds, link_id: null }],
      actor: { role: "organiser", team: null, linkId: null },
      value: null,
    };
  });
  return describeRoom(db, userId, roomId);
}
