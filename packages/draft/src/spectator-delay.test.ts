import { describe, expect, it } from "vitest";
import {
  DELAYED_EVENT_KINDS,
  type DraftLogEvent,
  delayedActions,
  delayedPrefix,
  delayedVisible,
  nextReleaseAt,
  releaseDue,
} from "./spectator-delay.ts";

function event(seq: number, at: number, kind: string, extra: Partial<DraftLogEvent> = {}): DraftLogEvent {
  return {
    seq,
    at,
    kind,
    step: null,
    side: null,
    action_type: null,
    champion_id: null,
    is_auto: false,
    data: {},
    ...extra,
  };
}

const lock = (seq: number, at: number, step: number, champion: number) =>
  event(seq, at, "lock", {
    step,
    side: step % 2 === 0 ? "BLUE" : "RED",
    action_type: "BAN",
    champion_id: champion,
  });

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

  it("replays actions: locks, rewinds, the organiser's corrections and approved requests only", () => {
    const log = [
      lock(1, 0, 0, 7),
      lock(2, 0, 1, 8),
      event(3, 0, "correction_request", { step: 1, champion_id: 9 }),
      event(4, 0, "correction_decision", { step: 1, champion_id: 8, data: { outcome: "denied" } }),
      event(5, 0, "correction_decision", { step: 1, champion_id: 9, data: { outcome: "approved" } }),
      lock(6, 0, 2, 10),
      event(7, 0, "correct", { step: 0, champion_id: 11 }),
      event(8, 0, "rewind", { step: 2 }),
    ];
    expect(delayedActions(log).map((a) => [a.phase_number, a.champion_id])).toEqual([
      [0, 11],
      [1, 9],
    ]);
    expect(delayedActions(log.slice(0, 4)).map((a) => a.champion_id)).toEqual([7, 8]);
  });
});
