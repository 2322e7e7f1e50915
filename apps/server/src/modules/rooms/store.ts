import { randomUUID } from "node:crypto";
import type { DraftAction, ErrorCode, RoomClock } from "@draftroom/contracts";
import {
  type ActionType,
  applyAction,
  applyRoomHover,
  autoPickRanking,
  type ChampionInfo,
  createRoom,
  type OurPreparation,
  type RoomCommand,
  type RoomHover,
  type RoomLogBody,
  type RoomRecord,
  type RoomState,
  reduceRoom,
  roomFromRecord,
  roomRecord,
  type Side,
  withLocked,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import { isDatabaseUnavailable } from "../../db/availability.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf, isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "../../db/values.ts";
import { championPool } from "../champions/service.ts";
import {
  appendAction,
  changeActionChampion,
  loadDraftContext,
  removeActionsFrom,
  seriesLocksOf,
  sessionActions,
  sessionBasics,
  storeSessionState,
} from "../drafts/service.ts";
import { type EventActor, eventRow, wireEvent } from "./event-log.ts";
import { ourPreparationOf } from "./our-team.ts";
import {
  CLOCK_AT_REST,
  commandSeq,
  databaseNowMs,
  findRoom,
  findRoomBySession,
  insertEvents,
  lockRoom,
  notifyRoom,
  outageLoggedSince,
  type RoomRow,
  setRoomSeq,
  storeRoom,
  toRecord,
} from "./repository.ts";
import { noteRoomActivity } from "./room-activity.ts";
import { type RoomCommit, roomRuntime } from "./runtime.ts";
import type { ActingSeat } from "./service.ts";

/**
 * The room store (decisions 024, 032 and 045): the only code that writes a room's log and its
 * draft's actions, and the keeper of each live room's folded state.
 *
 * - `writeRoom(db, target, write)` is the one entry point of every room write (commands, seat
 *   changes, delay changes, series game changes): in one transaction it locks the room's row,
 *   reads the database clock, lets `write` make the caller's own updates, appends the events it
 *   returns to the log (seq, NOTIFY) and builds the commit; once committed, it keeps the folded
 *   state in step and hands the commit to the process's runtime (fan-out, timers, caches).
 * - `runRoomCommand` (the store's `commit(seat, command)`) is the write of one command: it takes
 *   the room's folded state from memory when the row's seq (and record) is the one it was folded
 *   to, else folds the room once from the database, applies packages/draft's `reduceRoom`, writes
 *   the actions and the session, and the store keeps the state after the command in memory (built
 *   from what it wrote: no replay, no read-back).
 * - A socket's command carries its key (decision 049): the last event it writes keeps it, and the
 *   same key again (a resend after a reconnection or an outage) is found under the room's lock and
 *   answered with the seq it reached instead of being applied twice. When the database is lost
 *   while a write commits, `writeRoom` throws `RoomCommitUnknown`: the key tells later whether it
 *   was applied (`appliedCommandSeq`).
 */

// ---- the folded state of live rooms ------------------------------------------------------------

/** A room's folds are dropped after this long without a command or a read. */
export const FOLD_IDLE_MS = 10 * 60_000;
/** At most this many rooms are kept folded per process (least recently used dropped first). */
export const FOLD_MAX_ROOMS = 2000;

/** Champion pool and ranking inputs of one database, checked every minute. */
interface Catalog {
  /** When the pool was last read (an unchanged pool keeps its object: folds stay current). */
  at: number;
  readonly signature: string;
  readonly ids: number[];
  readonly champions: ChampionInfo[];
  /** What a saved action shows of its champion (as the drafts' reads join it). */
  readonly refs: ReadonlyMap<number, NonNullable<DraftAction["champion"]>>;
}

/** A room's state as folded up to `seq`: what the next command starts from instead of a replay. */
interface Fold {
  readonly sessionId: string;
  readonly seq: number;
  /** The row's record the state was folded from or written as (hover aside): a row that differs
   * was changed by a path that does not move the seq (a room opened live, a series' sides). */
  readonly recordKey: string;
  /** Hover-free (hovers live in the hub's memory only). */
  readonly state: RoomState;
  readonly actions: readonly DraftAction[];
  /** The champion pool the state's draft was built with (a changed pool refolds the room). */
  readonly catalog: Catalog;
  /** A series game's fearless locks the state was folded with (null outside a series, or with
   * none): a correction to an earlier game changes them without moving this room's seq. */
  readonly locksKey: string | null;
  usedAt: number;
}

/**
 * One process's folded rooms (per database). Entries are only ever stored after their
 * transaction committed, and only ever used when the room's row (read under its lock, or read
 * plainly for a hover check) carries the same seq, session and record: a write by another process,
 * another connection or any path that bypassed this cache moves the seq or the record, so a stale
 * fold is detected and the room is folded again from the database, once.
 */
export class RoomFolds {
  readonly #rooms = new Map<string, Fold>();
  /** Rooms folded from the database (cold cache, or a stale fold detected). */
  folds = 0;
  /** Commands and reads served from memory. */
  hits = 0;

  constructor(
    private readonly maxRooms = FOLD_MAX_ROOMS,
    private readonly idleMs = FOLD_IDLE_MS,
  ) {}

  get size(): number {
    return this.#rooms.size;
  }

  /** The room's fold when it matches the row; a fold that does not match is dropped. */
  take(row: RoomRow, catalog: Catalog, nowMs = Date.now()): Fold | undefined {
    const fold = this.#rooms.get(row.id);
    if (!fold) return undefined;
    if (
      fold.seq !== Number(row.seq) ||
      fold.sessionId !== row.session_id ||
      fold.catalog !== catalog ||
      fold.recordKey !== recordKey(toRecord(row))
    ) {
      this.#rooms.delete(row.id);
      return undefined;
    }
    this.hits += 1;
    this.#touch(row.id, fold, nowMs);
    return fold;
  }

  /** Keeps a fold (after its transaction committed) unless a newer one is kept already. */
  keep(roomId: string, fold: Omit<Fold, "usedAt">, nowMs = Date.now()): void {
    const current = this.#rooms.get(roomId);
    if (current && current.sessionId === fold.sessionId && current.seq > fold.seq) return;
    // A finished room is rarely written again (a late correction folds it once more).
    if (fold.state.status === "complete") {
      this.#rooms.delete(roomId);
      return;
    }
    this.#touch(roomId, { ...fold, usedAt: nowMs }, nowMs);
  }

  /**
   * Events that leave the folded state as it was (seat and delay changes) moved the room from
   * `fromSeq` to `toSeq`: the fold follows, if it was the one they were written on.
   */
  advance(roomId: string, fromSeq: number, toSeq: number): void {
    const fold = this.#rooms.get(roomId);
    if (fold && fold.seq === fromSeq) this.#rooms.set(roomId, { ...fold, seq: toSeq });
  }

  forget(roomId: string): void {
    this.#rooms.delete(roomId);
  }

  #touch(roomId: string, fold: Fold, nowMs: number): void {
    fold.usedAt = nowMs;
    // Map order is least recently used first.
    this.#rooms.delete(roomId);
    this.#rooms.set(roomId, fold);
    for (const [id, oldest] of this.#rooms) {
      if (this.#rooms.size <= this.maxRooms && oldest.usedAt >= nowMs - this.idleMs) break;
      this.#rooms.delete(id);
    }
  }
}

const foldsByDb = new WeakMap<object, RoomFolds>();

/** The folded rooms this process keeps for a database (created on first use). */
export function roomFolds(db: Kysely<Database>): RoomFolds {
  let folds = foldsByDb.get(db);
  if (!folds) {
    folds = new RoomFolds();
    foldsByDb.set(db, folds);
  }
  return folds;
}

/** What of a record a fold must match (hovers are never stored; key order is not data). */
function recordKey(record: RoomRecord): string {
  return canonical({ ...record, hover: null, correction: record.correction ?? null });
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
}

const catalogs = new WeakMap<object, Catalog>();
const CATALOG_TTL_MS = 60_000;

async function championCatalog(db: Kysely<Database> | Transaction<Database>, key: object): Promise<Catalog> {
  const cached = catalogs.get(key);
  if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached;
  const champions = await championPool(db);
  const signature = JSON.stringify(
    champions.map((c) => [c.id, c.name, c.champion_key, c.icon_url, c.role, c.tags]),
  );
  if (cached && cached.signature === signature) {
    cached.at = Date.now();
    return cached;
  }
  const entry: Catalog = {
    at: Date.now(),
    signature,
    ids: champions.map((champion) => champion.id),
    champions: champions.map((c) => ({ id: c.id, name: c.name, role: c.role, tags: c.tags })),
    refs: new Map(
      champions.map((c) => [
        c.id,
        { id: c.id, name: c.name, champion_key: c.champion_key, icon_url: c.icon_url },
      ]),
    ),
  };
  catalogs.set(key, entry);
  return entry;
}

/**
 * Folds a room from the database: the session's saved actions replayed in its stored format,
 * with the series' fearless locks applied after the replay (they bind the next action; a history
 * saved before an earlier game changed stays readable). The one replay of a room per process, as
 * long as its fold stays current.
 */
async function foldRoom(
  trx: Kysely<Database> | Transaction<Database>,
  folds: RoomFolds,
  row: RoomRow,
  catalog: Catalog,
): Promise<Omit<Fold, "usedAt">> {
  folds.folds += 1;
  const actions = await sessionActions(trx, row.session_id);
  const session = await sessionBasics(trx, row.session_id);
  const context = await loadDraftContext(trx, row.session_id, session?.format ?? null);
  const record = { ...toRecord(row), hover: null };
  const room = roomFromRecord(record, actions, { championIds: catalog.ids, format: context.format });
  return {
    sessionId: row.session_id,
    seq: Number(row.seq),
    recordKey: recordKey(record),
    state: { ...room, draft: withLocked(room.draft, context.locked, context.sideLocked) },
    actions,
    catalog,
    locksKey: locksKey(context),
  };
}

/** What of a series game's locks a fold must match; null when nothing binds it. */
function locksKey(locks: Awaited<ReturnType<typeof seriesLocksOf>>): string | null {
  if (!locks) return null;
  const none =
    locks.locked.length === 0 && locks.sideLocked.BLUE.length === 0 && locks.sideLocked.RED.length === 0;
  return none ? null : canonical({ locked: [...locks.locked].sort(), sideLocked: locks.sideLocked });
}

/**
 * The fold a command starts from: the one in memory when it matches the locked row and, for a
 * series game folded with fearless locks, when those locks are unchanged (an earlier game's
 * correction, possibly on another process, does not move this room's seq); else a fresh fold.
 */
async function currentFold(
  trx: Kysely<Database> | Transaction<Database>,
  folds: RoomFolds,
  row: RoomRow,
  catalog: Catalog,
): Promise<Omit<Fold, "usedAt">> {
  const fold = folds.take(row, catalog);
  if (
    fold &&
    (fold.locksKey === null || locksKey(await seriesLocksOf(trx, row.session_id)) === fold.locksKey)
  )
    return fold;
  return foldRoom(trx, folds, row, catalog);
}

/**
 * The room's folded state as of its row, without a transaction or a write (what the hub checks
 * hovers against, what the practice opponent plays from): from memory when current.
 */
export async function loadRoomState(
  db: Kysely<Database>,
  roomId: string,
): Promise<{ state: RoomState; seq: number } | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [catalog, folds] = [await championCatalog(db, db), roomFolds(db)];
  let fold = folds.take(row, catalog);
  if (!fold) {
    const folded = await foldRoom(db, folds, row, catalog);
    // The row and the actions were not read as one snapshot: a fold that mixes two writes is
    // labelled with the older seq, which the row has left behind, so no command ever uses it.
    folds.keep(roomId, folded);
    fold = { ...folded, usedAt: Date.now() };
  }
  return { state: fold.state, seq: fold.seq };
}

