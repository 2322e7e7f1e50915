import { ROOM_CLOSE } from "@draftroom/contracts";
import type { WebSocket } from "ws";

/**
 * What one socket may cost the server (decision 018): a bounded write buffer, and a token bucket
 * per command kind. One slow or noisy client never slows anyone else.
 */

/** Bytes queued for a socket that does not read, past which it is closed with `slowConsumer`. */
export const SEND_BUFFER_MAX_BYTES = 1024 * 1024;
/** A closed slow socket that does not answer the close handshake is cut after this long. */
const CLOSE_GRACE_MS = 2000;

/** `ws`'s readyState of an open socket (its `WebSocket.OPEN`), for the rooms' sockets. */
export const SOCKET_OPEN = 1;

/**
 * Sends a text frame unless the socket already holds more than the limit unread: then it is
 * closed with 4413 `slow_consumer` (the client reconnects and resyncs) and nothing is queued.
 * False when nothing was sent.
 */
export function sendText(socket: WebSocket, text: string): boolean {
  if (socket.readyState !== SOCKET_OPEN) return false;
  if (socket.bufferedAmount + text.length > SEND_BUFFER_MAX_BYTES) {
    closeSlow(socket);
    return false;
  }
  socket.send(text);
  return true;
}

function closeSlow(socket: WebSocket): void {
  (socket as { closeCode?: number }).closeCode = ROOM_CLOSE.slowConsumer.code;
  socket.close(ROOM_CLOSE.slowConsumer.code, ROOM_CLOSE.slowConsumer.reason);
  // A client that reads nothing never reads the close frame either.
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

/** Tokens per second and burst of each kind of client message. */
export interface BucketRule {
  readonly perSecond: number;
  readonly burst: number;
}

export const COMMAND_BUCKETS: Readonly<Record<string, BucketRule>> = {
  // Every frame, before it is parsed: what a socket may make the server read at all.
  frame: { perSecond: 60, burst: 120 },
  // Hovers are coalesced (latest wins) before any fan-out; this only bounds the parsing.
  hover: { perSecond: 30, burst: 60 },
  ping: { perSecond: 2, burst: 10 },
  resync: { perSecond: 1, burst: 4 },
  ready: { perSecond: 10, burst: 20 },
  start: { perSecond: 2, burst: 4 },
  lock: { perSecond: 10, burst: 20 },
  pause: { perSecond: 2, burst: 4 },
  resume: { perSecond: 2, burst: 4 },
  request_correction: { perSecond: 1, burst: 3 },
  decide_correction: { perSecond: 2, burst: 4 },
  suggest: { perSecond: 4, burst: 10 },
  team_chat: { perSecond: 4, burst: 10 },
  /** Anything else, including messages too broken to name a kind. */
  other: { perSecond: 5, burst: 20 },
};

/**
 * A socket over its frame allowance is told so at most once per this interval; the frames in
 * between are dropped unanswered (answering each one was a socket write per frame: 5,000 writes
 * for a 5,000-frame flood, in front of every other room's messages).
 */
export const FRAME_LIMITED_NOTICE_MS = 1000;

/**
 * A socket that went over its frame allowance is not read for this long: its next frames wait in
 * the kernel's buffers (TCP backpressure slows the sender) instead of being read and dropped.
 */
export const FRAME_PAUSE_MS = 500;

/** Stops reading a socket for `ms` (what was already received is still handled, then dropped). */
export function pauseReading(socket: WebSocket, ms = FRAME_PAUSE_MS): void {
  socket.pause();
  setTimeout(() => {
    if (socket.readyState === SOCKET_OPEN) socket.resume();
  }, ms).unref();
}

/** One socket's token buckets, one per message kind. */
export class CommandBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  #limitedNoticeAt = Number.NEGATIVE_INFINITY;

  /**
   * Takes a frame's token before any parsing: `ok` (read it), `notice` (refuse it and say so), or
   * `drop` (refuse it silently: the socket was told within the last FRAME_LIMITED_NOTICE_MS).
   */
  frame(nowMs = Date.now()): "ok" | "notice" | "drop" {
    if (this.take("frame", nowMs)) return "ok";
    if (nowMs - this.#limitedNoticeAt < FRAME_LIMITED_NOTICE_MS) return "drop";
    this.#limitedNoticeAt = nowMs;
    return "notice";
  }

  constructor(private readonly rules: Readonly<Record<string, BucketRule>> = COMMAND_BUCKETS) {}

  /** Takes a token for `kind`; false when the socket has used its allowance. */
  take(kind: string, nowMs = Date.now()): boolean {
    const key = kind in this.rules ? kind : "other";
    const rule = this.rules[key]!;
    const bucket = this.#buckets.get(key) ?? { tokens: rule.burst, at: nowMs };
    bucket.tokens = Math.min(rule.burst, bucket.tokens + ((nowMs - bucket.at) / 1000) * rule.perSecond);
    bucket.at = nowMs;
    this.#buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
