import { describe, expect, it } from "vitest";
import { createRoom, type RoomSeat, reduceRoom } from "./room.ts";
import {
  currentSuggestions,
  FULL_BUCKET,
  hearsTeam,
  memberName,
  type SuggestionLike,
  spendTalkToken,
  TEAM_CHAT_MAX_CHARS,
  TEAM_TALK_BURST,
  TEAM_TALK_REFILL_MS,
  talksFor,
  teamChatText,
} from "./team-talk.ts";

const captainA: RoomSeat = { role: "captain", team: "A" };
const memberA: RoomSeat = { role: "member", team: "A" };
const memberB: RoomSeat = { role: "member", team: "B" };
const captainB: RoomSeat = { role: "captain", team: "B" };
const organiser: RoomSeat = { role: "organiser", team: null };
const spectator: RoomSeat = { role: "spectator", team: null };

describe("who hears a team's channel", () => {
  it("is that team's captain and members only", () => {
    expect(hearsTeam(captainA, "A")).toBe(true);
    expect(hearsTeam(memberA, "A")).toBe(true);
    expect(hearsTeam(memberB, "A")).toBe(false);
    expect(hearsTeam(captainB, "A")).toBe(false);
    expect(hearsTeam(organiser, "A")).toBe(false);
    expect(hearsTeam(spectator, "A")).toBe(false);
  });

  it("lets captains and members talk for their own team, nobody else", () => {
    expect(talksFor(memberB)).toBe("B");
    expect(talksFor(captainA)).toBe("A");
    expect(talksFor(organiser)).toBeNull();
    expect(talksFor(spectator)).toBeNull();
  });

  it("never lets a member hover or lock", () => {
    const room = { ...createRoom({ mode: "live", turn_ms: 30_000, bank_ms: 0 }), status: "running" as const };
    const started = { ...room, turn_started_ms: 0, deadline_ms: 60_000 };
    expect(reduceRoom(started, memberA, { type: "lock", step: 0, champion_id: 1 }, 10)).toEqual({
      ok: false,
      code: "seat_not_allowed",
    });
    expect(reduceRoom(started, memberA, { type: "hover", step: 0, champion_id: 1 }, 10)).toEqual({
      ok: false,
      code: "seat_not_allowed",
    });
    expect(reduceRoom(started, memberA, { type: "ready", ready: true }, 10)).toEqual({
      ok: false,
      code: "seat_not_allowed",
    });
  });
});

describe("chat text and names", () => {
  it("trims, strips control characters and keeps at most two blank lines", () => {
    expect(teamChatText("  gank top\u0007 \n\n\n\nnow  ")).toEqual({ ok: true, text: "gank top \n\nnow" });
    expect(teamChatText(" \u200B \t ")).toEqual({ ok: false, code: "malformed_message" });
  });

  it("refuses a message over the limit, counting characters not code units", () => {
    expect(teamChatText("é".repeat(TEAM_CHAT_MAX_CHARS)).ok).toBe(true);
    expect(teamChatText("🙂".repeat(TEAM_CHAT_MAX_CHARS)).ok).toBe(true);
    expect(teamChatText("a".repeat(TEAM_CHAT_MAX_CHARS + 1))).toEqual({
      ok: false,
      code: "message_too_long",
    });
  });

  it("makes a name one line of 1-32 characters", () => {
    expect(memberName("  Coach\n  Kim ")).toEqual({ ok: true, text: "Coach Kim" });
    expect(memberName("")).toEqual({ ok: false, code: "malformed_message" });
    expect(memberName("x".repeat(33))).toEqual({ ok: false, code: "message_too_long" });
  });
});

describe("talk rate", () => {
  it("allows a burst, then one message per refill interval", () => {
    let bucket = FULL_BUCKET(0);
    for (let i = 0; i < TEAM_TALK_BURST; i++) {
      const spent = spendTalkToken(bucket, 0);
      expect(spent.allowed).toBe(true);
      bucket = spent.bucket;
    }
    const refused = spendTalkToken(bucket, 0);
    expect(refused.allowed).toBe(false);
    expect(spendTalkToken(refused.bucket, TEAM_TALK_REFILL_MS / 2).allowed).toBe(false);
    const later = spendTalkToken(refused.bucket, TEAM_TALK_REFILL_MS);
    expect(later.allowed).toBe(true);
    expect(spendTalkToken(later.bucket, TEAM_TALK_REFILL_MS).allowed).toBe(false);
  });

  it("never holds more than a burst after a long silence", () => {
    let bucket = spendTalkToken(FULL_BUCKET(0), 0).bucket;
    let allowed = 0;
    for (let i = 0; i < TEAM_TALK_BURST + 3; i++) {
      const spent = spendTalkToken(bucket, 3_600_000);
      if (spent.allowed) allowed += 1;
      bucket = spent.bucket;
    }
    expect(allowed).toBe(TEAM_TALK_BURST);
  });
});

describe("current suggestions", () => {
  const message = (n: number, over: Partial<SuggestionLike>): SuggestionLike => ({
    id: `m${n}`,
    kind: "suggestion",
    step: 3,
    champion_id: 10 + n,
    member_id: "kim",
    name: "Kim",
    ...over,
  });

  it("keeps each member's latest suggestion for the step, newest first, without used champions", () => {
    const messages = [
      message(1, { member_id: "kim" }),
      message(2, { member_id: "lee", name: "Lee" }),
      message(3, { member_id: "kim" }),
      message(4, { member_id: "park", name: "Park", champion_id: 99 }),
      message(5, { member_id: "lee", step: 2 }),
      message(6, { kind: "chat", champion_id: null, step: null }),
    ];
    const current = currentSuggestions(messages, 3, new Set([99]));
    expect(current.map((m) => m.id)).toEqual(["m3", "m2"]);
  });

  it("is empty when no step is on the clock", () => {
    expect(currentSuggestions([message(1, {})], null)).toEqual([]);
  });
});
