import { describe, expect, it } from "vitest";
import {
  DELAYED_EVENT_KINDS,
  delayedCut,
  delayedPrefix,
  delayedVisible,
  nextReleaseAt,
  releaseDue,
  type TimedEvent,
} from "./spectator-delay.ts";

function event(seq: number, at: number, kind: string): TimedEvent {
  return { seq, at, kind };
}

const lock = (seq: number, at: number, _step: number, _champion: number) => event(seq, at, "lock");

describe("delayed spectator feed", () => {
  it("is an allow-list: hovers, seats, chat and any unknown kind stay private", () => {
    expect(delayedVisible("lock")).toBe(true);
    expect(delayedVisible("correction_decision")).toBe(true);
    for (const kind of ["hover", "seat", "chat", "suggestion", "team_chat", "anything_new"]) {
      expect(delayedVisible(kind)).toBe(false);
    }
    expect(DELAYED_EVENT_KINDS).not.toContain("seat");
  });

  it("releases an event only once now >= at + delay, in order", () => {
    const queue = [lock(1, 1000, 0, 1), lock(2, 2000, 1, 2), lock(3, 2500, 2, 3)];
    expect(releaseDue(queue, 3999, 3000).due).toEqual([]);
    const at4000 = releaseDue(queue, 4000, 3000);
    expect(at4000.due.map((e) => e.seq)).toEqual([1]);
    expect(at4000.waiting.map((e) => e.seq)).toEqual([2, 3]);
    expect(nextReleaseAt(at4000.waiting, 3000)).toBe(5000);
    expect(nextReleaseAt([], 3000)).toBeNull();
  });

  it("a longer delay holds back events due under the old one; a shorter one releases them", () => {
    const queue = [lock(1, 1000, 0, 1), lock(2, 2000, 1, 2)];
    expect(releaseDue(queue, 3500, 2000).due.map((e) => e.seq)).toEqual([1]);
    expect(releaseDue(queue, 3500, 10_000).due).toEqual([]);
    expect(releaseDue(queue, 3500, 0).due.map((e) => e.seq)).toEqual([1, 2]);
  });

  it("never lets a later event overtake an earlier one that is not due", () => {
    // A clock hiccup: seq 2 claims an earlier instant than seq 1.
    const queue = [lock(1, 2000, 0, 1), lock(2, 1500, 1, 2)];
    expect(releaseDue(queue, 4800, 3000).due).toEqual([]);
  });

  it("builds the snapshot's prefix from the due, allowed events only", () => {
    const log = [
      event(1, 100, "start"),
      event(2, 150, "seat"),
      lock(3, 1000, 0, 7),
      event(4, 1100, "chat"),
      lock(5, 5000, 1, 8),
    ];
    expect(delayedPrefix(log, 4000, 3000).map((e) => e.seq)).toEqual([1, 3]);
    expect(delayedPrefix(log, 500, 3000)).toEqual([]);
  });

  it("cuts a log where the first event is not due, but never before what the feed already sent", () => {
    const log = [
      event(1, 1000, "lock"),
      event(2, 3000, "seat"),
      event(3, 2000, "lock"),
      event(4, 3500, "lock"),
    ];
    expect(delayedCut(log, 4500, 2000)).toBe(1);
    // A later event that is due does not overtake seq 2, which is not.
    expect(delayedCut(log, 4999, 2000)).toBe(1);
    expect(delayedCut(log, 5000, 2000)).toBe(3);
    // Raised to 10 s after seq 3 went out: the snapshot still holds seqs 1 to 3.
    expect(delayedCut(log, 5000, 10_000, 3)).toBe(3);
    expect(delayedCut(log, 5000, 10_000)).toBe(0);
    expect(delayedCut([], 5000, 0, 7)).toBe(0);
  });
});