// ---- commands ----------------------------------------------------------------------------------

export type RoomCommandResult =
  | {
      readonly ok: true;
      readonly commit: RoomCommit;
      readonly state: RoomState;
      /** The action a lock inserted or a correction changed (with its champion). */
      readonly action?: DraftAction;
      /** The actions after the command. */
      readonly actions: readonly DraftAction[];
    }
  | Refused;

export type RoomTarget = { roomId: string } | { sessionId: string; userId: number };

export interface CommandOptions {
  /** REST actions also name the step's side and type: they must match the sequence. */
  readonly expect?: { readonly action_type: ActionType; readonly team_side: Side };
  /** The lock was made by the caller's timer (the owner's untimed solo room): store it as automatic. */
  readonly auto?: boolean;
  /** The latest hover the hub knows (hovers live in memory only): what an expiry locks. */
  readonly hover?: RoomHover | null;
  /** The workspace member bound to the socket that sent it: the actor in the workspace feed. */
  readonly memberId?: number | undefined;
  /** False for a step nobody on the team took (the practice opponent's): kept out of the feed. */
  readonly inFeed?: boolean;
  /**
   * The sender's key of this command (a socket's seat and message id): applied at most once; a key
   * already in the log is refused as `duplicate_message` with the seq it reached (`appliedSeq`).
   */
  readonly commandKey?: string;
}

