import { randomUUID } from "node:crypto";
import type { ErrorCode, RoomClock, RoomServerMessage } from "@draftroom/contracts";
import {
  applyRoomHover,
  delayedVisible,
  type RoomHover,
  type RoomSeatEvent,
  type RoomState,
  reduceRoom,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { WebSocket } from "ws";
import {
  type DatabaseAvailability,
  type DatabaseOutage,
  isDatabaseUnavailable,
} from "../../db/availability.ts";
import type { ChangeFeed } from "../../db/change-feed.ts";
import type { Database } from "../../db/schema.ts";
import { dialectOf } from "../../db/values.ts";
import type { ActionsCache } from "../drafts/actions-cache.ts";
import { sessionBasics } from "../drafts/service.ts";
import { delayedView, shiftClock } from "./delay.ts";
import { DelayedFeed } from "./delayed-feed.ts";
import {
  databaseNowMs,
  findRoom,
  type LoggedEvent,
  listLogAfter,
  listTimedRooms,
  notifyHover,
  type RoomRow,
  sharesHovers,
  toRecord,
} from "./repository.ts";
import type { RoomCommit, RoomRuntime } from "./runtime.ts";
import {
  type ActingSeat,
  clockOf,
  loadRoomState,
  recordSeatEvent,
  runRoomCommand,
  snapshotOf,
  sweepExpiredRooms,
} from "./service.ts";
import { SOCKET_OPEN, sendText } from "./socket-guard.ts";

/** One client connection of this process, bound to a seat once its `hello` is accepted. */
export interface RoomConnection {
  readonly socket: WebSocket;
  readonly roomId: string;
  readonly seat: ActingSeat;
  /** The link's takeover epoch when this connection took the seat. */
  readonly epoch: number;
  /** Last event seq sent to this connection (a delayed one: handled, i.e. sent, queued or left out). */
  seq: number;
  /** The seq of the last snapshot this connection got (welcome or resync): the events after it up
   * to `seq` reached it live, so a resync never sends them again. */
  baseSeq: number;
  /** A spectator's delayed feed (decision 011), from its first delay on (kept at 0: see
   * delayed-feed.ts); absent: live, every event and hover pushed as it happens. */
  feed?: DelayedFeed;
  /** Hovers of this socket: the latest waiting for its fan-out (latest wins), the last fan-out
   * instant, and the timer of the next one. */
  hoverPending?: RoomHover;
  hoverAt?: number;
  hoverTimer?: NodeJS.Timeout;
  /** Hovers of this socket accepted and not yet told to the other processes: each is answered
   * once a NOTIFY carrying it (or a later hover of this socket) has reached the database. */
  hoverWaiters?: Array<(shared: boolean) => void>;
}

/** How a delayed spectator joins: its view was read before it joined (socket-session.ts). */
export interface DelayedJoin {
  readonly delayMs: number;
  /** The seq of the snapshot its welcome carried. */
  readonly lastSent: number;
  /** Allowed events the view found not yet due. */
  readonly waiting: readonly LoggedEvent[];
}

/** A socket's hovers fan out at most once per this interval (about 10 a second), latest wins. */
export const HOVER_FANOUT_MS = 100;

/** Rooms whose latest hover a process keeps (far more than rooms drafting at once anywhere). */
const HOVERS_KEPT = 20_000;

/** Hovers, the live clock and live snapshots stay away from a feed running behind the room. */
function heldBack(connection: RoomConnection): boolean {
  return connection.feed?.heldBack ?? false;
}

/** A snapshot read with a delay that changed meanwhile is read again, at most this many times. */
const SNAPSHOT_READS = 3;

interface LocalRoom {
  readonly connections: Set<RoomConnection>;
  /** Last seq fanned out by this process. */
  sentSeq: number;
  /** Serialises catch-ups from the log. */
  syncing: Promise<void>;
  /** A catch-up is queued and has not started: later requests are covered by it. */
  syncQueued: boolean;
  /** The queued catch-up also arms the room's clock from the row it reads. */
  rearmQueued?: boolean;
  presenceTimer: NodeJS.Timeout | undefined;
  /** The room's folded state as of `stateSeq` (kept from this process's commits; read again
   * after another process's), against which hovers are checked without touching the database. */
  state?: RoomState;
  stateSeq: number;
  /** Captain/organiser seats seen connected (from seat events of every process). */
  readonly seats: Map<string, { role: ActingSeat["role"]; team: ActingSeat["team"]; connected: boolean }>;
}

export interface RoomHubOptions {
  /** How often the sweeper looks for expired deadlines (ms); 0 = never. */
  readonly sweepMs: number;
  /** Whether the database answers: no deadline is applied while it does not, nor before the
   * clocks are held after it (decision 049). */
  readonly availability?: DatabaseAvailability;
}

/**
 * What the hub measures for an operator (the metrics module registers one when METRICS is on,
 * decision 052); without one nothing is measured.
 */
export interface RoomObserver {
  /** A socket's command answered (`ack` or `reject`): its kind and the time from its arrival. */
  command(type: string, outcome: "ack" | "reject", ms: number): void;
  /** An event reached every socket of its room here: the time since it was written (`at`). */
  fanout(ms: number): void;
}

/** This process's live rooms in numbers (metrics). */
export interface RoomHubStats {
  /** Rooms with a socket here. */
  readonly rooms: number;
  readonly sockets: number;
  /** Sockets whose spectator feed runs behind the room (a delay, or events waiting). */
  readonly delayedSockets: number;
  /** Deadline timers armed by this process. */
  readonly timers: number;
  /** Rooms whose latest hover this process keeps. */
  readonly hovers: number;
}

/** One pass giving every running clock an outage's time back (decision 049). */
interface OutageHold {
  /** When the outage began, on the database clock. */
  readonly fromMs: number;
  /** Rooms held (or being held) by this pass. */
  readonly rooms: Map<string, Promise<void>>;
}

/**
 * This process's live rooms: the sockets it serves, the timers it arms, the sweeper, and the
 * fan-out of every committed command (its own, at once; other processes', through NOTIFY hints
 * and a read of the log by seq). Registered as the database's room runtime, so every write path
 * (REST, WebSocket, timers) ends here.
 */
export class RoomHub implements RoomRuntime {
  readonly #rooms = new Map<string, LocalRoom>();
  /** Each room's deadline timer, with the room's seq it was read at (-1: not known). */
  readonly #timers = new Map<string, { at: number; timer: NodeJS.Timeout; seq: number }>();
  /** The latest hover of each room this process knows (its own sockets' and other processes'
   * through NOTIFY): memory only, what an expiry locks. */
  readonly #hovers = new Map<string, RoomHover>();
  /** This process in hover hints (it skips its own). */
  readonly #origin = randomUUID().slice(0, 8);
  #sweeper: NodeJS.Timeout | undefined;
  #clockOffset = 0;
  /** How far `now()` may be off the database clock: half the quickest measuring round trip. */
  #clockError = 0;
  #clockTimer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** The hold running after an outage: deadlines wait for it (they were the outage's to give back). */
  #holding: OutageHold | undefined;
  /** The start of an outage whose hold did not finish (the database went again): the next hold
   * gives back from there. */
  #unheldFrom: number | undefined;
  /** Deadline applications by this process's timers: lateness in ms (for the benchmark). */
  readonly lateness: number[] = [];
  #observer: RoomObserver | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly actionsCache: ActionsCache | undefined,
    feed: ChangeFeed | undefined,
    private readonly options: RoomHubOptions,
  ) {
    feed?.subscribeRooms((payload) => this.#onHint(payload));
  }

  /** The database clock, estimated locally (offset measured at start and every minute). */
  now(): number {
    return Date.now() + this.#clockOffset;
  }

  async start(): Promise<void> {
    if (dialectOf(this.db) === "sqlite") {
      // SQLite runs in this process and reads this machine's clock, the one Date.now() reads
      // (database-clock.test.ts): the offset is 0, off by a millisecond's rounding at most, and
      // nothing to measure. A measurement would go through its one connection, queued behind
      // whatever transaction holds it: on a loaded machine a round trip of two seconds made the
      // error a second, and every delayed spectator's event was held that second longer until the
      // next measurement (decision 047).
      this.#clockOffset = 0;
      this.#clockError = 1;
    } else {
      await this.#measureClock();
      this.#clockTimer = setInterval(() => void this.#measureClock(), 60_000);
      this.#clockTimer.unref();
    }
    // Re-arm every running clock (SQLite after a restart; PostgreSQL: other processes' rooms too,
    // whichever process applies a deadline first wins under the row lock).
    for (const room of await listTimedRooms(this.db)) this.#arm(room.id, room.deadline_ms);
    if (this.options.sweepMs > 0) {
      this.#sweeper = setInterval(() => void this.#sweep(), this.options.sweepMs);
      this.#sweeper.unref();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#sweeper) clearInterval(this.#sweeper);
    if (this.#clockTimer) clearInterval(this.#clockTimer);
    for (const { timer } of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    for (const room of this.#rooms.values()) {
      if (room.presenceTimer) clearTimeout(room.presenceTimer);
      for (const connection of room.connections) {
        connection.feed?.stop();
        connection.socket.terminate();
      }
    }
    this.#rooms.clear();
  }

  /** The earliest the database clock can be now: what the delayed feed releases against. */
  #earliestNow(): number {
    return this.now() - this.#clockError;
  }

  async #measureClock(): Promise<void> {
    try {
      // A few samples; the quickest round trip bounds the error best (a busy start-up is slow).
      let best: { offset: number; rtt: number } | null = null;
      for (let sample = 0; sample < 5; sample++) {
        const before = Date.now();
        const dbNow = await databaseNowMs(this.db);
        const after = Date.now();
        const rtt = after - before;
        // Whole milliseconds, as both clocks read: a half-millisecond offset made every time derived
        // from it fractional, and PostgreSQL refuses a fraction for a bigint (the outage's hold).
        if (!best || rtt < best.rtt) best = { offset: Math.round(dbNow - (before + after) / 2), rtt };
      }
      if (best) {
        this.#clockOffset = best.offset;
        // Millisecond clocks on both sides: one more ms of rounding either way.
        this.#clockError = best.rtt / 2 + 1;
      }
    } catch {
      // keep the last offset; the database answers again later
    }
  }

  /** No deadline is applied while the database is away or its outage is being given back. */
  #deadlinesWait(): boolean {
    return this.#holding !== undefined || this.options.availability?.reachable === false;
  }

  async #sweep(): Promise<void> {
    if (this.#stopped || this.#deadlinesWait()) return;
    try {
      await sweepExpiredRooms(this.db, 20, (roomId) => this.#hovers.get(roomId) ?? null);
    } catch {
      // the next sweep retries
    }
  }

  // ---- connections ---------------------------------------------------------------------------

  /**
   * Adds a connection that has just been sent its `welcome`, then catches it up from the log. A
   * delayed spectator brings what its view found still waiting.
   */
  join(connection: RoomConnection, delayed?: DelayedJoin): void {
    if (delayed)
      connection.feed = this.#openFeed(connection, delayed.delayMs, delayed.lastSent, delayed.waiting);
    let room = this.#rooms.get(connection.roomId);
    // A catch-up reads the log after what this process has sent and broadcasts the clock to the
    // whole room: needed when the room is new here or the joiner saw a newer seq than was sent,
    // not for every spectator of a busy room (its welcome already carries the clock).
    const catchUp = !room || connection.seq > room.sentSeq;
    if (!room) {
      room = {
        connections: new Set(),
        sentSeq: connection.seq,
        syncing: Promise.resolve(),
        syncQueued: false,
        presenceTimer: undefined,
        stateSeq: 0,
        seats: new Map(),
      };
      this.#rooms.set(connection.roomId, room);
    }
    room.connections.add(connection);
    // Team members are the team's own business (team-channel.ts): never in the public presence.
    if (connection.seat.role !== "spectator" && connection.seat.role !== "member") {
      room.seats.set(seatKey(connection.seat), {
        role: connection.seat.role,
        team: connection.seat.team,
        connected: true,
      });
    }
    this.#schedulePresence(connection.roomId, room);
    if (catchUp) this.#sync(connection.roomId);
    if (connection.feed) this.#catchUpDelayed(connection.roomId, room, connection, connection.feed);
  }

  /** A spectator's feed: its events and their clocks (shifted by its delay) go to its socket. */
  #openFeed(
    connection: RoomConnection,
    delayMs: number,
    lastSent: number,
    waiting: readonly LoggedEvent[] = [],
  ): DelayedFeed {
    const feed: DelayedFeed = new DelayedFeed({
      delayMs,
      lastSent,
      waiting,
      // Never early: release against the earliest the database clock can be.
      now: () => this.#earliestNow(),
      output: {
        send: (event, prev, clock) => {
          sendText(
            connection.socket,
            JSON.stringify({ type: "event", event, prev } satisfies RoomServerMessage),
          );
          if (!clock) return;
          const shifted: RoomClock = shiftClock(clock, feed.delayMs, this.now());
          sendText(
            connection.socket,
            JSON.stringify({ type: "clock", seq: event.seq, clock: shifted } satisfies RoomServerMessage),
          );
        },
        // The series moved on (or recorded a result) `delay` ago: the socket redraws from the
        // delayed view of that moment, then the feed goes on after it.
        gameChanged: (seq) => void this.#snapshotDelayed(connection, feed, seq),
      },
    });
    return feed;
  }

  /**
   * A delayed socket's view was read before it joined: queue what this process fanned out in
   * between (from the log; nothing leaves meanwhile, so nothing overtakes it), then release what
   * is due.
   */
  #catchUpDelayed(roomId: string, room: LocalRoom, connection: RoomConnection, feed: DelayedFeed): void {
    if (connection.seq >= room.sentSeq) {
      feed.flush();
      return;
    }
    feed.hold();
    room.syncing = room.syncing
      .then(async () => {
        const missed = await listLogAfter(this.db, roomId, connection.seq);
        const upTo = room.sentSeq;
        const extra = missed.filter(
          (entry) => entry.event.seq <= upTo && delayedVisible(entry.event.body.kind),
        );
        connection.seq = Math.max(connection.seq, upTo);
        feed.push(extra);
      })
      .catch(() => {})
      .finally(() => feed.resume());
  }

  /**
   * A delayed socket asked to resync: a fresh view as of now − delay (the log's due prefix), and
   * its feed rebuilt from what is still waiting. Nothing leaves the feed while the view is read.
   */
  async resyncDelayed(connection: RoomConnection, lastSeq: number): Promise<void> {
    const feed = connection.feed;
    if (!feed) return;
    feed.hold();
    await this.#snapshotDelayed(connection, feed, lastSeq);
  }

  /**
   * Sends a held feed's socket the delayed snapshot and the history after `lastSeq`, then lets
   * the feed go on from that snapshot (or as it was, when no view could be read).
   */
  async #snapshotDelayed(connection: RoomConnection, feed: DelayedFeed, lastSeq: number): Promise<void> {
    let view: Awaited<ReturnType<typeof delayedView>>;
    let reads = 0;
    let delayMs: number;
    do {
      delayMs = feed.delayMs;
      reads += 1;
      view = await delayedView(this.db, connection.roomId, delayMs, { sentUpTo: feed.lastSent }).catch(
        () => undefined,
      );
      // A delay raised while the view was read would make it show what is not due yet.
    } while (view && feed.delayMs !== delayMs && reads < SNAPSHOT_READS);
    if (!view || feed.delayMs !== delayMs || connection.socket.readyState !== SOCKET_OPEN) {
      feed.resume();
      return;
    }
    connection.seq = Math.max(connection.seq, view.headSeq);
    connection.baseSeq = connection.seq;
    sendText(
      connection.socket,
      JSON.stringify({
        type: "snapshot",
        snapshot: view.snapshot,
        server_now: this.now(),
      } satisfies RoomServerMessage),
    );
    // The history up to the snapshot (the event list), from the seq the client asked for.
    let prev = lastSeq;
    for (const event of view.released) {
      if (event.seq <= lastSeq) continue;
      sendText(connection.socket, JSON.stringify({ type: "event", event, prev } satisfies RoomServerMessage));
      prev = event.seq;
    }
    feed.rebase(view.snapshot.seq, view.pending);
  }

  /**
   * The organiser changed the spectator delay: every spectator socket here takes it at once. A
   * live one gets its feed now (everything handled so far was sent to it); one that has a feed
   * keeps it, at 0 too.
   */
  #applyDelay(room: LocalRoom, delaySeconds: number): void {
    const delayMs = Math.max(0, delaySeconds) * 1000;
    for (const connection of room.connections) {
      if (connection.seat.role !== "spectator") continue;
      if (connection.feed) connection.feed.setDelay(delayMs);
      else if (delayMs > 0) connection.feed = this.#openFeed(connection, delayMs, connection.seq);
    }
  }

  leave(connection: RoomConnection): void {
    connection.feed?.stop();
    if (connection.hoverTimer) clearTimeout(connection.hoverTimer);
    settleHovers(connection, true);
    const room = this.#rooms.get(connection.roomId);
    if (!room?.connections.delete(connection)) return;
    const seat = connection.seat;
    if (seat.role !== "spectator" && seat.role !== "member") {
      const stillHere = [...room.connections].some((other) => seatKey(other.seat) === seatKey(seat));
      if (!stillHere) room.seats.set(seatKey(seat), { role: seat.role, team: seat.team, connected: false });
    }
    if (room.connections.size === 0) {
      if (room.presenceTimer) clearTimeout(room.presenceTimer);
      this.#rooms.delete(connection.roomId);
    } else {
      this.#schedulePresence(connection.roomId, room);
    }
    // A captain who leaves (not taken over, not revoked) is logged as a seat change.
    if (
      seat.role === "captain" &&
      seat.linkId !== null &&
      seat.linkPublicId !== undefined &&
      connection.socket.readyState !== SOCKET_OPEN
    ) {
      const code = (connection as { closeCode?: number }).closeCode;
      if (code !== 4409 && code !== 4403 && !this.#stopped) {
        void recordSeatEvent(
          this.db,
          connection.roomId,
          { id: seat.linkId, public_id: seat.linkPublicId, role: seat.role, team: seat.team },
          { connected: false, epoch: connection.epoch },
        ).catch(() => {});
      }
    }
  }

  /** Measures commands and fan-outs from now on (one observer; the metrics module's). */
  observe(observer: RoomObserver): void {
    this.#observer = observer;
  }

  /** A socket's command was answered (socket-session.ts): for the observer. */
  recordCommand(type: string, outcome: "ack" | "reject", ms: number): void {
    this.#observer?.command(type, outcome, ms);
  }

  stats(): RoomHubStats {
    let sockets = 0;
    let delayedSockets = 0;
    for (const room of this.#rooms.values()) {
      sockets += room.connections.size;
      for (const connection of room.connections) if (heldBack(connection)) delayedSockets += 1;
    }
    return {
      rooms: this.#rooms.size,
      sockets,
      delayedSockets,
      timers: this.#timers.size,
      hovers: this.#hovers.size,
    };
  }

  /** Local connections of a room (for tests and the bench). */
  connections(roomId: string): number {
    return this.#rooms.get(roomId)?.connections.size ?? 0;
  }

  // ---- commits and hints -----------------------------------------------------------------------

  committed(commit: RoomCommit): void {
    if (commit.actionsChanged) this.actionsCache?.invalidate(commit.sessionId);
    const status = commit.record.status;
    if (status === "running" && commit.record.deadline_ms !== null)
      this.#arm(commit.roomId, commit.record.deadline_ms, commit.seq);
    else this.#disarm(commit.roomId);

    const room = this.#rooms.get(commit.roomId);
    if (commit.events.length > 0) this.#hovers.delete(commit.roomId);
    if (!room) return;
    if (commit.state) {
      room.state = { ...commit.state, hover: null };
      room.stateSeq = commit.seq;
    } else if (commit.foldUnchanged) {
      // A seat or delay change: the state hovers are checked against is the same at the new seq.
      if (room.stateSeq === commit.seq - commit.events.length) room.stateSeq = commit.seq;
    } else if (commit.events.length > 0) {
      room.state = undefined;
    }
    if (commit.events.length === 0) return;
    // A hover still waiting for its fan-out belongs to a step that may have just closed.
    for (const connection of room.connections) connection.hoverPending = undefined;
    if (commit.events[0]!.seq === room.sentSeq + 1) {
      this.#sendEvents(
        commit.roomId,
        room,
        commit.events.map((event) => ({
          event,
          clock: event.body.kind === "seat" || event.body.kind === "delay" ? null : commit.clock,
        })),
      );
      this.#broadcast(room, { type: "clock", seq: commit.seq, clock: commit.clock }, "live");
    } else if (commit.seq > room.sentSeq) {
      this.#sync(commit.roomId);
    }
  }

  #onHint(payload: string | null): void {
    if (payload === null) {
      for (const roomId of this.#rooms.keys()) this.#sync(roomId);
      return;
    }
    const [roomId, seqText, what] = payload.split(":");
    if (!roomId) return;
    const room = this.#rooms.get(roomId);
    const seq = Number(seqText);
    // The team channel's hints (team-channel.ts) change nothing of the room's log or clock.
    if (what === "team") return;
    if (what === "hover") {
      const [, , , team, stepText, championText, origin] = payload.split(":");
      if (origin === this.#origin || (team !== "A" && team !== "B")) return;
      const hover: RoomHover = {
        team,
        step: Number(stepText),
        champion_id: championText ? Number(championText) : null,
      };
      this.#keepHover(roomId, hover);
      if (room) this.#broadcast(room, { type: "hover", hover }, "live");
      return;
    }
    // Another process committed: the folded state kept here is out of date.
    if (room && seq > room.stateSeq) room.state = undefined;
    // The room's clock may have moved: arm or re-arm it from the row, unless this process armed it
    // from this commit or a later one (its own commits come back as hints too). A catch-up reads
    // the row anyway and arms from it: one read, not two.
    const rearm = (this.#timers.get(roomId)?.seq ?? -1) < seq;
    if (room && seq > room.sentSeq) this.#sync(roomId, rearm);
    else if (rearm) void this.#rearm(roomId);
  }

  // ---- hovers (memory only) -------------------------------------------------------------------

  /** The latest hover of a room for `step` (a live seat's welcome), or null. */
  hoverOf(roomId: string, step: number | null): RoomHover | null {
    const hover = this.#hovers.get(roomId);
    return hover && hover.step === step ? hover : null;
  }

  /**
   * A hover from a socket: checked against the room's folded state in memory (read once after
   * another process's commit, never written), then fanned out at most every HOVER_FANOUT_MS per
   * socket, latest wins, to live seats only, and to other processes in the NOTIFY payload.
   * `shared` resolves once the other processes have it (PostgreSQL: its NOTIFY reached the
   * database; false when it could not): the socket acknowledges the hover then, so the hover a
   * captain saw acknowledged is the one any survivor's expiry locks (decision 052).
   */
  async hover(
    connection: RoomConnection,
    step: number,
    championId: number | null,
  ): Promise<{ ok: true; shared: Promise<boolean> } | { ok: false; code: ErrorCode }> {
    const room = this.#rooms.get(connection.roomId);
    if (!room) return { ok: false, code: "not_found" };
    if (!room.state) {
      const loaded = await loadRoomState(this.db, connection.roomId);
      if (!loaded) return { ok: false, code: "not_found" };
      if (!room.state || loaded.seq >= room.stateSeq) {
        room.state = loaded.state;
        room.stateSeq = loaded.seq;
      }
    }
    const state = applyRoomHover(room.state!, this.#hovers.get(connection.roomId) ?? null);
    const outcome = reduceRoom(
      state,
      connection.seat,
      { type: "hover", step, champion_id: championId },
      this.now(),
    );
    if (!outcome.ok) return outcome;
    if (!outcome.hover) return { ok: true, shared: Promise.resolve(true) };
    this.#keepHover(connection.roomId, outcome.hover);
    connection.hoverPending = outcome.hover;
    // One process alone (SQLite) has no one to tell.
    const shared = sharesHovers(this.db)
      ? new Promise<boolean>((resolve) => {
          connection.hoverWaiters ??= [];
          connection.hoverWaiters.push(resolve);
        })
      : Promise.resolve(true);
    if (!connection.hoverTimer) {
      const wait = Math.max(0, (connection.hoverAt ?? 0) + HOVER_FANOUT_MS - Date.now());
      if (wait === 0) this.#fanOutHover(room, connection);
      else {
        connection.hoverTimer = setTimeout(() => this.#fanOutHover(room, connection), wait);
        connection.hoverTimer.unref();
      }
    }
    return { ok: true, shared };
  }

  /**
   * Keeps a room's latest hover, most recent last. Other processes' rooms end with their own
   * commits, which this process never sees as its own: past HOVERS_KEPT rooms the oldest go.
   */
  #keepHover(roomId: string, hover: RoomHover): void {
    this.#hovers.delete(roomId);
    this.#hovers.set(roomId, hover);
    if (this.#hovers.size > HOVERS_KEPT) this.#hovers.delete(this.#hovers.keys().next().value!);
  }

  #fanOutHover(room: LocalRoom, connection: RoomConnection): void {
    connection.hoverTimer = undefined;
    const hover = connection.hoverPending;
    connection.hoverPending = undefined;
    const waiters = connection.hoverWaiters ?? [];
    connection.hoverWaiters = undefined;
    const settle = (shared: boolean) => {
      for (const resolve of waiters) resolve(shared);
    };
    // Dropped by a commit (its step closed) or a stopping hub: nothing is left to keep.
    if (!hover || this.#stopped) {
      settle(true);
      return;
    }
    connection.hoverAt = Date.now();
    this.#broadcast(room, { type: "hover", hover }, "live");
    notifyHover(this.db, connection.roomId, hover, this.#origin).then(
      () => settle(true),
      () => settle(false),
    );
  }

  /**
   * Reads the log after what this process has sent, then sends it and the current clock.
   * Requests made while one is queued and not yet started share it (it reads the state as of its
   * start): a thousand spectators joining cause a few catch-ups, not a thousand clock broadcasts.
   */
  #sync(roomId: string, rearm = false): void {
    const room = this.#rooms.get(roomId);
    if (!room) return;
    if (rearm) room.rearmQueued = true;
    if (room.syncQueued) return;
    room.syncQueued = true;
    room.syncing = room.syncing
      .then(async () => {
        room.syncQueued = false;
        const armFromRow = room.rearmQueued === true;
        room.rearmQueued = false;
        const events = await listLogAfter(this.db, roomId, room.sentSeq);
        if (events.length > 0) this.#sendEvents(roomId, room, events);
        const row = await findRoom(this.db, roomId);
        if (!row) {
          if (armFromRow) this.#disarm(roomId);
          return;
        }
        // A commit of this process after the read has armed the clock from newer data already.
        if (armFromRow && Number(row.seq) >= room.sentSeq) this.#armFrom(roomId, row);
        // The session's step through the drafts service (no SQL in the hub): its status and step
        // only, not the whole session with its league and teams.
        const step = await sessionBasics(this.db, row.session_id);
        const record = toRecord(row);
        const current = step?.current_step ?? 0;
        const clock = {
          ...clockOf(record, null, this.now()),
          step: step?.status === "complete" ? null : current,
        };
        this.#broadcast(room, { type: "clock", seq: Number(row.seq), clock }, "live");
      })
      .catch(() => {});
  }

  #sendEvents(roomId: string, room: LocalRoom, entries: readonly LoggedEvent[]): void {
    for (const entry of entries) {
      const { event } = entry;
      if (event.seq <= room.sentSeq) continue;
      room.sentSeq = event.seq;
      const text = JSON.stringify({ type: "event", event } satisfies RoomServerMessage);
      for (const connection of room.connections) {
        if (event.seq <= connection.seq) continue;
        connection.seq = event.seq;
        if (connection.feed) {
          // The delayed feed is an allow-list: other kinds (hovers, seats, chat…) never go out.
          if (delayedVisible(event.body.kind)) connection.feed.push([entry]);
          continue;
        }
        sendText(connection.socket, text);
      }
      this.#observer?.fanout(this.now() - event.at);
      const body = event.body;
      if (body.kind === "seat") this.#applySeatEvent(room, body);
      if (body.kind === "game") void this.#sendSnapshot(roomId, room);
      if (body.kind === "delay") this.#applyDelay(room, body.delay_seconds);
    }
  }

  /** A series room moved to another game (or recorded a result): every seat redraws from a snapshot. */
  async #sendSnapshot(roomId: string, room: LocalRoom): Promise<void> {
    const snapshot = await snapshotOf(this.db, roomId).catch(() => undefined);
    // Live seats only: a delayed spectator must never see the next game before its delay (its feed
    // reads the delayed view of the game change when that is due, at 0 too).
    if (snapshot) this.#broadcast(room, { type: "snapshot", snapshot, server_now: this.now() }, "unfed");
  }

  /** A newer tab took a captain's seat, or the link was revoked: close the older connections. */
  #applySeatEvent(room: LocalRoom, seat: RoomSeatEvent): void {
    for (const connection of room.connections) {
      if (connection.seat.linkPublicId !== seat.link_id) continue;
      if (seat.revoked) closeWith(connection, 4403, "link_revoked");
      else if (seat.connected && connection.epoch < seat.epoch) closeWith(connection, 4409, "seat_taken");
    }
  }

  /**
   * `live`: hovers and the current clock never reach a feed running behind the room; `unfed`: no
   * spectator feed gets it at all (its own events say when).
   */
  #broadcast(room: LocalRoom, message: RoomServerMessage, to: "all" | "live" | "unfed" = "all"): void {
    const text = JSON.stringify(message);
    for (const connection of room.connections) {
      if (to === "live" ? heldBack(connection) : to === "unfed" && connection.feed) continue;
      sendText(connection.socket, text);
    }
  }

  /** Presence changes are coalesced (a thousand spectators joining send a few messages, not 10⁶). */
  #schedulePresence(roomId: string, room: LocalRoom): void {
    if (room.presenceTimer) return;
    room.presenceTimer = setTimeout(() => {
      room.presenceTimer = undefined;
      if (this.#rooms.get(roomId) !== room) return;
      let spectators = 0;
      for (const connection of room.connections) if (connection.seat.role === "spectator") spectators += 1;
      this.#broadcast(room, { type: "presence", seats: [...room.seats.values()], spectators });
    }, 250);
    room.presenceTimer.unref();
  }

  // ---- timers --------------------------------------------------------------------------------

  #arm(roomId: string, deadlineMs: number, seq = -1): void {
    if (this.#stopped) return;
    const current = this.#timers.get(roomId);
    if (current?.at === deadlineMs) {
      current.seq = Math.max(current.seq, seq);
      return;
    }
    if (current) clearTimeout(current.timer);
    // Past the deadline by a hair, on the database clock.
    const delay = Math.max(0, deadlineMs - this.now() + 1);
    const timer = setTimeout(() => void this.#fire(roomId, deadlineMs), Math.min(delay, 2_147_000_000));
    timer.unref();
    this.#timers.set(roomId, { at: deadlineMs, timer, seq });
  }

  #disarm(roomId: string): void {
    const current = this.#timers.get(roomId);
    if (current) clearTimeout(current.timer);
    this.#timers.delete(roomId);
  }

  async #fire(roomId: string, deadlineMs: number): Promise<void> {
    if (this.#timers.get(roomId)?.at === deadlineMs) this.#timers.delete(roomId);
    // The hold after the outage arms every running clock again.
    if (this.#stopped || this.#deadlinesWait()) return;
    try {
      const result = await runRoomCommand(
        this.db,
        { roomId },
        "system",
        { type: "expire" },
        { hover: this.#hovers.get(roomId) ?? null },
      );
      if (result.ok) {
        const event = result.commit.events[0];
        if (event) this.lateness.push(event.at - deadlineMs);
        return;
      }
    } catch {
      // the sweeper applies it
    }
    await this.#rearm(roomId);
  }

  // ---- database outages (decision 049) ----------------------------------------------------------

  /**
   * The database answers again after `outage` (this process's clock): every running clock gets the
   * time the outage took back (an `outage` event per room, which the store writes once whichever
   * process gets there first), then every running clock is armed again (the timers that fired
   * meanwhile were dropped). Resolves when done.
   */
  async recover(outage: DatabaseOutage): Promise<void> {
    if (this.#stopped) return;
    const fromMs = Math.min(outage.fromMs + this.#clockOffset, this.#unheldFrom ?? Number.POSITIVE_INFINITY);
    const hold: OutageHold = { fromMs, rooms: new Map() };
    this.#holding = hold;
    let finished = false;
    try {
      for (const room of await listTimedRooms(this.db)) {
        await this.#hold(hold, room.id).catch((error: unknown) => {
          // One room's trouble does not keep the others' time; a database gone again ends the pass.
          if (isDatabaseUnavailable(error)) throw error;
        });
      }
      finished = true;
    } catch {
      // the database went again before the pass ended: the next recovery gives back from here
    } finally {
      if (this.#holding === hold) this.#holding = undefined;
    }
    this.#unheldFrom = finished ? undefined : fromMs;
    const timed = await listTimedRooms(this.db).catch(() => []);
    for (const room of timed) this.#arm(room.id, room.deadline_ms);
  }

  /** Holds one room's clock for the pass (once, however many callers ask). */
  #hold(hold: OutageHold, roomId: string): Promise<void> {
    let held = hold.rooms.get(roomId);
    if (!held) {
      // Refused (`not_expired`): nothing counted down as the outage began, or it was given back already.
      held = runRoomCommand(this.db, { roomId }, "system", { type: "outage", from_ms: hold.fromMs }).then(
        () => {},
      );
      hold.rooms.set(roomId, held);
    }
    return held;
  }

  /**
   * Before a seat's command: while the database is thought away, it is tried at once (a command
   * just after it came back must not beat the hold); while the clocks are being held after an
   * outage, this room's first, so a lock made in the time given back is not judged late.
   */
  async beforeCommand(roomId: string): Promise<void> {
    const availability = this.options.availability;
    if (availability && !availability.reachable) await availability.probeNow();
    const hold = this.#holding;
    if (hold) await this.#hold(hold, roomId).catch(() => {});
  }

  async #rearm(roomId: string): Promise<void> {
    const row = await findRoom(this.db, roomId).catch(() => undefined);
    if (!row) return this.#disarm(roomId);
    this.#armFrom(roomId, row);
  }

  /** Arms the room's clock from its row as read, or disarms it when the clock is not running. */
  #armFrom(roomId: string, row: RoomRow): void {
    const record = toRecord(row);
    if (record.status === "running" && record.deadline_ms !== null)
      this.#arm(roomId, record.deadline_ms, Number(row.seq));
    else this.#disarm(roomId);
  }
}

function seatKey(seat: ActingSeat): string {
  return seat.linkId === null ? `${seat.role}` : `link:${seat.linkId}`;
}

/** Answers the hovers of a socket still waiting for their NOTIFY (the socket or its step went). */
function settleHovers(connection: RoomConnection, shared: boolean): void {
  const waiters = connection.hoverWaiters ?? [];
  connection.hoverWaiters = undefined;
  for (const resolve of waiters) resolve(shared);
}

export function closeWith(connection: RoomConnection, code: number, reason: string): void {
  (connection as { closeCode?: number }).closeCode = code;
  if (connection.socket.readyState === SOCKET_OPEN) connection.socket.close(code, reason);
}

export type { RoomHover };
