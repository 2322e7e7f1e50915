import { randomBytes, randomUUID } from "node:crypto";
import type {
  DraftAction,
  ErrorCode,
  Room,
  RoomClock,
  RoomJoin,
  RoomLink,
  RoomSeatInfo,
  RoomSnapshot,
  RoomWatch,
} from "@draftroom/contracts";
import { ROUTES } from "@draftroom/contracts";
import {
  type ActionType,
  applyAction,
  type ChampionInfo,
  createRoom,
  type RoomCommand,
  type RoomHover,
  type RoomRecord,
  type RoomSeat,
  type RoomState,
  type RoomTeam,
  recommend,
  reduceRoom,
  roomFromRecord,
  roomRecord,
  type Side,
  seatPlaysFor,
  withLocked,
} from "@draftroom/draft";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from "../../db/values.ts";
import { AppError } from "../../errors.ts";
import { hashToken } from "../accounts/tokens.ts";
import { championPool } from "../champions/service.ts";
import {
  appendAction,
  changeActionChampion,
  getSession,
  loadDraftContext,
  removeActionsFrom,
  sessionAction,
  sessionActions,
  storeSessionState,
} from "../drafts/service.ts";
import { quickInfoOfRoom } from "../rooms/quick/info.ts";
import type { EventActor } from "./event-log.ts";
import {
  bumpLinkEpoch,
  databaseNowMs,
  findActiveLink,
  findLink,
  findRoom,
  findRoomBySession,
  insertLink,
  type LinkRow,
  listEventsAfter,
  listLinks,
  lockExpiredRooms,
  lockRoom,
  type RoomRow,
  storeRoom,
  toRecord,
  updateLink,
} from "./repository.ts";
import { type RoomCommit, roomSeriesInfo } from "./runtime.ts";
import { afterCommit, appendToLog, commitOf } from "./store.ts";
import { teamChannelOf } from "./team-channel.ts";

/**
 * Live rooms: every change to a draft (a captain's lock over a WebSocket, the owner's REST
 * action, the clock's expiry) runs through `runRoomCommand`: lock the room's row, read the
 * database clock, apply packages/draft's `reduceRoom`, store the events, the derived
 * `draft_actions` and the session's phase in the same transaction, NOTIFY, then hand the commit
 * to the process's room runtime (fan-out, timers, caches). One engine path for every caller.
 */

/** The seat a connection or request holds, with the link it came through (null: account/clock). */
export interface ActingSeat extends RoomSeat {
  readonly linkId: number | null;
}

export const ORGANISER: ActingSeat = { role: "organiser", team: null, linkId: null };

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
  | { readonly ok: false; readonly code: ErrorCode };

export type RoomTarget = { roomId: string } | { sessionId: string; userId: number };

/** Per-database champion pool and ranking inputs, refreshed every minute. */
const catalogs = new WeakMap<object, { at: number; ids: number[]; champions: ChampionInfo[] }>();
const CATALOG_TTL_MS = 60_000;

async function championCatalog(db: Kysely<Database> | Transaction<Database>, key: object) {
  const cached = catalogs.get(key);
  if (cached && Date.now() - cached.at < CATALOG_TTL_MS) return cached;
  const champions = await championPool(db);
  const entry = {
    at: Date.now(),
    ids: champions.map((champion) => champion.id),
    champions: champions.map((c) => ({ id: c.id, name: c.name, role: c.role, tags: c.tags })),
  };
  catalogs.set(key, entry);
  return entry;
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
async function ensureRoomRow(trx: Transaction<Database>, sessionId: string): Promise<void> {
  const existing = await findRoomBySession(trx, sessionId);
  if (existing) return;
  const session = await trx
    .selectFrom("draft_sessions")
    .select("status")
    .where("id", "=", sessionId)
    .executeTakeFirst();
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
      turn_started_ms: null,
      deadline_ms: null,
      paused_ms: null,
      resumes_ms: null,
      hover_step: null,
      hover_team: null,
      hover_champion_id: null,
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
}

/**
 * The room's folded state as of its row, read without a transaction or a write: what the hub
 * checks hovers against (hovers never reach the database, decision 018).
 */
export async function loadRoomState(
  db: Kysely<Database>,
  roomId: string,
): Promise<{ state: RoomState; seq: number } | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [actions, catalog] = await Promise.all([sessionActions(db, row.session_id), championCatalog(db, db)]);
  return { state: await roomDraftState(db, row, actions, catalog.ids), seq: Number(row.seq) };
}

/**
 * The room's draft in the session's stored format, with the series' fearless locks applied after
 * the replay (they bind the next action; a history saved before an earlier game changed stays
 * readable).
 */