export function clockOf(record: RoomRecord, state: RoomState | null, nowMs: number): RoomClock {
  const step = state ? state.draft.actions.length : null;
  return {
    status: record.status,
    step: step === null || !state || step >= state.draft.format.steps.length ? null : step,
    turn_ms: record.turn_ms,
    bank_ms: { A: record.bank_ms.A, B: record.bank_ms.B },
    turn_started_ms: record.turn_started_ms,
    deadline_ms: record.deadline_ms,
    paused_ms: record.paused_ms,
    resumes_ms: record.resumes_ms,
    server_now: nowMs,
  };
}

/** The actor of a command's events (null: the server's clock). */
function actorOf(seat: ActingSeat | "system"): EventActor {
  return seat === "system" ? null : { role: seat.role, team: seat.team, linkId: seat.linkId };
}

/** The owner's solo room of a session, created on first use (untimed; the owner drives both sides). */
export async function ensureRoomRow(trx: Transaction<Database>, sessionId: string): Promise<void> {
  const existing = await findRoomBySession(trx, sessionId);
  if (existing) return;
  const session = await sessionBasics(trx, sessionId);
  const room = createRoom({ mode: "solo", turn_ms: 0, bank_ms: 0 });
  const record: RoomRecord =
    session?.status === "complete"
      ? { ...roomRecord(room), status: "complete", turn_started_ms: null }
      : roomRecord(room);
  await trx
    .insertInto("draft_rooms")
    .values({
      id: randomUUID(),
      session_id: sessionId,
      mode: record.mode,
      status: record.status,
      team_a_side: "BLUE",
      ready_a: true,
      ready_b: true,
      turn_ms: 0,
      bank_initial_ms: 0,
      bank_a_ms: 0,
      bank_b_ms: 0,
      ...CLOCK_AT_REST,
      seq: 0,
    })
    .onConflict((oc) => oc.column("session_id").doNothing())
    .execute();
}

