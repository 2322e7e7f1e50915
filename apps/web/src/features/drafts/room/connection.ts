import {
  type ErrorCode,
  ROOM_CLOSE,
  ROOM_PROTOCOL_VERSION,
  type RoomClientMessage,
  type RoomServerMessage,
} from "@draftroom/contracts";
import { loadedSchemas, loadSchemas } from "@/lib/schemas.ts";
import {
  applyRoomMessage,
  bestOffset,
  type ClientRoom,
  offsetSample,
  roomFromWelcome,
} from "./room-state.ts";

/** Why a room cannot be joined (a clear screen, never a retry loop). */
export type RoomFailure =
  | Exclude<
      (typeof ROOM_CLOSE)[keyof typeof ROOM_CLOSE]["reason"],
      "hello_required" | "slow_consumer" | "database_unavailable"
    >
  | "unreachable";

export type RoomConnectionStatus = "connecting" | "open" | "reconnecting" | "failed";

export interface RoomConnectionState {
  status: RoomConnectionStatus;
  failure: RoomFailure | null;
  room: ClientRoom | null;
  /** Server clock minus local clock, in ms (null until the first answer). */
  offset: number | null;
  /** Round trip of the best clock sample, ms. */
  rtt: number | null;
}

/**
 * Who joins: a link's token (captains, spectators; a team link with the member's name), the
 * owner's account token (organiser) or a session's public id (a read-only spectator of the public
 * view).
 */
/** A link may carry the signed-in account too: a workspace room seats its members by role (decision 029). */
export type RoomCredentials =
  | { token: string; name?: string; auth?: string }
  | { auth: string }
  | { watch: string };

type Command = RoomClientMessage extends infer M
  ? M extends { type: "hello" | "ping" | "resync" }
    ? never
    : Omit<M, "id">
  : never;

/** A command the server refused (`code` from ERROR_CODES) or could not answer (connection lost). */
export class RoomCommandError extends Error {
  readonly code: ErrorCode | "connection_lost";
  constructor(code: ErrorCode | "connection_lost", detail: string) {
    super(detail);
    this.code = code;
  }
}

const FATAL_CLOSE = new Map<number, RoomFailure>([
  [ROOM_CLOSE.invalidLink.code, ROOM_CLOSE.invalidLink.reason],
  [ROOM_CLOSE.roomNotFound.code, ROOM_CLOSE.roomNotFound.reason],
  [ROOM_CLOSE.unsupportedProtocol.code, ROOM_CLOSE.unsupportedProtocol.reason],
  [ROOM_CLOSE.seatTaken.code, ROOM_CLOSE.seatTaken.reason],
  [ROOM_CLOSE.linkRevoked.code, ROOM_CLOSE.linkRevoked.reason],
  [ROOM_CLOSE.removed.code, ROOM_CLOSE.removed.reason],
  [ROOM_CLOSE.nameRequired.code, ROOM_CLOSE.nameRequired.reason],
  [ROOM_CLOSE.teamFull.code, ROOM_CLOSE.teamFull.reason],
  [ROOM_CLOSE.seatForbidden.code, ROOM_CLOSE.seatForbidden.reason],
  [ROOM_CLOSE.membershipEnded.code, ROOM_CLOSE.membershipEnded.reason],
]);
/** Clock samples: a few at once, then one every few seconds (also a heartbeat). */
const PING_EVERY_MS = 4000;
/** No answer to a ping for this long: the connection is dead even if the socket has not noticed. */
const DEAD_AFTER_MS = 9000;
const MAX_BACKOFF_MS = 5000;
/** Attempts in a row without a welcome before the page says the server cannot be reached. */
const UNREACHABLE_AFTER = 8;
/**
 * A command the server could not answer (the connection dropped) or refused because it could not
 * reach its database is sent again, with the same id, for this long after it was first sent: the
 * server applies an id once, so a resend never applies twice (decision 049).
 */
const RESEND_WITHIN_MS = 20_000;
/** Waits between resends of a command the database refused. */
const RESEND_BACKOFF_MS = [500, 1000, 2000] as const;

/** A command waiting for its answer. */
interface PendingCommand {
  readonly text: string;
  readonly firstSentAt: number;
  resends: number;
  /** Refused with `database_unavailable`: sent again after a wait (the room shows "reconnecting"). */
  retry: ReturnType<typeof setTimeout> | null;
  readonly resolve: () => void;
  readonly reject: (error: RoomCommandError) => void;
}

function socketUrl(roomId: string, apiBase: string): string {
  const base = new URL(apiBase, window.location.href);
  base.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  return `${base.href.replace(/\/$/, "")}/rooms/${roomId}/ws`;
}

/**
 * One client's connection to a live room: `hello` then `welcome`, every event applied in `seq`
 * order (a gap asks for a resync), the clock offset from `server_now` and ping/pong, commands
 * answered by `ack`/`reject`, and reconnection on its own (with the last `seq` seen) until the
 * server says the link is no good.
 */
