import type { RoomEvent } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { activityStepsOf } from "./room-activity.ts";

/** Team A plays red in this game (a series swapped sides): a seat's side comes from the room. */
const SIDES = { A: "RED", B: "BLUE" } as const;

const lock = (actor: RoomEvent["actor"], team: "A" | "B", isAuto = false): RoomEvent => ({
  seq: 1,
  at: 0,
  actor,
  body: {
    kind: "lock",
    step: 0,
    team,
    side: SIDES[team],
    action_type: "BAN",
    champion_id: isAuto ? null : 7,
    is_auto: isAuto,
    bank_after_ms: 0,
  },
});

describe("activityStepsOf", () => {
  it("credits each step to the seat that made it: a captain by side, the organiser, the clock", () => {
    const events: RoomEvent[] = [
      lock({ role: "captain", team: "A" }, "A"),
      lock({ role: "organiser", team: null }, "B"),
      lock(null, "B", true),
      { seq: 4, at: 0, actor: { role: "captain", team: "B" }, body: { kind: "complete" } },
    ];
    expect(activityStepsOf(events, SIDES)).toEqual([
      { verb: "locked", seat: { kind: "captain", side: "RED" } },
      { verb: "locked", seat: { kind: "organiser", side: null } },
      { verb: "locked", seat: { kind: "clock", side: "BLUE" } },
      { verb: "finished", seat: { kind: "captain", side: "BLUE" } },
    ]);
  });

  it("leaves out what is not a feed line (readiness, a refused correction)", () => {
    const events: RoomEvent[] = [
      {
        seq: 1,
        at: 0,
        actor: { role: "captain", team: "A" },
        body: { kind: "ready", team: "A", ready: true },
      },
      {
        seq: 2,
        at: 0,
        actor: { role: "captain", team: "B" },
        body: {
          kind: "correction_decision",
          step: 0,
          team: "A",
          champion_id: 7,
          requested_champion_id: 9,
          outcome: "denied",
        },
      },
    ];
    expect(activityStepsOf(events, SIDES)).toEqual([]);
  });
});