/** Maps a unique or foreign-key violation (a race the engine could not see) to a rule code. */
function writeErrorCode(error: unknown): ErrorCode | undefined {
  if (isUniqueViolation(error)) {
    return (violatedConstraint(error) ?? "").includes("champion") ? "champion_used" : "wrong_turn";
  }
  if (isForeignKeyViolation(error)) return "unknown_champion";
  return undefined;
}

/**
 * A refusal: nothing is appended and the caller gets the code. `appliedSeq`: the command's key was
 * in the log already (`duplicate_message`): it was applied once, up to that seq.
 */
type Refused = { readonly ok: false; readonly code: ErrorCode; readonly appliedSeq?: number };

const refused = (code: ErrorCode): Refused => ({ ok: false, code });

/** What a command's caller gets beside the commit. */
type CommandValue = Omit<Extract<RoomCommandResult, { ok: true }>, "ok" | "commit">;

/**
 * The store's `commit(seat, command)`: applies one command to a room through `writeRoom`, against
 * the database clock, from the room's folded state (memory, or one fold when another process
 * wrote since), and keeps the state after it. A refusal changes nothing and returns its code.
 * `{sessionId, userId}` also checks the owner (404 when not theirs) and creates the session's solo
 * room on first use.
 *
 * @example
 * const result = await runRoomCommand(db, { roomId }, seat, { type: "lock", step: 3, champion_id: 157 });
 * if (!result.ok) send({ type: "reject", id, code: result.code });
 */
