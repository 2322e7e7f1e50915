import { performance } from "node:perf_hooks";
import {
  ERROR_CODES,
  type ErrorCode,
  ROOM_CLOSE,
  ROOM_PROTOCOL_MIN_VERSION,
  ROOM_PROTOCOL_VERSION,
  type RoomClientMessage,
  type RoomServerMessage,
  roomClientMessageSchema,
} from "@draftroom/contracts";
import type { RoomCommand } from "@draftroom/draft";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { isDatabaseUnavailable, unavailableDetail, unavailableReason } from "../../db/availability.ts";
import { userIdOfToken } from "../accounts/service.ts";
import { sessionOwnerId } from "../drafts/service.ts";
import { delayedView, seatDelayMs } from "./delay.ts";
import type { HelloGate } from "./hello-gate.ts";
import type { RoomConnection } from "./hub.ts";
import {
  admitWorkspaceSocket,
  bindMemberSocket,
  type MemberBinding,
  memberMayAct,
  readOnlyRefusal,
  seatCapability,
} from "./member-sockets.ts";
import { findRoom, toRecord } from "./repository.ts";
import {
  type ActingSeat,
  appliedCommandSeq,
  listEventsAfter,
  PUBLIC_SPECTATOR,
  RoomCommitUnknown,
  resolveLink,
  runRoomCommand,
  seatInfo,
  snapshotOf,
  takeSeat,
} from "./service.ts";
import { CommandBuckets, pauseReading, SOCKET_OPEN, sendText } from "./socket-guard.ts";
import type { TeamChannel, TeamConnection } from "./team-channel.ts";
import { markMemberLeft } from "./team-repository.ts";
import { memberHelloName, openTeamSeat } from "./team-routes.ts";

/**
 * One room WebSocket from its `hello` to its close (decision 006): the frame and command buckets,
 * replay ids, the hello (link, account or public id; a workspace room seats members by role,
 * decision 029), every command checked and run through the room store, team talk, and resyncs.
 * The rooms plugin (routes.ts) only routes the upgrade here.
 *
 * When the database cannot be reached (decision 049), a command is rejected with
 * `database_unavailable` and may be sent again with the same id: the store applies a command's key
 * (its seat and id) once, so a resend after an outage or a reconnection is acknowledged, never
 * applied twice. A hello is closed with `databaseUnavailable` (the client reconnects).
 */

/** Time a new socket has to send its `hello`. */
const HELLO_TIMEOUT_MS = 10_000;
/** Message ids remembered per connection to refuse a replay. */
const SEEN_IDS = 2048;
/** How long a command whose commit the database's loss left unknown waits to learn its outcome. */
const COMMIT_SETTLE_MS = 10_000;
/** More missing events than this: a resync gets a snapshot instead. */
const RESYNC_EVENTS_MAX = 1000;
/** A socket's resyncs are answered at most once per this interval (later ones share the next answer). */
const RESYNC_INTERVAL_MS = 1000;
/** Resync requests waiting for the next answer, past which they are refused. */
const RESYNC_WAITING_MAX = 8;
/** The answer to a frame over the socket's frame bucket (not parsed, so without its id). */
const FRAME_LIMITED = JSON.stringify({
  type: "reject",
  id: null,
  code: "rate_limited",
  detail: "Too many messages: wait a moment.",
} satisfies RoomServerMessage);
const MESSAGE_TYPES = new Set([
  "hello",
  "ping",
  "ready",
  "start",
  "hover",
  "lock",
  "pause",
  "resume",
  "resync",
  "suggest",
  "team_chat",
  "request_correction",
  "decide_correction",
]);

const REJECT_DETAILS: Partial<Record<ErrorCode, string>> = {
  malformed_message: "The message is not valid JSON of a known shape.",
  unknown_message: "Unknown message type.",
  duplicate_message: "A message with this id was already received.",
  hello_required: "Send hello first.",
  already_joined: "This connection has already joined.",
  seat_not_allowed: "Your seat cannot do that.",
  not_your_turn: "It is the other team's turn.",
  wrong_turn: "That is not the step on the clock.",
  late: "The time for this step ran out.",
  room_paused: "The draft is paused.",
  not_started: "The draft has not started.",
  already_started: "The draft has already started.",
  not_paused: "The draft is not paused.",
  draft_complete: "The draft is complete.",
  champion_used: "That champion has already been picked or banned.",
  champion_locked: "That champion is locked in this draft.",
  unknown_champion: "That champion is not in the pool.",
  skip_not_allowed: "Only bans can be skipped.",
  rate_limited: "Too many messages: wait a moment.",
  message_too_long: "The message is too long.",
  correction_pending: "A correction request is waiting for a decision.",
  correction_used: "This lock was already the subject of a correction request.",
  no_correction: "There is no correction request to decide.",
};

