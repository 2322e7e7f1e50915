import type { RoomServerMessage, TeamMember, TeamMessage } from "@draftroom/contracts";
import { currentSuggestions, type RoomTeam, TEAM_HISTORY_LIMIT } from "@draftroom/draft";

/**
 * What this client knows of its team's private channel (decision 010): the recent messages, who
 * is on the team links, and this connection's member id. The organiser only ever gets the roster.
 */
export interface TeamChannelState {
  team: RoomTeam | null;
  memberId: string | null;
  messages: TeamMessage[];
  roster: TeamMember[];
  /** Bumped by `team_plan`: the team's followed draft plan changed (decision 027). */
  planSignal?: number;
}

export const EMPTY_TEAM_CHANNEL: TeamChannelState = { team: null, memberId: null, messages: [], roster: [] };

/** Messages kept on screen (the server sends the last TEAM_HISTORY_LIMIT on join). */
const KEPT = TEAM_HISTORY_LIMIT * 4;

type TeamServerMessage = Extract<
  RoomServerMessage,
  { type: "team_message" | "team_history" | "roster" | "team_plan" }
>;

export function isTeamMessage(message: RoomServerMessage): message is TeamServerMessage {
  return (
    message.type === "team_message" ||
    message.type === "team_history" ||
    message.type === "roster" ||
    message.type === "team_plan"
  );
}

/** Applies one team-channel message; a history (sent on every join) replaces what was there. */
export function applyTeamMessage(state: TeamChannelState, message: TeamServerMessage): TeamChannelState {
  switch (message.type) {
    case "team_history":
      return { ...state, team: message.team, memberId: message.member_id, messages: message.messages };
    case "team_message": {
      if (state.messages.some((item) => item.id === message.message.id)) return state;
      // Ids are random (decision 041): order by the database clock; a stable sort keeps arrival
      // order for messages of the same millisecond.
      const messages = [...state.messages, message.message].sort((a, b) => a.at - b.at).slice(-KEPT);
      return { ...state, messages };
    }
    case "roster":
      return { ...state, roster: message.members };
    case "team_plan":
      return { ...state, planSignal: (state.planSignal ?? 0) + 1 };
  }
}

/** The suggestions the captain can lock now: each member's latest for the step, not yet used. */
export function suggestionsFor(
  state: TeamChannelState,
  step: number | null,
  used: ReadonlySet<number>,
): TeamMessage[] {
  return currentSuggestions(state.messages, step, used);
}