export async function runRoomCommand(
  db: Kysely<Database>,
  target: RoomTarget,
  seat: ActingSeat | "system",
  command: RoomCommand,
  options: CommandOptions = {},
): Promise<RoomCommandResult> {
  // A room's own steps (a seat's socket, the clock) go to the workspace feed; the owner's REST
  // steps (`{sessionId, userId}`) are recorded by the drafts routes.
  const feed = "userId" in target || options.inFeed === false ? undefined : { memberId: options.memberId };
  // A timed-out pick ranks with our team's pools like its captain's advice (decision 061): read
  // before the room's lock (the workspace's tables are its module's, read through its service).
  const ours =
    command.type === "expire" && "roomId" in target ? await ourPreparationOf(db, target.roomId) : null;
  let written: RoomWriteResult<CommandValue>;
  try {
    written = await writeRoom(
      db,
      target,
      (trx, row, nowMs) => commandWrite(db, trx, row, nowMs, seat, command, options, feed, ours),
      options.commandKey === undefined ? {} : { commandKey: options.commandKey },
    );
  } catch (error) {
    const code = writeErrorCode(error);
    if (!code) throw error;
    return { ok: false, code };
  }
  if (!written.ok) return written;
  return { ok: true, commit: written.commit, ...written.value };
}

/** One command under the room's lock: reduced from the room's fold, its actions and session written. */
async function commandWrite(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  row: RoomRow,
  nowMs: number,
  seat: ActingSeat | "system",
  command: RoomCommand,
  options: CommandOptions,
  feed: CommandOrigin | undefined,
  ours: OurPreparation | null = null,
): Promise<RoomWrite<CommandValue> | Refused> {
  // An outage another process (or this one, earlier) already gave back is not given back twice.
  if (command.type === "outage" && (await outageLoggedSince(trx, row.id, command.from_ms)))
    return refused("not_expired");
  const catalog = await championCatalog(trx, db);
  // Under the row lock: the fold in memory is current exactly when the row's seq is its seq.
  const fold = await currentFold(trx, roomFolds(db), row, catalog);
  const { actions, state: stored } = fold;
  const state = options.hover ? applyRoomHover(stored, options.hover) : stored;

  if (options.expect && command.type === "lock") {
    // The REST body names the side and type too: the engine says which rule a wrong one breaks.
    const checked = applyAction(state.draft, {
      phase_number: command.step,
      action_type: options.expect.action_type,
      team_side: options.expect.team_side,
      champion_id: command.champion_id,
    });
    if (!checked.ok) return refused(checked.code);
  }
  let effective = command;
  if (command.type === "expire") {
    const ranked = autoPickRanking({ state: state.draft, champions: catalog.champions, ours }, catalog.ids);
    effective = { type: "expire", ranked };
  }
  const outcome = reduceRoom(state, seat === "system" ? "system" : seat, effective, nowMs);
  if (!outcome.ok) return refused(outcome.code);

  let action: DraftAction | undefined;
  let actionsAfter: readonly DraftAction[] = actions;
  let actionsChanged = false;
  const events = options.auto
    ? outcome.events.map((body) => (body.kind === "lock" ? { ...body, is_auto: true } : body))
    : outcome.events;
  for (const body of events) {
    if (body.kind === "lock") {
      const values = {
        session_id: row.session_id,
        champion_id: body.champion_id,
        phase_number: body.step,
        action_type: body.action_type,
        team_side: body.side,
        // The product's view: a skipped ban is always stored as automatic.
        is_auto: body.is_auto || body.champion_id === null,
      };
      const inserted = await appendAction(trx, values);
      // What was written (ids and time from RETURNING), not a read-back.
      action = {
        id: inserted.id,
        champion: values.champion_id === null ? null : (catalog.refs.get(values.champion_id) ?? null),
        champion_id: values.champion_id,
        phase_number: values.phase_number,
        action_type: values.action_type,
        team_side: values.team_side,
        is_auto: values.is_auto,
        created_at: inserted.created_at,
      };
      actionsAfter = [...actionsAfter, action];
      actionsChanged = true;
    } else if (body.kind === "rewind") {
      await removeActionsFrom(trx, row.session_id, body.step);
      actionsAfter = actionsAfter.slice(0, body.step);
      actionsChanged = true;
    } else if (
      body.kind === "correct" ||
      (body.kind === "correction_decision" && body.outcome === "approved" && body.champion_id !== null)
    ) {
      const target = actionsAfter[body.step];
      if (target) {
        const championId = body.champion_id!;
        await changeActionChampion(trx, target.id, championId);
        // As the update wrote it: the champion swapped, no longer automatic.
        const changed: DraftAction = {
          ...target,
          champion_id: championId,
          champion: catalog.refs.get(championId) ?? null,
          is_auto: false,
        };
        action = changed;
        actionsAfter = actionsAfter.map((a) => (a.id === target.id ? changed : a));
      }
      actionsChanged = true;
    }
  }
  if (actionsChanged) {
    const wasComplete = actions.length >= state.draft.format.steps.length;
    await storeSessionState(trx, row.session_id, outcome.state.draft, wasComplete);
  }
  return {
    ok: true,
    events,
    actor: actorOf(seat),
    deadlineMs: state.deadline_ms,
    actionsChanged,
    command: { state: outcome.state, actions: actionsAfter, catalog, locksKey: fold.locksKey },
    ...(feed ? { feed } : {}),
    value: { state: outcome.state, actions: actionsAfter, ...(action ? { action } : {}) },
  };
}