async function roomDraftState(
  trx: Kysely<Database> | Transaction<Database>,
  row: RoomRow,
  actions: readonly DraftAction[],
  championIds: readonly number[],
): Promise<RoomState> {
  const session = await trx
    .selectFrom("draft_sessions")
    .select("format")
    .where("id", "=", row.session_id)
    .executeTakeFirst();
  const context = await loadDraftContext(trx, row.session_id, session?.format ?? null);
  const room = roomFromRecord(toRecord(row), actions, { championIds, format: context.format });
  return { ...room, draft: withLocked(room.draft, context.locked, context.sideLocked) };
}

/**
 * Applies one command to a room in one transaction, against the database clock. A refusal
 * changes nothing and returns its code. `{sessionId, userId}` also checks the owner (404 when not
 * theirs) and creates the session's solo room on first use.
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
  let result: RoomCommandResult;
  try {
    result = await db
      .transaction()
      .execute((trx) => commandInTransaction(db, trx, target, seat, command, options));
  } catch (error) {
    const code = writeErrorCode(error);
    if (!code) throw error;
    return { ok: false, code };
  }
  // A room's own steps (a seat's socket, the clock) go to the workspace feed; the owner's REST
  // steps (`{sessionId, userId}`) are recorded by the drafts routes.
  if (result.ok)
    afterCommit(
      db,
      result.commit,
      "userId" in target || options.inFeed === false ? undefined : { memberId: options.memberId },
    );
  return result;
}

async function commandInTransaction(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  target: RoomTarget,
  seat: ActingSeat | "system",
  command: RoomCommand,
  options: CommandOptions,
): Promise<RoomCommandResult> {
  if ("userId" in target) {
    const owned = await trx
      .selectFrom("draft_sessions")
      .select(["id"])
      .where("id", "=", target.sessionId)
      .where("user_id", "=", target.userId)
      .executeTakeFirst();
    if (!owned) return { ok: false, code: "not_found" };
    await ensureRoomRow(trx, target.sessionId);
  }
  const row = await lockRoom(
    trx,
    "roomId" in target ? { roomId: target.roomId } : { sessionId: target.sessionId },
  );
  if (!row) return { ok: false, code: "not_found" };
  const nowMs = await databaseNowMs(trx);
  const actions = await sessionActions(trx, row.session_id);
  const catalog = await championCatalog(trx, db);
  const stored = await roomDraftState(trx, row, actions, catalog.ids);
  const state = options.hover ? { ...stored, hover: options.hover } : stored;

  if (options.expect && command.type === "lock") {
    // The REST body names the side and type too: the engine says which rule a wrong one breaks.
    const checked = applyAction(state.draft, {
      phase_number: command.step,
      action_type: options.expect.action_type,
      team_side: options.expect.team_side,
      champion_id: command.champion_id,
    });
    if (!checked.ok) return { ok: false, code: checked.code };
  }
  let effective = command;
  if (command.type === "expire") {
    const ranked = recommend({ state: state.draft, champions: catalog.champions, limit: 20 }).items.map(
      (item) => item.champion_id,
    );
    effective = { type: "expire", ranked: [...ranked, ...catalog.ids] };
  }
  const outcome = reduceRoom(state, seat === "system" ? "system" : seat, effective, nowMs);
  if (!outcome.ok) return { ok: false, code: outcome.code };

  let action: DraftAction | undefined;
  let actionsAfter: readonly DraftAction[] = actions;
  let actionsChanged = false;
  const events = options.auto
    ? outcome.events.map((body) => (body.kind === "lock" ? { ...body, is_auto: true } : body))
    : outcome.events;
  for (const body of events) {
    if (body.kind === "lock") {
      const id = await appendAction(trx, {
        session_id: row.session_id,
        champion_id: body.champion_id,
        phase_number: body.step,
        action_type: body.action_type,
        team_side: body.side,
        // The product's view: a skipped ban is always stored as automatic.
        is_auto: body.is_auto || body.champion_id === null,
      });
      action = await sessionAction(trx, row.session_id, id);
      if (action) actionsAfter = [...actionsAfter, action];
      actionsChanged = true;
    } else if (body.kind === "rewind") {
      await removeActionsFrom(trx, row.session_id, body.step);
      actionsAfter = actionsAfter.slice(0, body.step);
      actionsChanged = true;
    } else if (
      body.kind === "correct" ||
      (body.kind === "correction_decision" && body.outcome === "approved" && body.champion_id !== null)
    ) {
      const target = actions[body.step];
      if (target) {
        await changeActionChampion(trx, target.id, body.champion_id!);
        action = await sessionAction(trx, row.session_id, target.id);
        if (action) actionsAfter = actionsAfter.map((a) => (a.id === target.id ? action! : a));
      }
      actionsChanged = true;
    }
  }
  const record = roomRecord(outcome.state);
  const clock = clockOf(record, outcome.state, nowMs);
  await storeRoom(trx, row.id, record, Number(row.seq) + events.length);
  if (actionsChanged) {
    const wasComplete = actions.length >= state.draft.format.steps.length;
    await storeSessionState(trx, row.session_id, outcome.state.draft, wasComplete);
  }
  const appended = await appendToLog(trx, row, nowMs, actorOf(seat), events, {
    deadlineMs: state.deadline_ms,
    clock,
    seqStored: true,
  });
  const commit = commitOf(appended, {
    roomId: row.id,
    sessionId: row.session_id,
    record,
    clock,
    actionsChanged,
    state: outcome.state,
  });
  return { ok: true, commit, state: outcome.state, actions: actionsAfter, ...(action ? { action } : {}) };
}

/**
 * Applies every expired deadline it can lock (PostgreSQL skips rooms another process holds), one
 * room per transaction. Returns how many it applied. The process's timers do this on time; the
 * sweeper catches what a dead process left behind.
 */
