import type { RoomEvent } from "@draftroom/contracts";
import { delayedCut, delayedVisible, type RoomLogBody } from "@draftroom/draft";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DelayedFeed, RELEASE_MARGIN_MS } from "./delayed-feed.ts";
import type { LoggedEvent } from "./repository.ts";

/**
 * The delayed feed's scheduling with fake time (issue 36): random sequences of locks, pauses,
 * corrections, game changes, seat changes, delay changes (to 0 and back) and resyncs, followed by
 * a client that checks `prev` as the web client does. For every event a spectator may see: it
 * arrives once, in order, never before `at + the delay in force`, and no later than when it was
 * due (under the delays as they changed, after the event before it, outside the times a snapshot
 * was being read) plus the release margin and the clock's error.
 */

const T0 = 1_750_000_000_000;

const BODIES: Record<string, RoomLogBody> = {
  lock: {
    kind: "lock",
    step: 0,
    team: "A",
    side: "BLUE",
    action_type: "BAN",
    champion_id: 1,
    is_auto: false,
    bank_after_ms: 0,
  },
  pause: { kind: "pause" },
  resume: { kind: "resume", resumes_ms: 0 },
  correction_request: {
    kind: "correction_request",
    step: 0,
    team: "A",
    champion_id: 2,
    from_champion_id: 1,
    expires_ms: 0,
  },
  correction_decision: {
    kind: "correction_decision",
    step: 0,
    team: "A",
    champion_id: 2,
    requested_champion_id: 2,
    outcome: "approved",
  },
  game: {
    kind: "game",
    game: 2,
    moved: true,
    session_id: "s2",
    from_session_id: "s1",
    team_a_side: "RED",
    winner: "A",
  },
  seat: {
    kind: "seat",
    link_id: "00000000-0000-4000-8000-000000000001",
    role: "captain",
    team: "A",
    connected: true,
    epoch: 1,
    revoked: false,
  },
  delay: { kind: "delay", delay_seconds: 0, link_id: null },
};

function logged(seq: number, at: number, kind: string): LoggedEvent {
  const event: RoomEvent = { seq, at, actor: null, body: BODIES[kind]! };
  return { event, clock: null };
}