// ---- the one write path ------------------------------------------------------------------------

/**
 * Where a room write came from, when its steps belong in a workspace's activity feed: a seat's
 * socket (with the member bound to it, when known) or the room's clock. REST steps on a session
 * leave it out: the drafts routes record those themselves.
 */
interface CommandOrigin {
  readonly memberId?: number | undefined;
}

/** A command's folded room after it, with the actions it has and what it was folded with. */
interface CommandAfter {
  readonly state: RoomState;
  readonly actions: readonly DraftAction[];
  readonly catalog: Catalog;
  readonly locksKey: string | null;
}

/** What a write did under the room's lock: the events the store appends, and what the commit says. */
export interface RoomWrite<T> {
  readonly ok: true;
  /** Appended to the log in this order (none: the commit announces the room as it is). */
  readonly events: readonly RoomLogBody[];
  /** Who caused them (null: the server's clock). */
  readonly actor: EventActor;
  /** The step's deadline kept with each event (default: the locked row's). */
  readonly deadlineMs?: number | null;
  /** The room's record after the write (default: the locked row's; a command's is its state's). */
  readonly record?: RoomRecord;
  /** The session the room plays after the write (default: the locked row's). */
  readonly sessionId?: string;
  /** True when draft_actions changed. */
  readonly actionsChanged?: boolean;
  /**
   * A command's room after it (`runRoomCommand` only): the store writes its record with the new
   * seq, each event keeps the clock after it, and the process keeps the fold once committed.
   */
  readonly command?: CommandAfter;
  /** Set when the events belong in a workspace's activity feed. */
  readonly feed?: CommandOrigin;
  /** What the caller gets back beside the commit. */
  readonly value: T;
}

