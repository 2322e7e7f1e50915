import { DRAFT_SEQUENCE, DRAFT_STEP_COUNT } from "@draftroom/draft";
import { describe, expect, it } from "vitest";
import { DEMO_CHAMPIONS } from "./champions.ts";
import { DEMO_OPENING_BANS, DEMO_SCRIPT, DEMO_STEP_COUNT, demoStateAt } from "./script.ts";

describe("landing demo script", () => {
  it("is 14 steps over a pool of about 48 champions and fills the whole sequence", () => {
    expect(DEMO_STEP_COUNT).toBe(14);
    expect(DEMO_CHAMPIONS).toHaveLength(48);
    expect(DEMO_OPENING_BANS.length + DEMO_STEP_COUNT).toBe(DRAFT_STEP_COUNT);
    expect(new Set(DEMO_CHAMPIONS.map((champion) => champion.id)).size).toBe(48);
  });

  it("never plays a champion twice", () => {
    const played = [...DEMO_OPENING_BANS, ...DEMO_SCRIPT.map((action) => action.champion)];
    expect(new Set(played).size).toBe(played.length);
  });

  it("recommends on every blue step and only there, the scripted choice first and still available", () => {
    DEMO_SCRIPT.forEach((action, index) => {
      const sequenceStep = DRAFT_SEQUENCE[DEMO_OPENING_BANS.length + index]!;
      const state = demoStateAt(index);
      if (sequenceStep.side === "BLUE") {
        expect(state.recommendation?.champions[0]?.name).toBe(action.champion);
        const used = [...state.bluePicks, ...state.redPicks, ...state.blueBans, ...state.redBans].map(
          (c) => c.name,
        );
        for (const champion of state.recommendation!.champions) expect(used).not.toContain(champion.name);
      } else {
        expect(state.recommendation).toBeNull();
      }
    });
  });

  it("starts after ban phase 1 and ends complete with 5 picks and 5 bans a side", () => {
    const start = demoStateAt(0);
    expect(start.blueBans.map((c) => c.name)).toEqual(["Rumble", "Kalista", "Skarner"]);
    expect(start.redBans.map((c) => c.name)).toEqual(["Azir", "Rell", "Corki"]);
    expect(start.draftPhase).toEqual({ team: "blue", action: "pick" });

    const end = demoStateAt(DEMO_STEP_COUNT);
    expect(end.draftPhase).toBeNull();
    for (const list of [end.bluePicks, end.redPicks, end.blueBans, end.redBans]) expect(list).toHaveLength(5);
    expect(end.otherChampions).toHaveLength(48 - 20);
  });

  it("shows red's turn with the sequence's action (ban phase 2 has red bans)", () => {
    expect(demoStateAt(1).draftPhase).toEqual({ team: "red", action: "pick" });
    expect(demoStateAt(6).draftPhase).toEqual({ team: "red", action: "ban" });
    expect(demoStateAt(7).draftPhase).toEqual({ team: "blue", action: "ban" });
  });

  it("keeps recommended and played champions out of the list of other champions", () => {
    const state = demoStateAt(3);
    const listed = new Set(state.otherChampions.map((c) => c.name));
    for (const c of state.recommendation!.champions) expect(listed.has(c.name)).toBe(false);
    for (const c of state.bluePicks) expect(listed.has(c.name)).toBe(false);
    expect(state.otherChampions.length + 4 + 6 + 3).toBe(48);
  });

  it("clamps out-of-range steps", () => {
    expect(demoStateAt(-3).step).toBe(0);
    expect(demoStateAt(99).step).toBe(DEMO_STEP_COUNT);
  });
});