export class RoomConnection {
  private state: RoomConnectionState = {
    status: "connecting",
    failure: null,
    room: null,
    offset: null,
    rtt: null,
  };
  private readonly listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private counter = 0;
  private attempts = 0;
  private closed = false;
  private readonly pending = new Map<string, PendingCommand>();
  /** A welcome answered the current socket's hello (commands may be sent on it). */
  private welcomed = false;
  private readonly pings = new Map<string, number>();
  private samples: { offset: number; rtt: number }[] = [];
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lastHeard = 0;
  private helloSentAt = 0;
  /** The message schema is loading: the socket opens once it has. */
  private loadingSchemas = false;

  constructor(
    private readonly roomId: string,
    private readonly credentials: RoomCredentials,
    private readonly apiBase = "/api",
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RoomConnectionState => this.state;

  private set(patch: Partial<RoomConnectionState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  start(): void {
    this.closed = false;
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("online", this.onOnline);
    this.open();
  }

  stop(): void {
    this.closed = true;
    window.removeEventListener("offline", this.onOffline);
    window.removeEventListener("online", this.onOnline);
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
    this.failPending();
  }

  /** After a failure (e.g. "seat taken"): try again now. */
  retry(): void {
    this.attempts = 0;
    this.set({ status: "connecting", failure: null });
    this.closed = false;
    this.open();
  }

  /**
   * Sends a command; resolves on `ack`, rejects with the server's code on `reject`. A command left
   * unanswered by a dropped connection, or refused because the server could not reach its
   * database, is sent again with the same id (after the next welcome, or after a wait) for up to
   * RESEND_WITHIN_MS; the room shows "reconnecting" meanwhile.
   */
  send(command: Command): Promise<void> {
    const id = this.nextId();
    return new Promise<void>((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.welcomed) {
        reject(new RoomCommandError("connection_lost", "Not connected"));
        return;
      }
      const text = JSON.stringify({ ...command, id });
      this.pending.set(id, { text, firstSentAt: Date.now(), resends: 0, retry: null, resolve, reject });
      this.socket.send(text);
    });
  }

  /** The server could not reach its database: send the command again after a wait, or give up. */
  private retryLater(id: string, pending: PendingCommand, error: RoomCommandError) {
    if (Date.now() - pending.firstSentAt >= RESEND_WITHIN_MS) {
      this.pending.delete(id);
      pending.reject(error);
      this.showStall();
      return;
    }
    const wait = RESEND_BACKOFF_MS[Math.min(pending.resends, RESEND_BACKOFF_MS.length - 1)]!;
    pending.resends += 1;
    if (pending.retry !== null) clearTimeout(pending.retry);
    pending.retry = setTimeout(() => {
      pending.retry = null;
      // Closed meanwhile: the next welcome sends it again.
      if (this.welcomed && this.socket?.readyState === WebSocket.OPEN) this.socket.send(pending.text);
    }, wait);
    this.showStall();
  }

  /** "Reconnecting" while a command waits for the server's database; open again once none does. */
  private showStall() {
    if (!this.welcomed) return;
    const stalled = [...this.pending.values()].some((pending) => pending.retry !== null);
    const status = stalled ? "reconnecting" : "open";
    if (this.state.status !== status) this.set({ status });
  }

  private nextId(): string {
    this.counter += 1;
    return `c${Date.now().toString(36)}${this.counter}`;
  }

  private open() {
    if (this.closed) return;
    const schemas = loadedSchemas();
    if (!schemas) {
      // The messages' schema loads before the first socket opens (zod is kept off a cold page's
      // path); a load that fails counts as a connection that failed, retried the same way.
      if (this.loadingSchemas) return;
      this.loadingSchemas = true;
      void loadSchemas().then(
        () => {
          this.loadingSchemas = false;
          this.open();
        },
        () => {
          this.loadingSchemas = false;
          if (!this.closed) this.onClose(1006);
        },
      );
      return;
    }
    const { roomServerMessageSchema } = schemas;
    this.clearTimers();
    const socket = new WebSocket(socketUrl(this.roomId, this.apiBase));
    this.socket = socket;
    this.welcomed = false;
    socket.onopen = () => {
      this.helloSentAt = Date.now();
      const lastSeq = this.state.room?.snapshot.seq;
      socket.send(
        JSON.stringify({
          type: "hello",
          id: this.nextId(),
          proto: ROOM_PROTOCOL_VERSION,
          ...this.credentials,
          ...(lastSeq === undefined ? {} : { last_seq: lastSeq }),
        }),
      );
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.lastHeard = Date.now();
      let parsed: RoomServerMessage;
      try {
        const result = roomServerMessageSchema.safeParse(JSON.parse(String(event.data)));
        if (!result.success) return;
        parsed = result.data;
      } catch {
        return;
      }
      this.onMessage(parsed);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.onClose(event.code);
    };
  }

  private onMessage(message: RoomServerMessage) {
    const now = Date.now();
    switch (message.type) {
      case "welcome": {
        this.attempts = 0;
        // The welcome answers the hello: a first (coarse) clock sample.
        this.samples = [...this.samples.slice(-7), offsetSample(this.helloSentAt, now, message.server_now)];
        const room = roomFromWelcome(
          message.seat,
          message.snapshot,
          this.state.room ?? undefined,
          message.delay_seconds ?? 0,
        );
        this.welcomed = true;
        this.set({ status: "open", failure: null, room, ...this.clockPatch() });
        this.startPings();
        // Commands the last connection left unanswered: the same ids again (applied once), unless
        // the reconnection took so long that the captain's intent is stale.
        for (const [id, pending] of this.pending) {
          if (pending.retry !== null) continue;
          if (now - pending.firstSentAt >= RESEND_WITHIN_MS) {
            this.pending.delete(id);
            pending.reject(new RoomCommandError("connection_lost", "Connection lost"));
            continue;
          }
          pending.resends += 1;
          this.socket?.send(pending.text);
        }
        // The log before this snapshot (all of it on a first join, the missed part on a reconnect):
        // events up to the snapshot's seq only fill the event list.
        const logged = room.log.at(-1)?.seq ?? 0;
        if (logged < room.snapshot.seq) this.resync(logged);
        return;
      }
      case "pong": {
        const t0 = this.pings.get(message.id);
        this.pings.delete(message.id);
        if (t0 === undefined) return;
        this.samples = [...this.samples.slice(-7), offsetSample(t0, now, message.server_now)];
        this.set(this.clockPatch());
        return;
      }
      case "ack": {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        pending?.resolve();
        if (pending) this.showStall();
        return;
      }
      case "reject": {
        if (message.id === null) return;
        const pending = this.pending.get(message.id);
        if (!pending) return;
        const error = new RoomCommandError(message.code, message.detail);
        if (message.code === "database_unavailable") return this.retryLater(message.id, pending, error);
        this.pending.delete(message.id);
        pending.reject(error);
        this.showStall();
        return;
      }
      default: {
        const room = this.state.room;
        if (!room) return;
        const result = applyRoomMessage(room, message);
        if (result.room !== room) this.set({ room: result.room });
        if (result.kind === "gap") this.resync(result.lastSeq);
      }
    }
  }

  private clockPatch(): Pick<RoomConnectionState, "offset" | "rtt"> {
    const offset = bestOffset(this.samples);
    const rtt = this.samples.reduce((min, sample) => Math.min(min, sample.rtt), Number.POSITIVE_INFINITY);
    return { offset, rtt: Number.isFinite(rtt) ? rtt : null };
  }

  private resync(lastSeq: number) {
    this.socket?.send(JSON.stringify({ type: "resync", id: this.nextId(), last_seq: lastSeq }));
  }

  private ping() {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > DEAD_AFTER_MS) {
      // Nothing heard for too long (a lost network the socket has not noticed): start again.
      this.socket = null;
      socket.close();
      this.onClose(1006);
      return;
    }
    const id = this.nextId();
    const t0 = Date.now();
    this.pings.set(id, t0);
    socket.send(JSON.stringify({ type: "ping", id, t0 }));
  }