export type RoomWriteResult<T> =
  | { readonly ok: true; readonly commit: RoomCommit; readonly value: T }
  | Refused;

/**
 * The database was lost while a room write committed: it may or may not have been applied. The
 * command's key (when it had one) tells, once the database is back (`appliedCommandSeq`).
 */
export class RoomCommitUnknown extends Error {
  constructor(
    readonly roomId: string,
    cause: unknown,
  ) {
    super("the database was lost while a room write committed", { cause });
    this.name = "RoomCommitUnknown";
  }
}

/** The seq a command sent with `commandKey` reached, when the room's log has it (it was applied). */
export function appliedCommandSeq(
  db: Kysely<Database>,
  roomId: string,
  commandKey: string,
): Promise<number | undefined> {
  return commandSeq(db, roomId, commandKey);
}

/**
 * The one entry point of a room write. In one transaction: locks the room's row (for
 * `{sessionId, userId}`, after checking the owner and creating the session's solo room on first
 * use), reads the database clock, runs `write` for the caller's own updates, appends the events it
 * returns to the log and builds the commit. Once committed: the folded state follows, then the
 * process's runtime (fan-out, timers, caches) and the workspace feed get the commit. A refusal
 * from `write` appends nothing; a missing row is `not_found`. Errors thrown roll everything back;
 * a connection lost while the events commit throws `RoomCommitUnknown` (applied or not: nothing in
 * this process followed it, and the key, `options.commandKey`, tells which). A key already in the
 * log is refused as `duplicate_message` with the seq it reached, before `write` runs.
 *
 * @example
 * await writeRoom(db, { roomId }, async (trx) => {
 *   await setRoomDelay(trx, roomId, 30);
 *   return { ok: true, events: [{ kind: "delay", delay_seconds: 30, link_id: null }], actor, value: null };
 * });
 */
export async function writeRoom<T>(
  db: Kysely<Database>,
  target: RoomTarget,
  write: (trx: Transaction<Database>, row: RoomRow, nowMs: number) => Promise<RoomWrite<T> | Refused>,
  options: { readonly commandKey?: string } = {},
): Promise<RoomWriteResult<T>> {
  let committing: string | undefined;
  const transact = () =>
    db.transaction().execute(async (trx) => {
      const row = await lockTarget(trx, target);
      if (!row) return refused("not_found");
      if (options.commandKey !== undefined) {
        const appliedSeq = await commandSeq(trx, row.id, options.commandKey);
        if (appliedSeq !== undefined)
          return { ok: false as const, code: "duplicate_message" as const, appliedSeq };
      }
      const nowMs = await databaseNowMs(trx);
      const written = await write(trx, row, nowMs);
      if (!written.ok) return written;
      const appended = await appendToLog(trx, row, nowMs, written, options.commandKey);
      // From here only the commit is left: losing the connection now leaves it unknown.
      if (written.events.length > 0) committing = row.id;
      return { ok: true as const, written, ...appended };
    });
  let done: Awaited<ReturnType<typeof transact>>;
  try {
    done = await transact();
  } catch (error) {
    // A server across the network may have committed before the connection went: unknown. A
    // SQLite commit that fails is not applied.
    if (committing !== undefined && dialectOf(db) === "postgres" && isDatabaseUnavailable(error))
      throw new RoomCommitUnknown(committing, error);
    throw error;
  }
  if (!done.ok) return done;
  // Only once the transaction committed: a fold never runs ahead of the database.
  afterCommit(db, done.commit, done.fold, done.written.feed);
  return { ok: true, commit: done.commit, value: done.written.value };
}

