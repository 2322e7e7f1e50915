import type { RoomClock, RoomEvent } from "@draftroom/contracts";
import { releaseAt } from "@draftroom/draft";
import type { LoggedEvent } from "./repository.ts";

/**
 * One spectator socket's delayed feed (decisions 011 and 018, issue 36): the allowed events
 * waiting for their time, the one timer that lets them out, and the `prev` chain its client checks
 * for gaps. Sockets, the database and the clock come in from the hub, so the scheduling is tested
 * alone with fake timers (`delayed-feed.test.ts`).
 *
 * - Never early: an event leaves once the earliest the database clock can be is past
 *   `at + delay + RELEASE_MARGIN_MS`, with the delay in force then; events leave in seq order.
 * - Not late: the timer is armed for the head of the queue whenever the head or the delay
 *   changes, and everything due leaves together.
 * - Once, in order, without a false gap: each event names the seq sent before it (`prev`). A socket
 *   that once had a delay keeps its feed when the delay drops to 0 (everything waiting leaves at
 *   once, later events as they come): handed back to the live fan-out, its next event would name
 *   no `prev` and the events the feed left out (seats, delay changes) would read as a gap that a
 *   live resync, skipping what it believes was pushed, never fills.
 * - While the socket's snapshot is read (a resync, or a game change released), nothing leaves; the
 *   snapshot then says where the feed goes on from (`rebase`).
 */

/** Released a hair after `at + delay` on the estimated database clock, never before it. */
export const RELEASE_MARGIN_MS = 5;

/** Where a feed's events go (the hub writes them to the socket). */
export interface DelayedFeedOutput {
  /** An event leaves, after `prev` (the seq the socket got before it), with its stored clock. */
  send(event: RoomEvent, prev: number, clock: RoomClock | null): void;
  /**
   * A game change left: the feed is held until the socket has the delayed snapshot of that moment
   * (answer with `rebase`, or `resume` when it cannot be read).
   */
  gameChanged(seq: number): void;
}

export interface DelayedFeedOptions {
  readonly delayMs: number;
  /** The seq the socket got last (its snapshot's, or the last event pushed to it live). */
  readonly lastSent: number;
  /** Allowed events not yet due, oldest first. */
  readonly waiting?: readonly LoggedEvent[];
  /** The earliest the database clock can be now (epoch ms). */
  readonly now: () => number;
  readonly output: DelayedFeedOutput;
}

export class DelayedFeed {
  #queue: LoggedEvent[] = [];
  #delayMs: number;
  #lastSent: number;
  /** Snapshots being read: while any is, nothing leaves. */
  #holds = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #now: () => number;
  readonly #output: DelayedFeedOutput;

  constructor(options: DelayedFeedOptions) {
    this.#delayMs = Math.max(0, options.delayMs);
    this.#lastSent = options.lastSent;
    this.#now = options.now;
    this.#output = options.output;
    this.#merge(options.waiting ?? []);
  }

  get delayMs(): number {
    return this.#delayMs;
  }

  /** The seq the socket got last: the `prev` of the next event. */
  get lastSent(): number {
    return this.#lastSent;
  }

  /** Hovers and the live clock stay away while the feed runs behind the room. */
  get heldBack(): boolean {
    return this.#delayMs > 0 || this.#queue.length > 0;
  }

  /** Lets out what is due and arms the timer for the rest (a feed starts when its socket joined). */
  flush(): void {
    this.#release();
  }

  /** Allowed events the room committed (in seq order), each once: they leave when due. */
  push(entries: readonly LoggedEvent[]): void {
    this.#merge(entries);
    this.#release();
  }

  /** The delay in force from now on: a longer one holds back what was due, a shorter lets it out. */
  setDelay(delayMs: number): void {
    this.#delayMs = Math.max(0, delayMs);
    this.#release();
  }

  /** A snapshot of the socket is being read: nothing leaves until `rebase` or `resume`. */
  hold(): void {
    this.#holds += 1;
    this.#disarm();
  }

  /**
   * The socket got a snapshot at `snapshotSeq` (it holds every event up to it): the feed goes on
   * from there with what the snapshot's read found still waiting, and lets out what is due.
   */
  rebase(snapshotSeq: number, waiting: readonly LoggedEvent[]): void {
    this.#lastSent = snapshotSeq;
    this.#queue = this.#queue.filter((entry) => entry.event.seq > snapshotSeq);
    this.#merge(waiting);
    this.resume();
  }

  /** A snapshot could not be read: the feed goes on as it was. */
  resume(): void {
    this.#holds = Math.max(0, this.#holds - 1);
    this.#release();
  }

  stop(): void {
    this.#stopped = true;
    this.#disarm();
  }

  /** Adds entries after the last seq sent, once each, in seq order. */
  #merge(entries: readonly LoggedEvent[]): void {
    const fresh = entries.filter((entry) => entry.event.seq > this.#lastSent);
    if (fresh.length === 0) return;
    // The usual case: newer than everything queued, in order.
    let last = this.#queue.at(-1)?.event.seq ?? Number.NEGATIVE_INFINITY;
    const inOrder = fresh.every((entry) => {
      const after = entry.event.seq > last;
      last = entry.event.seq;
      return after;
    });
    if (inOrder) {
      this.#queue.push(...fresh);
      return;
    }
    const bySeq = new Map<number, LoggedEvent>();
    for (const entry of [...this.#queue, ...fresh]) bySeq.set(entry.event.seq, entry);
    this.#queue = [...bySeq.values()].sort((a, b) => a.event.seq - b.event.seq);
  }

  /** Sends every event whose time has come, then arms the timer for the next one. */
  #release(): void {
    this.#disarm();
    if (this.#stopped || this.#holds > 0) return;
    const now = this.#now();
    // At 0 nothing can be early: what waits leaves now, whatever the clocks' rounding says.
    const isDue = (entry: LoggedEvent) =>
      this.#delayMs === 0 || releaseAt(entry.event, this.#delayMs) + RELEASE_MARGIN_MS <= now;
    let sent = 0;
    while (sent < this.#queue.length && isDue(this.#queue[sent]!)) {
      const { event, clock } = this.#queue[sent]!;
      sent += 1;
      const prev = this.#lastSent;
      this.#lastSent = event.seq;
      if (event.body.kind === "game") {
        this.#output.send(event, prev, null);
        this.#queue = this.#queue.slice(sent);
        this.#holds += 1;
        this.#output.gameChanged(event.seq);
        return;
      }
      this.#output.send(event, prev, clock);
    }
    this.#queue = this.#queue.slice(sent);
    const next = this.#queue[0];
    if (!next) return;
    const wait = Math.max(0, releaseAt(next.event, this.#delayMs) + RELEASE_MARGIN_MS - now);
    this.#timer = setTimeout(() => this.#release(), Math.min(wait, 2_147_000_000));
    this.#timer.unref();
  }

  #disarm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