  private startPings() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.ping();
    setTimeout(() => this.ping(), 300);
    setTimeout(() => this.ping(), 900);
    this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
  }

  private onClose(code: number) {
    this.clearTimers();
    this.welcomed = false;
    const fatal = FATAL_CLOSE.get(code);
    if (this.closed || fatal) this.failPending();
    else this.keepPending();
    if (this.closed) return;
    if (fatal) {
      this.closed = true;
      this.set({ status: "failed", failure: fatal });
      return;
    }
    this.attempts += 1;
    if (this.attempts >= UNREACHABLE_AFTER && !this.state.room) {
      this.set({ status: "failed", failure: "unreachable" });
      return;
    }
    this.set({ status: this.state.room ? "reconnecting" : "connecting" });
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(this.attempts - 1, 5));
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private onOffline = () => {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.close();
    this.onClose(1006);
  };

  private onOnline = () => {
    if (this.closed || this.socket) return;
    this.attempts = 0;
    this.open();
  };

  private failPending() {
    for (const pending of this.pending.values()) {
      if (pending.retry !== null) clearTimeout(pending.retry);
      pending.reject(new RoomCommandError("connection_lost", "Connection lost"));
    }
    this.pending.clear();
    this.pings.clear();
  }

  /** The connection dropped: commands still young enough wait for the next welcome, the rest fail. */
  private keepPending() {
    const now = Date.now();
    for (const [id, pending] of this.pending) {
      if (pending.retry !== null) clearTimeout(pending.retry);
      pending.retry = null;
      if (now - pending.firstSentAt < RESEND_WITHIN_MS) continue;
      this.pending.delete(id);
      pending.reject(new RoomCommandError("connection_lost", "Connection lost"));
    }
    this.pings.clear();
  }

  private clearTimers() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }
}