/**
 * Serves one socket of room `roomId` until it closes.
 *
 * @example
 * app.get("/rooms/:id/ws", { websocket: true }, (socket, request) =>
 *   openRoomSocket(app, teams, helloGate, socket, request.params.id, request.log));
 */
export function openRoomSocket(
  app: FastifyInstance,
  teams: TeamChannel,
  helloGate: HelloGate,
  socket: WebSocket,
  roomId: string,
  log: FastifyBaseLogger,
): void {
  const { config } = app;
  const hub = app.rooms;
  let connection: RoomConnection | undefined;
  let teamSeat: TeamConnection | undefined;
  let joining = false;
  const seen = new Set<string>();
  let chain = Promise.resolve();

  /** Commands (not hello, ping, resync) waiting for their answer: their kind and arrival. */
  const timing = new Map<string, { type: string; at: number }>();
  const send = (message: RoomServerMessage) => {
    sendText(socket, JSON.stringify(message));
    if ((message.type === "ack" || message.type === "reject") && message.id !== null) {
      const started = timing.get(message.id);
      if (!started) return;
      timing.delete(message.id);
      hub.recordCommand(started.type, message.type, performance.now() - started.at);
    }
  };
  const buckets = new CommandBuckets();
  /** Resync: answered at most once per interval; requests in between share the next answer. */
  let lastResyncAt = Number.NEGATIVE_INFINITY;
  let resyncWaiting: { lastSeq: number; ids: string[]; timer: NodeJS.Timeout } | undefined;
  let teamJoined = false;
  /** A workspace member's socket: every command is checked against the role again. */
  let member: MemberBinding | undefined;
  const reject = (id: string | null, code: ErrorCode) =>
    send({ type: "reject", id, code, detail: REJECT_DETAILS[code] ?? code });
  /** The database could not take the message: not applied, and its id may be sent again. */
  const rejectUnavailable = (id: string, error: unknown) => {
    seen.delete(id);
    const detail = unavailableDetail(unavailableReason(error) ?? "unreachable");
    send({ type: "reject", id, code: "database_unavailable", detail });
  };
  /**
   * The database went while the command committed: once it answers, its key in the log says
   * whether it was applied (ack) or not (reject; sent again, it is applied once). Out of the
   * socket's message chain, which goes on meanwhile.
   */
  const settle = async (id: string, commandKey: string, error: RoomCommitUnknown) => {
    const availability = app.database.availability;
    const back = (await availability.check()) || (await availability.whenReachable(COMMIT_SETTLE_MS));
    const seq = back ? await appliedCommandSeq(app.db, roomId, commandKey).catch(() => undefined) : undefined;
    if (socket.readyState !== SOCKET_OPEN) return;
    if (seq !== undefined) send({ type: "ack", id, seq });
    else rejectUnavailable(id, error);
  };

  const helloTimer = setTimeout(() => {
    if (!connection) socket.close(ROOM_CLOSE.helloRequired.code, ROOM_CLOSE.helloRequired.reason);
  }, HELLO_TIMEOUT_MS);
  helloTimer.unref();

  socket.on("close", () => {
    clearTimeout(helloTimer);
    if (resyncWaiting) clearTimeout(resyncWaiting.timer);
    if (connection) hub.leave(connection);
    if (teamSeat && teamJoined) void teams.leave(teamSeat).catch(() => {});
    else if (teamSeat?.memberId) void markMemberLeft(app.db, teamSeat.memberId).catch(() => {});
  });
  socket.on("error", () => {});

  socket.on("message", (raw, isBinary) => {
    // Every frame takes a token first, before any parsing: a flood is told once a second,
    // otherwise dropped, and not read for a moment, so it never queues work (or writes) in
    // front of other rooms' messages.
    const admitted = buckets.frame();
    if (admitted !== "ok") {
      if (admitted === "notice") sendText(socket, FRAME_LIMITED);
      if (!socket.isPaused) pauseReading(socket);
      return;
    }
    chain = chain
      .then(() => handle(raw, isBinary))
      .catch((error: unknown) => {
        log.error({ err: error }, "room message failed");
      });
  });

  const handle = async (raw: unknown, isBinary: boolean) => {
    let data: unknown;
    try {
      if (isBinary) throw new Error("binary");
      data = JSON.parse(String(raw));
    } catch {
      return reject(null, "malformed_message");
    }
    const parsed = roomClientMessageSchema.safeParse(data);
    if (!parsed.success) {
      const loose = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
      const id =
        typeof loose.id === "string" && loose.id.length > 0 && loose.id.length <= 64 ? loose.id : null;
      const known = typeof loose.type === "string" && MESSAGE_TYPES.has(loose.type);
      return reject(id, known ? "malformed_message" : "unknown_message");
    }
    const message = parsed.data;
    // One token bucket per command kind: a noisy socket is refused, nobody else waits.
    if (!buckets.take(message.type)) return reject(message.id, "rate_limited");
    if (seen.has(message.id)) return reject(message.id, "duplicate_message");
    seen.add(message.id);
    if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
    if (message.type !== "hello" && message.type !== "ping" && message.type !== "resync") {
      timing.set(message.id, { type: message.type, at: performance.now() });
      // Bounded like `seen`: an answer that never comes (a closed socket) does not keep its entry.
      if (timing.size > SEEN_IDS) timing.delete(timing.keys().next().value!);
    }
    try {
      await serve(message);
    } catch (error) {
      if (error instanceof RoomCommitUnknown && connection) {
        void settle(message.id, commandKeyOf(connection, message.id), error);
        return;
      }
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn({ err: error }, "room message refused: database unavailable");
      if (message.type === "hello") {
        seen.delete(message.id);
        return socket.close(ROOM_CLOSE.databaseUnavailable.code, ROOM_CLOSE.databaseUnavailable.reason);
      }
      rejectUnavailable(message.id, error);
    }
  };

  /** A command's key in the room's log: who sent it (its link, else its account) and its id. */
  const commandKeyOf = (current: RoomConnection, id: string): string => {
    const seat = current.seat;
    const sender =
      seat.linkId !== null ? `l${seat.linkId}` : member !== undefined ? `u${member.userId}` : seat.role;
    return `${sender}/${id}`;
  };

  const serve = async (message: RoomClientMessage) => {
    if (message.type === "hello") {
      if (connection || joining) return reject(message.id, "already_joined");
      joining = true;
      try {
        // Through the process's hello gate; dropped if the socket closed while it waited.
        await helloGate.run(
          () => socket.readyState === SOCKET_OPEN,
          () => hello(message),
        );
      } finally {
        joining = false;
      }
      return;
    }
    // `hello` first, for every message (a ping too).
    if (!connection) return reject(message.id, "hello_required");
    if (message.type === "ping") {
      return send({ type: "pong", id: message.id, t0: message.t0, server_now: hub.now() });
    }
    if (message.type === "resync") return resync(connection, message.id, message.last_seq);
    // A hover is memory only and never checked against the database (decision 018); a member
    // whose membership ends has their socket closed anyway.
    if (member && message.type !== "hover") {
      const talking = message.type === "suggest" || message.type === "team_chat";
      const needed = talking ? "comment" : seatCapability(connection.seat.role);
      if (!(await memberMayAct(app.db, member, needed))) return reject(message.id, "forbidden");
    }
    if (message.type === "suggest" || message.type === "team_chat") {
      if (!teamSeat) return reject(message.id, "seat_not_allowed");
      const said = await teams.talk(teamSeat, message);
      if (!said.ok) return reject(message.id, said.code);
      return send({ type: "ack", id: message.id, seq: null });
    }
    // A spectator changes nothing, and learns nothing from trying: it is refused before any
    // rule reads the room's live state (a delayed seat must not learn of a lock early).
    if (connection.seat.role === "spectator") return reject(message.id, "seat_not_allowed");
    if (message.type === "hover") {
      // Ephemeral: checked in memory, coalesced per socket, never written (decision 018).
      const hovered = await hub.hover(connection, message.step, message.champion_id);
      if (!hovered.ok)
        return reject(message.id, ERROR_CODES.includes(hovered.code) ? hovered.code : "internal_error");
      // Acknowledged once the other processes have it (decision 052), outside the socket's
      // chain: the captain's next message does not wait for the NOTIFY.
      void hovered.shared.then((shared) =>
        shared
          ? send({ type: "ack", id: message.id, seq: null })
          : reject(message.id, "database_unavailable"),
      );
      return;
    }
    const command = toCommand(message);
    // Past its plan, a workspace's room may finish a running draft, but nothing new starts there
    // (decision 040): the same code and words as a REST write.
    const refusal = await readOnlyRefusal(app.db, roomId, command.type);
    if (refusal) return send({ type: "reject", id: message.id, code: refusal.code, detail: refusal.message });
    // Just back from an outage: this room's clock gets the outage's time back first.
    await hub.beforeCommand(roomId);
    const result = await runRoomCommand(
      app.db,
      { roomId },
      connection.seat,
      command.type === "request_correction" && config.rooms.correctionMsOverride !== undefined
        ? { ...command, window_ms: config.rooms.correctionMsOverride }
        : command,
      { memberId: member?.userId, commandKey: commandKeyOf(connection, message.id) },
    );
    // Sent before (its answer lost with a connection or an outage): applied once, acknowledged again.
    if (!result.ok && result.appliedSeq !== undefined)
      return send({ type: "ack", id: message.id, seq: result.appliedSeq });
    if (!result.ok)
      return reject(message.id, ERROR_CODES.includes(result.code) ? result.code : "internal_error");
    const last = result.commit.events.at(-1);
    send({ type: "ack", id: message.id, seq: last ? last.seq : null });
  };

  const hello = async (message: Extract<RoomClientMessage, { type: "hello" }>) => {
    if (message.proto < ROOM_PROTOCOL_MIN_VERSION || message.proto > ROOM_PROTOCOL_VERSION) {
      return socket.close(ROOM_CLOSE.unsupportedProtocol.code, ROOM_CLOSE.unsupportedProtocol.reason);
    }
    const room = await findRoom(app.db, roomId);
    if (!room) return socket.close(ROOM_CLOSE.roomNotFound.code, ROOM_CLOSE.roomNotFound.reason);
    let seat: ActingSeat | undefined;
    let epoch = 0;
    let delayMs = 0;
    let captainLink: Parameters<typeof takeSeat>[2] | undefined;
    if (message.token) {
      const resolved = await resolveLink(app.db, message.token);
      if (resolved && resolved.room.id === roomId) {
        seat = resolved.seat;
        delayMs = seatDelayMs(room, resolved.link, seat.role);
        if (resolved.link.role === "captain") captainLink = resolved.link;
      }
    } else if (message.auth) {
      const userId = await userIdOfToken(app.db, message.auth);
      const ownerId = await sessionOwnerId(app.db, room.session_id);
      if (userId !== undefined && ownerId !== undefined && ownerId === userId) {
        seat = { role: "organiser", team: null, linkId: null };
      }
    } else if (message.watch) {
      // The public id is the public view's capability: it never opens more than watching.
      if (message.watch === room.session_id) {
        seat = PUBLIC_SPECTATOR;
        delayMs = seatDelayMs(room, null, seat.role);
      }
    }
    // A workspace room: the member's role decides the seat (decision 029).
    const admission = await admitWorkspaceSocket(app.db, room, seat, message.auth);
    if (admission.kind === "refused") return socket.close(admission.close.code, admission.close.reason);
    if (admission.kind === "admitted") {
      seat = admission.seat;
      member = admission.binding;
    }
    if (!seat) return socket.close(ROOM_CLOSE.invalidLink.code, ROOM_CLOSE.invalidLink.reason);
    if (captainLink) epoch = await takeSeat(app.db, roomId, captainLink);
    if (member) bindMemberSocket(socket, member);
    const name = memberHelloName(seat, message.name);
    if (name === undefined) return socket.close(ROOM_CLOSE.nameRequired.code, ROOM_CLOSE.nameRequired.reason);
    // A member seat is taken before the welcome: past the link's cap, the socket is refused.
    const opened = await openTeamSeat(app.db, socket, roomId, seat, name, config.rooms.teamLinkMembersMax);
    if (opened === "full") return socket.close(ROOM_CLOSE.teamFull.code, ROOM_CLOSE.teamFull.reason);
    teamSeat = opened;
    // A delayed spectator sees the room as it stood `delay` ago, from the log alone.
    const delayed = delayMs > 0 ? await delayedView(app.db, roomId, delayMs) : undefined;
    const stored = delayed ? delayed.snapshot : await snapshotOf(app.db, roomId);
    // A live seat sees the hover in force (memory only); a delayed one never does.
    const snapshot =
      stored && !delayed ? { ...stored, hover: hub.hoverOf(roomId, stored.clock.step) } : stored;
    if (!snapshot) return socket.close(ROOM_CLOSE.roomNotFound.code, ROOM_CLOSE.roomNotFound.reason);
    if (socket.readyState !== SOCKET_OPEN) return;
    send({
      type: "welcome",
      id: message.id,
      proto: ROOM_PROTOCOL_VERSION,
      seat: seatInfo(toRecord(room), seat),
      snapshot,
      server_now: hub.now(),
      ...(delayMs > 0 ? { delay_seconds: Math.round(delayMs / 1000) } : {}),
    });
    const seq = delayed ? delayed.headSeq : snapshot.seq;
    connection = { socket, roomId, seat, epoch, seq, baseSeq: seq };
    hub.join(connection, delayed ? { delayMs, lastSent: snapshot.seq, waiting: delayed.pending } : undefined);
    if (teamSeat) {
      teamJoined = true;
      await teams.join(teamSeat);
    }
  };

  const resync = async (current: RoomConnection, id: string, lastSeq: number) => {
    const now = Date.now();
    if (resyncWaiting || now - lastResyncAt < RESYNC_INTERVAL_MS) {
      // Within the interval: one answer later covers every request (the oldest seq asked).
      if (resyncWaiting) {
        if (resyncWaiting.ids.length >= RESYNC_WAITING_MAX) return reject(id, "rate_limited");
        resyncWaiting.lastSeq = Math.min(resyncWaiting.lastSeq, lastSeq);
        resyncWaiting.ids.push(id);
        return;
      }
      const timer = setTimeout(
        () => {
          const waiting = resyncWaiting;
          resyncWaiting = undefined;
          if (!waiting) return;
          // Its failure (the database away) must not break the chain: every later message waits on it.
          chain = chain
            .then(async () => {
              await answerResync(current, waiting.lastSeq);
              for (const waitingId of waiting.ids) send({ type: "ack", id: waitingId, seq: null });
            })
            .catch((error: unknown) => {
              const unavailable = isDatabaseUnavailable(error);
              if (!unavailable) log.error({ err: error }, "room resync failed");
              for (const waitingId of waiting.ids) {
                if (unavailable) rejectUnavailable(waitingId, error);
                else reject(waitingId, "internal_error");
              }
            });
        },
        Math.max(0, lastResyncAt + RESYNC_INTERVAL_MS - now),
      );
      timer.unref();
      resyncWaiting = { lastSeq, ids: [id], timer };
      return;
    }
    await answerResync(current, lastSeq);
    send({ type: "ack", id, seq: null });
  };

  const answerResync = async (current: RoomConnection, lastSeq: number) => {
    lastResyncAt = Date.now();
    if (socket.readyState !== SOCKET_OPEN) return;
    if (current.feed) {
      await hub.resyncDelayed(current, lastSeq);
      return;
    }
    const events = await listEventsAfter(app.db, roomId, lastSeq, RESYNC_EVENTS_MAX + 1);
    // A delay set while the log was read: what was read may not be due for this socket any more.
    if (current.feed) {
      await hub.resyncDelayed(current, lastSeq);
      return;
    }
    if (events.length > RESYNC_EVENTS_MAX) {
      const snapshot = await snapshotOf(app.db, roomId);
      if (snapshot) {
        send({ type: "snapshot", snapshot, server_now: hub.now() });
        current.seq = Math.max(current.seq, snapshot.seq);
        current.baseSeq = current.seq;
      }
    } else {
      // Exactly once: what this socket already got live (after its welcome or last snapshot,
      // up to what the hub sent it) is not sent again, even when a resync races a live push.
      for (const event of events) {
        if (event.seq > current.baseSeq && event.seq <= current.seq) continue;
        send({ type: "event", event });
      }
      const last = events.at(-1);
      if (last) current.seq = Math.max(current.seq, last.seq);
    }
  };
}

function toCommand(
  message: Exclude<
    RoomClientMessage,
    { type: "hello" | "ping" | "resync" | "suggest" | "team_chat" | "hover" }
  >,
): RoomCommand {
  switch (message.type) {
    case "ready":
      return { type: "ready", ready: message.ready };
    case "lock":
      return { type: "lock", step: message.step, champion_id: message.champion_id };
    case "request_correction":
      return { type: "request_correction", step: message.step, champion_id: message.champion_id };
    case "decide_correction":
      return { type: "decide_correction", step: message.step, approve: message.approve };
    default:
      return { type: message.type };
  }
}
