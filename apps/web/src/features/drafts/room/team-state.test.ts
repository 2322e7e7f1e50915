import type { TeamMessage } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { applyTeamMessage, EMPTY_TEAM_CHANNEL, suggestionsFor } from "./team-state.ts";

const message = (id: number, over: Partial<TeamMessage> = {}): TeamMessage => ({
  id,
  team: "A",
  kind: "chat",
  member_id: 1,
  role: "member",
  name: "Kim",
  text: `message ${id}`,
  step: null,
  champion_id: null,
  at: 1000 + id,
  ...over,
});

describe("the team channel on the client", () => {
  it("takes the history on join, then appends new messages once each, in id order", () => {
    let state = applyTeamMessage(EMPTY_TEAM_CHANNEL, {
      type: "team_history",
      team: "A",
      member_id: 7,
      messages: [message(1), message(2)],
    });
    expect(state).toMatchObject({ team: "A", memberId: 7 });
    state = applyTeamMessage(state, { type: "team_message", message: message(4) });
    state = applyTeamMessage(state, { type: "team_message", message: message(3) });
    state = applyTeamMessage(state, { type: "team_message", message: message(4) });
    expect(state.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    // a reconnect's history replaces what was there
    state = applyTeamMessage(state, {
      type: "team_history",
      team: "A",
      member_id: 9,
      messages: [message(4)],
    });
    expect(state.messages.map((m) => m.id)).toEqual([4]);
    expect(state.memberId).toBe(9);
  });

  it("keeps the roster it is sent", () => {
    const state = applyTeamMessage(EMPTY_TEAM_CHANNEL, {
      type: "roster",
      members: [{ id: 1, team: "B", name: "Sub", link_id: "00000000-0000-4000-8000-000000000005" }],
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
        message(2, { kind: "suggestion", step: 2, champion_id: 11, text: null, member_id: 2, name: "Lee" }),
        message(3, { kind: "suggestion", step: 1, champion_id: 12, text: null }),
        message(4),
      ],
    });
    expect(suggestionsFor(state, 2, new Set()).map((m) => m.champion_id)).toEqual([11, 10]);
    expect(suggestionsFor(state, 2, new Set([11])).map((m) => m.champion_id)).toEqual([10]);
    expect(suggestionsFor(state, null, new Set())).toEqual([]);
  });
});
