import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { applyTeamMessage, EMPTY_TEAM_CHANNEL, isTeamMessage } from "../room/team-state.ts";
import { publishPlanIntent, usePlanIntent } from "./plan-intent.ts";

describe("the followed plan on the board", () => {
  it("hands the plan's next action to every reader and clears it", () => {
    const { result } = renderHook(() => usePlanIntent());
    expect(result.current).toBeNull();
    act(() => publishPlanIntent({ step: 6, championId: 145, action: "PICK", note: "into their mid" }));
    expect(result.current).toEqual({ step: 6, championId: 145, action: "PICK", note: "into their mid" });
    const same = result.current;
    act(() => publishPlanIntent({ step: 6, championId: 145, action: "PICK", note: "into their mid" }));
    expect(result.current).toBe(same);
    act(() => publishPlanIntent(null));
    expect(result.current).toBeNull();
  });

  it("a team_plan message bumps the team's plan signal (the panel reads the plan again)", () => {
    const message = { type: "team_plan", team: "A" } as const;
    expect(isTeamMessage(message)).toBe(true);
    const once = applyTeamMessage(EMPTY_TEAM_CHANNEL, message);
    expect(applyTeamMessage(once, message).planSignal).toBe(2);
    expect(once.messages).toEqual([]);
  });
});