export async function sweepExpiredRooms(
  db: Kysely<Database>,
  limit = 20,
  hoverOf: (roomId: string) => RoomHover | null = () => null,
): Promise<number> {
  const due = await db
    .transaction()
    .execute(async (trx) => (await lockExpiredRooms(trx, limit)).map((r) => r.id));
  let applied = 0;
  for (const roomId of due) {
    const result = await runRoomCommand(
      db,
      { roomId },
      "system",
      { type: "expire" },
      { hover: hoverOf(roomId) },
    );
    if (result.ok) applied += 1;
  }
  return applied;
}

/** Stores a seat change (a captain connected, left, or was taken over; a link revoked). */
export async function recordSeatEvent(
  db: Kysely<Database>,
  roomId: string,
  link: { id: number; role: LinkRow["role"]; team: RoomTeam | null },
  data: { connected: boolean; epoch: number; revoked?: boolean },
): Promise<RoomCommit | undefined> {
  const commit = await db.transaction().execute(async (trx) => {
    const row = await lockRoom(trx, { roomId });
    if (!row) return undefined;
    const nowMs = await databaseNowMs(trx);
    const record = toRecord(row);
    const appended = await appendToLog(
      trx,
      row,
      nowMs,
      { role: link.role, team: link.team, linkId: link.id },
      [
        {
          kind: "seat",
          link_id: link.id,
          role: link.role,
          team: link.team,
          connected: data.connected,
          epoch: data.epoch,
          revoked: data.revoked ?? false,
        },
      ],
      { deadlineMs: record.deadline_ms },
    );
    return commitOf(appended, {
      roomId,
      sessionId: row.session_id,
      record,
      clock: clockOf(record, null, nowMs),
      actionsChanged: false,
    });
  });
  afterCommit(db, commit);
  return commit;
}

// ---- seats, links, snapshots -------------------------------------------------------------------

function linkKind(link: LinkRow, sides: Record<RoomTeam, Side>): RoomLink["kind"] {
  if (link.role === "captain" && link.team)
    return sides[link.team] === "BLUE" ? "blue_captain" : "red_captain";
  if (link.role === "member" && link.team) return sides[link.team] === "BLUE" ? "blue_team" : "red_team";
  // The organiser's own link (quick rooms): never called a spectator link, it runs the room.
  if (link.role === "organiser") return "organiser";
  return "spectator";
}

export function seatInfo(record: RoomRecord, seat: RoomSeat): RoomSeatInfo {
  return {
    role: seat.role,
    team: seat.team,
    plays_for: (["A", "B"] as const).filter((team) => seatPlaysFor(record, seat, team)),
  };
}

/** 128 random bits, URL-safe. */
function newLinkToken(): string {
  return randomBytes(16).toString("base64url");
}

function toLink(
  link: LinkRow,
  roomId: string,
  sides: Record<RoomTeam, Side>,
  token: string | null,
): RoomLink {
  return {
    id: Number(link.id),
    kind: linkKind(link, sides),
    role: link.role,
    team: link.team,
    token,
    path: token === null ? null : `${ROUTES.room(roomId)}#${token}`,
    delay_seconds: Number(link.delay_seconds ?? 0),
    revoked_at: link.revoked_at === null ? null : String(link.revoked_at),
    created_at: String(link.created_at),
  };
}

