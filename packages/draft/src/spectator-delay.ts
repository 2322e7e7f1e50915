/**
 * The delayed spectator feed: what a socket watching with a delay may see, and when.
 *
 * - An allow-list of event kinds: anything not listed (hovers, seat changes, team chat,
 *   suggestions and every private kind added later) never reaches a delayed socket.
 * - "Never early": an event is released only once `now >= at + delay`, with the delay in force
 *   at release time. A longer delay holds back events already due under the old one; a shorter
 *   one releases at once what is now due. Events leave in `seq` order.
 * - A delayed socket's picture of the room (its snapshot) is derived from the released prefix
 *   alone (the server folds it with `applyRoomEvent`), never from the room's current state.
 *
 * Pure: callers pass the server's (database) clock.
 */

export const ROOM_DELAY_MIN_SECONDS = 0;
export const ROOM_DELAY_MAX_SECONDS = 300;

/** Event kinds a delayed spectator receives (after the delay). Everything else is private. */
export const DELAYED_EVENT_KINDS = [
  "ready",
  "start",
  "lock",
  "pause",
  "resume",
  "rewind",
  "correct",
  "correction_request",
  "correction_decision",
  "complete",
  // The clock stood still through a database outage: a delayed clock holds the same way.
  "outage",
  // A series room moved to its next game or recorded a result: released like any other event
  // (the delayed socket then gets the delayed snapshot of the new game, never earlier).
  "game",
] as const;

const DELAYED = new Set<string>(DELAYED_EVENT_KINDS);

/** Does a delayed spectator ever receive this kind? */
export function delayedVisible(kind: string): boolean {
  return DELAYED.has(kind);
}

/** The least a delayed event needs: its place in the log and its (database clock) instant. */
export interface TimedEvent {
  readonly seq: number;
  readonly at: number;
  readonly kind: string;
}

/** The instant an event may reach a socket with this delay. */
export function releaseAt(event: Pick<TimedEvent, "at">, delayMs: number): number {
  return event.at + Math.max(0, delayMs);
}

/**
 * Splits a queue (oldest first) into what may be sent at `nowMs` and what waits. It stops at the
 * first event not yet due, so events never overtake one another.
 *
 * @example
 * releaseDue([{ seq: 4, at: 1000, kind: "lock" }], 3500, 3000); // { due: [], waiting: [that event] }
 */
export function releaseDue<E extends TimedEvent>(
  queue: readonly E[],
  nowMs: number,
  delayMs: number,
): { due: E[]; waiting: E[] } {
  let split = 0;
  while (split < queue.length && releaseAt(queue[split]!, delayMs) <= nowMs) split += 1;
  return { due: queue.slice(0, split), waiting: queue.slice(split) };
}

/** When the next queued event becomes due, or null for an empty queue. */
export function nextReleaseAt(queue: readonly TimedEvent[], delayMs: number): number | null {
  const first = queue[0];
  return first ? releaseAt(first, delayMs) : null;
}

/**
 * How many of a log's first events (in `seq` order) a delayed socket may know at `nowMs`: those
 * due under the delay in force, stopping at the first one that is not, and never fewer than the
 * events up to `sentUpTo`, the seq its feed already sent (a snapshot never takes back what was
 * shown, when the delay was raised after it left).
 *
 * @example
 * const log = [{ seq: 1, at: 1000 }, { seq: 2, at: 3000 }, { seq: 3, at: 3500 }];
 * delayedCut(log, 4500, 2000); // 1: only seq 1 is 2 s old
 * delayedCut(log, 4500, 2000, 2); // 2: seq 2 already went out (under a shorter delay)
 */
export function delayedCut(
  log: readonly Pick<TimedEvent, "seq" | "at">[],
  nowMs: number,
  delayMs: number,
  sentUpTo = 0,
): number {
  let cut = 0;
  while (cut < log.length && (log[cut]!.seq <= sentUpTo || releaseAt(log[cut]!, delayMs) <= nowMs)) cut += 1;
  return cut;
}

/**
 * The visible part of a log as a delayed socket may know it at `nowMs`: the allowed events
 * whose time has come, in order (a log is in `seq` order and `at` never goes back within it).
 */
export function delayedPrefix<E extends TimedEvent>(
  events: readonly E[],
  nowMs: number,
  delayMs: number,
): E[] {
  const prefix: E[] = [];
  for (const event of events) {
    if (releaseAt(event, delayMs) > nowMs) break;
    if (delayedVisible(event.kind)) prefix.push(event);
  }
  return prefix;
}

/** An action as a delayed viewer sees it, with the lock event that made it. */
export interface DelayedAction {
  readonly phase_number: number;
  readonly action_type: "BAN" | "PICK";
  readonly team_side: "BLUE" | "RED";
  readonly champion_id: number | null;
  readonly is_auto: boolean;
  /** The lock's event time (epoch ms). */
  readonly at: number;
  /** The lock's event seq (a stable id for the client). */
  readonly seq: number;
}
