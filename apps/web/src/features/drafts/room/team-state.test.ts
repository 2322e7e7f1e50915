import type { TeamMessage } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { applyTeamMessage, EMPTY_TEAM_CHANNEL, suggestionsFor } from "./team-state.ts";

/** Message `n` was stored at 1000 + n ms; its id is random, as the server's are. */
const message = (n: number, over: Partial<TeamMessage> = {}): TeamMessage => ({
  id: `${"fedcba987654"[n % 12]}${n}`,
  team: "A",
  kind: "chat",
  member_id: "kim",
  role: "member",
  name: "Kim",
  text: `message ${n}`,
  step: null,
  champion_id: null,
  at: 1000 + n,
  ...over,
});
const texts = (messages: readonly TeamMessage[]) => messages.map((m) => m.text);

describe("the team channel on the client", () => {
  it("takes the history on join, then appends new messages once each, in the order they were stored", () => {
    let state = applyTeamMessage(EMPTY_TEAM_CHANNEL, {
      type: "team_history",
      team: "A",
      member_id: "seven",
      messages: [message(1), message(2)],
    });
    expect(state).toMatchObject({ team: "A", memberId: "seven" });
    state = applyTeamMessage(state, { type: "team_message", message: message(4) });
    state = applyTeamMessage(state, { type: "team_message", message: message(3) });
    state = applyTeamMessage(state, { type: "team_message", message: message(4) });
    expect(texts(state.messages)).toEqual(["message 1", "message 2", "message 3", "message 4"]);
    // a reconnect's history replaces what was there
    state = applyTeamMessage(state, {
      type: "team_history",
      team: "A",
      member_id: "nine",
      messages: [message(4)],
    });
    expect(texts(state.messages)).toEqual(["message 4"]);
    expect(state.memberId).toBe("nine");
  });

  it("keeps the roster it is sent", () => {
    const state = applyTeamMessage(EMPTY_TEAM_CHANNEL, {
      type: "roster",
      members: [
        {
          id: "00000000-0000-4000-8000-000000000001",
          team: "B",
          name: "Sub",
          link_id: "00000000-0000-4000-8000-000000000005",
        },
      ],
    });
    expect(state.roster.map((m) => m.name)).toEqual(["Sub"]);
    expect(state.messages).toEqual([]);
  });

  it("lists the suggestions the captain can lock for the step on the clock", () => {
    const state = applyTeamMessage(EMPTY_TEAM_CHANNEL, {
      type: "team_history",
      team: "A",
      member_id: null,
      messages: [
        message(1, { kind: "suggestion", step: 2, champion_id: 10, text: null }),
        message(2, {
          kind: "suggestion",
          step: 2,
          champion_id: 11,
          text: null,
          member_id: "lee",
          name: "Lee",
        }),
        message(3, { kind: "suggestion", step: 1, champion_id: 12, text: null }),
        message(4),
      ],
    });
    expect(suggestionsFor(state, 2, new Set()).map((m) => m.champion_id)).toEqual([11, 10]);
    expect(suggestionsFor(state, 2, new Set([11])).map((m) => m.champion_id)).toEqual([10]);
    expect(suggestionsFor(state, null, new Set())).toEqual([]);
  });
});