function toRoom(row: RoomRow, links: RoomLink[]): Room {
  return {
    id: row.id,
    session_id: row.session_id,
    mode: row.mode,
    status: row.status,
    turn_seconds: Number(row.turn_ms) / 1000,
    bank_seconds: Number(row.bank_initial_ms) / 1000,
    spectator_delay_seconds: Number(row.spectator_delay_seconds ?? 0),
    seq: Number(row.seq),
    links,
    created_at: String(row.created_at),
  };
}

export interface LiveRoomSettings {
  turnMs: number;
  bankMs: number;
  /** Spectator delay of the public view, the overlay and the spectator link (seconds). */
  delaySeconds?: number;
}

/**
 * Turns a session of the caller into a live room with its five links (captains, spectators, teams) (the tokens appear only in
 * this answer). 404 when the session is not theirs; 409 `room_exists` when it is live already.
 */
export async function openLiveRoom(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  settings: LiveRoomSettings,
): Promise<Room> {
  const session = await getSession(db, userId, sessionId);
  if (!session) throw new AppError(404, "not_found", "Draft session not found.");
  const result = await db.transaction().execute(async (trx) => {
    await ensureRoomRow(trx, sessionId);
    const row = (await lockRoom(trx, { sessionId }))!;
    if (row.mode === "live") throw new AppError(409, "room_exists", "This session already has a live room.");
    const complete = session.status === "complete";
    const fresh = createRoom({ mode: "live", turn_ms: settings.turnMs, bank_ms: settings.bankMs });
    const record: RoomRecord = complete ? { ...roomRecord(fresh), status: "complete" } : roomRecord(fresh);
    await trx
      .updateTable("draft_rooms")
      .set({
        mode: "live",
        status: record.status,
        ready_a: false,
        ready_b: false,
        turn_ms: settings.turnMs,
        bank_initial_ms: settings.bankMs,
        bank_a_ms: settings.bankMs,
        bank_b_ms: settings.bankMs,
        turn_started_ms: null,
        deadline_ms: null,
        paused_ms: null,
        resumes_ms: null,
        hover_step: null,
        hover_team: null,
        hover_champion_id: null,
        spectator_delay_seconds: settings.delaySeconds ?? 0,
      })
      .where("id", "=", row.id)
      .execute();
    const links: RoomLink[] = [];
    for (const [role, team] of [
      ["captain", "A"],
      ["captain", "B"],
      ["spectator", null],
      // Team links (decision 010): keyed by team like the captains, so they outlive side changes.
      ["member", "A"],
      ["member", "B"],
    ] as const) {
      const token = newLinkToken();
      let link = await insertLink(trx, { room_id: row.id, role, team, token_hash: hashToken(token) });
      if (role === "spectator" && settings.delaySeconds) {
        link = await trx
          .updateTable("room_links")
          .set({ delay_seconds: settings.delaySeconds })
          .where("id", "=", link.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      links.push(toLink(link, row.id, record.sides, token));
    }
    const updated = (await findRoom(trx, row.id))!;
    return toRoom(updated, links);
  });
  return result;
}

/** The caller's room (links without tokens), or 404. */
export async function getOwnedRoom(db: Kysely<Database>, userId: number, roomId: string): Promise<RoomRow> {
  const row = await db
    .selectFrom("draft_rooms as r")
    .innerJoin("draft_sessions as s", "s.id", "r.session_id")
    .selectAll("r")
    .where("r.id", "=", roomId)
    .where("s.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError(404, "not_found", "Room not found.");
  return row;
}

export async function describeRoom(db: Kysely<Database>, userId: number, roomId: string): Promise<Room> {
  const row = await getOwnedRoom(db, userId, roomId);
  const sides = toRecord(row).sides;
  const links = await listLinks(db, roomId);
  return toRoom(
    row,
    links.map((link) => toLink(link, roomId, sides, null)),
  );
}

export async function roomOfSession(db: Kysely<Database>, userId: number, sessionId: string): Promise<Room> {
  const session = await getSession(db, userId, sessionId);
  const row = session ? await findRoomBySession(db, sessionId) : undefined;
  if (!row) throw new AppError(404, "not_found", "Room not found.");
  return describeRoom(db, userId, row.id);
}

/** The session's room for its owner, or null when it has none; 404 when the session is not theirs. */
export async function lookupRoomOfSession(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
): Promise<Room | null> {
  const session = await getSession(db, userId, sessionId);
  if (!session) throw new AppError(404, "not_found", "Draft session not found.");
  const row = await findRoomBySession(db, sessionId);
  return row ? describeRoom(db, userId, row.id) : null;
}

/**
 * Rotates (new token) or revokes a link. Either way the old token stops working at once and its
 * open sockets are closed (through a `seat` event every process sees).
 */
export async function changeLink(
  db: Kysely<Database>,
  userId: number,
  roomId: string,
  linkId: number,
  change: "rotate" | "revoke",
): Promise<RoomLink> {
  const row = await getOwnedRoom(db, userId, roomId);
  const link = await findLink(db, roomId, linkId);
  if (!link || link.revoked_at !== null) throw new AppError(404, "not_found", "Link not found.");
  const token = change === "rotate" ? newLinkToken() : null;
  const updated = await updateLink(
    db,
    linkId,
    token === null ? { revoked_at: new Date().toISOString() } : { token_hash: hashToken(token) },
  );
  if (!updated) throw new AppError(404, "not_found", "Link not found.");
  if (updated.role === "member") {
    // A team link's sockets close through the team channel: the public log never mentions them.
    await teamChannelOf(db)?.linkRevoked(roomId, linkId);
  } else {
    await recordSeatEvent(db, roomId, updated, {
      connected: false,
      epoch: Number(updated.epoch),
      revoked: true,
    });
  }
  return toLink(updated, roomId, toRecord(row).sides, token);
}

export interface ResolvedLink {
  readonly room: RoomRow;
  readonly link: LinkRow;
  readonly seat: ActingSeat;
}

/** The seat a link token opens, or undefined (unknown, revoked or expired). */
export async function resolveLink(db: Kysely<Database>, token: string): Promise<ResolvedLink | undefined> {
  const link = await findActiveLink(db, hashToken(token));
  if (!link) return undefined;
  const room = await findRoom(db, link.room_id);
  if (!room) return undefined;
  return { room, link, seat: { role: link.role, team: link.team, linkId: Number(link.id) } };
}

export async function joinByToken(db: Kysely<Database>, token: string): Promise<RoomJoin> {
  const resolved = await resolveLink(db, token);
  const session = resolved ? await getSession(db, null, resolved.room.session_id) : undefined;
  if (!resolved || !session)
    throw new AppError(404, "not_found", "This room link is not valid (revoked or unknown).");
  return { room_id: resolved.room.id, seat: seatInfo(toRecord(resolved.room), resolved.seat), session };
}

/** What a spectator of the public view (holding the session's public id) may do. */
export const PUBLIC_SPECTATOR: ActingSeat = { role: "spectator", team: null, linkId: null };

/**
 * The room a session's public id opens for watching: the session's room, its solo room created
 * now when it never had one. 404 `not_found` for an unknown id (the public view's answer too).
 */
export async function watchSession(db: Kysely<Database>, sessionId: string): Promise<RoomWatch> {
  const session = await getSession(db, null, sessionId);
  if (!session) throw new AppError(404, "not_found", "Draft session not found.");
  const existing = await findRoomBySession(db, sessionId);
  if (existing) return { room_id: existing.id };
  try {
    await db.transaction().execute((trx) => ensureRoomRow(trx, sessionId));
  } catch (error) {
    // Two first viewers at once: the other one created the row.
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await findRoomBySession(db, sessionId);
  if (!row) throw new AppError(404, "not_found", "Draft session not found.");
  return { room_id: row.id };
}

/** A captain (re)joins: the newest connection holds the seat. */
export async function takeSeat(db: Kysely<Database>, roomId: string, link: LinkRow): Promise<number> {
  const epoch = await bumpLinkEpoch(db, Number(link.id));
  await recordSeatEvent(
    db,
    roomId,
    { id: Number(link.id), role: link.role, team: link.team },
    { connected: true, epoch },
  );
  return epoch;
}

export async function snapshotOf(db: Kysely<Database>, roomId: string): Promise<RoomSnapshot | undefined> {
  const row = await findRoom(db, roomId);
  if (!row) return undefined;
  const [session, actions, nowMs] = await Promise.all([
    getSession(db, null, row.session_id),
    sessionActions(db, row.session_id),
    databaseNowMs(db),
  ]);
  if (!session) return undefined;
  const record = toRecord(row);
  const step = actions.length;
  const [series, quick] = await Promise.all([roomSeriesInfo(db, row.id), quickInfoOfRoom(db, row.id)]);
  return {
    room_id: row.id,
    mode: record.mode,
    seq: Number(row.seq),
    session,
    sides: { A: record.sides.A, B: record.sides.B },
    ready: { A: record.ready.A, B: record.ready.B },
    actions,
    clock: { ...clockOf(record, null, nowMs), step: session.status === "complete" ? null : step },
    hover: record.hover && record.hover.step === step ? record.hover : null,
    series,
    quick,
    correction: record.correction ?? null,
  };
}

export { listEventsAfter };