type Op =
  | { op: "wait"; ms: number }
  | { op: "event"; kind: string; lag: number }
  | { op: "hidden"; lag: number }
  | { op: "delay"; ms: number }
  | { op: "resync"; latency: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 3000 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("event" as const),
      kind: fc.constantFrom(
        "lock",
        "lock",
        "lock",
        "pause",
        "resume",
        "correction_request",
        "correction_decision",
        "game",
      ),
      // The fan-out reaches the hub a little after the commit's instant.
      lag: fc.integer({ min: 0, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("hidden" as const), lag: fc.integer({ min: 0, max: 60 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("delay" as const), ms: fc.constantFrom(0, 1000, 2000, 5000) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("resync" as const), latency: fc.integer({ min: 1, max: 300 }) }),
  },
);

interface Logged {
  readonly entry: LoggedEvent;
  readonly visible: boolean;
  /** When the hub handed it to the feed. */
  readonly pushedAt: number;
}

/**
 * Plays `ops` against a feed and a client that follows it; returns what the checks need. A
 * snapshot (resync or game change) is read as the hub reads it: the feed held meanwhile, the view
 * cut with `delayedCut` at the delay in force when the read ends, never before what was sent.
 */
function play(ops: readonly Op[], initialDelayMs: number, clockErrorMs: number) {
  const log: Logged[] = [];
  // `tick` orders what happens at one instant (fake time stands still between two waits).
  let tick = 0;
  const delays: Change[] = [{ at: Number.NEGATIVE_INFINITY, ms: initialDelayMs, tick: 0 }];
  const holds: Array<{ start: number; end: number }> = [];
  const arrivals = new Map<number, { at: number; tick: number }>();
  const sentTimes = new Map<number, number>();
  const problems: string[] = [];
  let clientSeq = 0;
  let openHolds = 0;

  const snapshot = (latency: number, held: boolean) => {
    if (!held) feed.hold();
    openHolds += 1;
    const hold = { start: Date.now(), end: Number.POSITIVE_INFINITY };
    holds.push(hold);
    setTimeout(() => {
      const now = Date.now();
      const entries = log.map((item) => item.entry.event);
      const cut = delayedCut(entries, now, feed.delayMs, feed.lastSent);
      const shown = log.slice(0, cut).filter((item) => item.visible);
      const snapshotSeq = shown.at(-1)?.entry.event.seq ?? 0;
      if (snapshotSeq < clientSeq) problems.push(`snapshot ${snapshotSeq} takes back ${clientSeq}`);
      clientSeq = snapshotSeq;
      tick += 1;
      for (const item of shown) {
        if (!arrivals.has(item.entry.event.seq)) arrivals.set(item.entry.event.seq, { at: now, tick });
      }
      hold.end = now;
      openHolds -= 1;
      const waiting = log.slice(cut).filter((item) => item.visible);
      feed.rebase(
        snapshotSeq,
        waiting.map((item) => item.entry),
      );
    }, latency);
  };

  const feed = new DelayedFeed({
    delayMs: initialDelayMs,
    lastSent: 0,
    now: () => Date.now() - clockErrorMs,
    output: {
      send: (event, prev) => {
        const seq = event.seq;
        if (openHolds > 0) problems.push(`seq ${seq} left during a snapshot`);
        if (prev !== clientSeq) problems.push(`seq ${seq} names prev ${prev}, the client has ${clientSeq}`);
        if (seq <= clientSeq) problems.push(`seq ${seq} again after ${clientSeq}`);
        if (sentTimes.has(seq)) problems.push(`seq ${seq} sent twice`);
        sentTimes.set(seq, Date.now());
        clientSeq = seq;
        tick += 1;
        if (!arrivals.has(seq)) arrivals.set(seq, { at: Date.now(), tick });
      },
      gameChanged: () => snapshot(40, true),
    },
  });

  let seq = 0;
  const append = (kind: string, lag: number, visible: boolean) => {
    seq += 1;
    const entry = logged(seq, Date.now() - lag, kind);
    log.push({ entry, visible, pushedAt: Date.now() });
    if (visible) feed.push([entry]);
  };
  for (const op of ops) {
    if (op.op === "wait") vi.advanceTimersByTime(op.ms);
    else if (op.op === "event") append(op.kind, op.lag, delayedVisible(op.kind));
    else if (op.op === "hidden") append("seat", op.lag, false);
    else if (op.op === "delay") {
      append("delay", 0, false);
      tick += 1;
      delays.push({ at: Date.now(), ms: op.ms, tick });
      feed.setDelay(op.ms);
    } else snapshot(op.latency, false);
  }
  // Long enough for everything to leave under the longest delay.
  vi.advanceTimersByTime(10_000);
  feed.stop();
  return { log, delays, holds, arrivals, problems };
}

interface Change {
  readonly at: number;
  readonly ms: number;
  readonly tick: number;
}

/** The delay in force at `t` (a change applies from its instant on), or just before `tick`. */
function delayAt(delays: readonly Change[], t: number, tick = Number.POSITIVE_INFINITY): number {
  let ms = delays[0]!.ms;
  for (const change of delays) if (change.at <= t && change.tick < tick) ms = change.ms;
  return ms;
}

/**
 * When an event was due: the first instant from `from` on at which its time plus the delay then in
 * force has passed and no snapshot is being read (nor begins, nor a longer delay is set, within
 * `slackMs`, the most a release may trail its due time).
 */
function dueAt(
  at: number,
  from: number,
  delays: readonly Change[],
  holds: ReadonlyArray<{ start: number; end: number }>,
  slackMs: number,
): number {
  let t = from;
  for (let guard = 0; guard < 1000; guard++) {
    const ms = delayAt(delays, t);
    if (t < at + ms) {
      const nextChange = delays.find((change) => change.at > t)?.at ?? Number.POSITIVE_INFINITY;
      t = Math.min(at + ms, nextChange);
      continue;
    }
    const hold = holds.find((item) => item.start - slackMs <= t && t < item.end);
    if (hold) {
      t = hold.end;
      continue;
    }
    // Raised before it left (within the slack): the longer delay rightly holds it back.
    const raised = delays.find(
      (change) => change.at > t && change.at <= t + slackMs && change.at < at + change.ms,
    );
    if (raised) {
      t = raised.at;
      continue;
    }
    return t;
  }
  throw new Error("no due time");
}

describe("delayed feed", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("every event once, in order, never early, and late by no more than the margin and the clock's error", () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 60 }),
        fc.constantFrom(0, 1000, 5000),
        fc.integer({ min: 0, max: 30 }),
        (ops, initialDelayMs, clockErrorMs) => {
          vi.useFakeTimers({ now: T0 });
          try {
            const { log, delays, holds, arrivals, problems } = play(ops, initialDelayMs, clockErrorMs);
            expect(problems).toEqual([]);
            let previousDue = Number.NEGATIVE_INFINITY;
            for (const { entry, visible, pushedAt } of log) {
              if (!visible) continue;
              const { seq, at } = entry.event;
              const arrived = arrivals.get(seq);
              if (!arrived) throw new Error(`seq ${seq} never arrived`);
              const inForce = delayAt(delays, arrived.at, arrived.tick);
              expect(arrived.at, `seq ${seq} early`).toBeGreaterThanOrEqual(at + inForce);
              const slack = RELEASE_MARGIN_MS + clockErrorMs;
              const due = dueAt(at, Math.max(pushedAt, previousDue), delays, holds, slack);
              expect(arrived.at - due, `seq ${seq} late`).toBeLessThanOrEqual(slack);
              previousDue = due;
            }
          } finally {
            vi.useRealTimers();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a delay set mid-draft holds each later lock by the delay from its own time", () => {
    vi.useFakeTimers({ now: T0 });
    const sent: Array<{ seq: number; prev: number; at: number }> = [];
    const feed = new DelayedFeed({
      delayMs: 5000,
      lastSent: 7,
      now: () => Date.now(),
      output: {
        send: (event, prev) => sent.push({ seq: event.seq, prev, at: Date.now() }),
        gameChanged: () => {},
      },
    });
    feed.push([logged(8, T0, "lock")]);
    vi.advanceTimersByTime(1000);
    feed.push([logged(9, T0 + 1000, "lock")]);
    vi.advanceTimersByTime(7000);
    feed.push([logged(10, T0 + 8000, "lock")]);
    vi.advanceTimersByTime(6000);
    expect(sent).toEqual([
      { seq: 8, prev: 7, at: T0 + 5000 + RELEASE_MARGIN_MS },
      { seq: 9, prev: 8, at: T0 + 6000 + RELEASE_MARGIN_MS },
      { seq: 10, prev: 9, at: T0 + 13_000 + RELEASE_MARGIN_MS },
    ]);
    feed.stop();
  });

  it("a joiner's waiting events leave at their time once its feed starts", () => {
    vi.useFakeTimers({ now: T0 });
    const sent: Array<{ seq: number; prev: number; at: number }> = [];
    const feed = new DelayedFeed({
      delayMs: 2000,
      lastSent: 4,
      waiting: [logged(5, T0 - 1500, "lock"), logged(6, T0 - 500, "pause")],
      now: () => Date.now(),
      output: {
        send: (event, prev) => sent.push({ seq: event.seq, prev, at: Date.now() }),
        gameChanged: () => {},
      },
    });
    feed.flush();
    vi.advanceTimersByTime(3000);
    expect(sent).toEqual([
      { seq: 5, prev: 4, at: T0 + 500 + RELEASE_MARGIN_MS },
      { seq: 6, prev: 5, at: T0 + 1500 + RELEASE_MARGIN_MS },
    ]);
    feed.stop();
  });

  it("at 0 what waits leaves at once and later events keep naming the one before", () => {
    vi.useFakeTimers({ now: T0 });
    const sent: Array<{ seq: number; prev: number; at: number }> = [];
    const feed = new DelayedFeed({
      delayMs: 5000,
      lastSent: 3,
      waiting: [logged(5, T0, "lock")],
      now: () => Date.now(),
      output: {
        send: (event, prev) => sent.push({ seq: event.seq, prev, at: Date.now() }),
        gameChanged: () => {},
      },
    });
    vi.advanceTimersByTime(1000);
    feed.setDelay(0);
    expect(feed.heldBack).toBe(false);
    // Seq 6 (the delay change) and 7 (a seat) never reach a spectator's feed.
    feed.push([logged(8, T0 + 1000, "lock")]);
    expect(sent).toEqual([
      { seq: 5, prev: 3, at: T0 + 1000 },
      { seq: 8, prev: 5, at: T0 + 1000 },
    ]);
    feed.setDelay(2000);
    feed.push([logged(9, T0 + 1000, "lock")]);
    expect(feed.heldBack).toBe(true);
    vi.advanceTimersByTime(2000 + RELEASE_MARGIN_MS);
    expect(sent.at(-1)).toEqual({ seq: 9, prev: 8, at: T0 + 3000 + RELEASE_MARGIN_MS });
    feed.stop();
  });

  it("nothing leaves while a snapshot is read; the feed goes on from the snapshot, once each", () => {
    vi.useFakeTimers({ now: T0 });
    const sent: Array<{ seq: number; prev: number }> = [];
    const feed = new DelayedFeed({
      delayMs: 1000,
      lastSent: 0,
      now: () => Date.now(),
      output: { send: (event, prev) => sent.push({ seq: event.seq, prev }), gameChanged: () => {} },
    });
    feed.push([logged(1, T0, "lock"), logged(2, T0 + 500, "lock"), logged(3, T0 + 900, "lock")]);
    feed.hold();
    vi.advanceTimersByTime(1600);
    expect(sent).toEqual([]);
    // The snapshot's read found seqs 1 and 2 due, 3 still waiting.
    feed.rebase(2, [logged(3, T0 + 900, "lock")]);
    vi.advanceTimersByTime(400);
    expect(sent).toEqual([{ seq: 3, prev: 2 }]);
    feed.stop();
  });

  it("a released game change holds the feed until its snapshot", () => {
    vi.useFakeTimers({ now: T0 });
    const sent: number[] = [];
    const changes: number[] = [];
    const feed = new DelayedFeed({
      delayMs: 1000,
      lastSent: 0,
      now: () => Date.now(),
      output: { send: (event) => sent.push(event.seq), gameChanged: (seq) => changes.push(seq) },
    });
    feed.push([logged(1, T0, "game"), logged(2, T0, "lock")]);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
    expect(changes).toEqual([1]);
    feed.rebase(1, []);
    expect(sent).toEqual([1, 2]);
    feed.stop();
  });
});