/** Locks the target's row; the owner's session is checked first and gets its solo room on first use. */
async function lockTarget(trx: Transaction<Database>, target: RoomTarget): Promise<RoomRow | undefined> {
  if (!("userId" in target)) return lockRoom(trx, { roomId: target.roomId });
  const session = await sessionBasics(trx, target.sessionId);
  if (session?.user_id !== target.userId) return undefined;
  await ensureRoomRow(trx, target.sessionId);
  return lockRoom(trx, { sessionId: target.sessionId });
}

/**
 * Appends a write's events to the locked room's log at the database's `nowMs` (rows from the one
 * builder, the room's seq moved on, the NOTIFY other processes read at commit) and builds the
 * commit, with the fold a command leaves.
 */
async function appendToLog<T>(
  trx: Transaction<Database>,
  row: RoomRow,
  nowMs: number,
  write: RoomWrite<T>,
  commandKey: string | undefined,
): Promise<{ commit: RoomCommit; fold?: Omit<Fold, "usedAt"> }> {
  const after = write.command;
  const locked = toRecord(row);
  const record = after ? roomRecord(after.state) : (write.record ?? locked);
  const clock = clockOf(record, after?.state ?? null, nowMs);
  const deadlineMs = write.deadlineMs === undefined ? locked.deadline_ms : write.deadlineMs;
  const first = Number(row.seq);
  const rows = write.events.map((body, index) => {
    const event = eventRow(row.id, first + index + 1, nowMs, write.actor, body, deadlineMs);
    // A command's events keep the clock after them: what a delayed spectator is shown with them.
    if (after) event.clock = clock;
    // The last event keeps the sender's key: a resend finds it and is not applied again.
    if (commandKey !== undefined && index === write.events.length - 1) event.command_key = commandKey;
    return event;
  });
  const seq = first + rows.length;
  // A command's record goes with the new seq in one update; other writes move the seq alone.
  if (after) await storeRoom(trx, row.id, record, seq);
  if (rows.length > 0) {
    await insertEvents(trx, rows);
    if (!after) await setRoomSeq(trx, row.id, seq);
    await notifyRoom(trx, row.id, seq);
  }
  const commit: RoomCommit = {
    roomId: row.id,
    sessionId: write.sessionId ?? row.session_id,
    seq,
    events: rows.map(wireEvent),
    record,
    clock,
    actionsChanged: write.actionsChanged ?? false,
    ...(after
      ? { state: after.state }
      : { foldUnchanged: write.events.every((body) => body.kind === "seat" || body.kind === "delay") }),
  };
  if (!after) return { commit };
  const fold: Omit<Fold, "usedAt"> = {
    sessionId: row.session_id,
    seq,
    recordKey: recordKey(record),
    state: { ...after.state, hover: null },
    actions: after.actions,
    catalog: after.catalog,
    locksKey: after.locksKey,
  };
  return { commit, fold };
}

/**
 * After the transaction committed: the folded state follows (a command's is kept; a seat or
 * delay change moves it on; a game change drops it), then fan-out, timers and caches (the
 * process's room runtime), then the workspace feed's entries for a live room's locks, approvals
 * and end (not awaited).
 */
function afterCommit(
  db: Kysely<Database>,
  commit: RoomCommit,
  fold: Omit<Fold, "usedAt"> | undefined,
  origin: CommandOrigin | undefined,
): void {
  const folds = roomFolds(db);
  if (fold) folds.keep(commit.roomId, fold);
  else if (commit.events.length > 0) {
    if (commit.foldUnchanged) folds.advance(commit.roomId, commit.seq - commit.events.length, commit.seq);
    else folds.forget(commit.roomId);
  }
  roomRuntime(db)?.committed(commit);
  if (origin) void noteRoomActivity(db, commit, origin.memberId);
}
