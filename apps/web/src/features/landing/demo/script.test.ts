import { boardSlots, DRAFT_SEQUENCE, DRAFT_STEP_COUNT } from "@draftroom/draft";
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
        const used = boardSlots(state.board).flatMap((slot) =>
          slot.state === "filled" ? [slot.champion!.name] : [],
        );
        for (const champion of state.recommendation!.champions) expect(used).not.toContain(champion.name);
      } else {
        expect(state.recommendation).toBeNull();
      }
    });
  });

  it("starts after ban phase 1 and ends complete with 5 picks and 5 bans a side", () => {
    const start = demoStateAt(0);
    const names = (slots: readonly { champion: { name: string } | null }[]) =>
      slots.flatMap((slot) => (slot.champion ? [slot.champion.name] : []));
    expect(names(start.board.blue.bans)).toEqual(["Rumble", "Kalista", "Skarner"]);
    expect(names(start.board.red.bans)).toEqual(["Azir", "Rell", "Corki"]);
    expect(start.board.next).toMatchObject({ side: "BLUE", type: "PICK" });

    const end = demoStateAt(DEMO_STEP_COUNT);
    expect(end.board.next).toBeNull();
    for (const team of [end.board.blue, end.board.red]) {
      expect(team.pickCount).toBe(5);
      expect(team.banCount).toBe(5);
    }
    expect(end.otherChampions).toHaveLength(48 - 20);
  });

  it("shows red's turn with the sequence's action (ban phase 2 has red bans)", () => {
    expect(demoStateAt(1).board.next).toMatchObject({ side: "RED", type: "PICK" });
    // The official order: the second ban phase opens with red.
    expect(demoStateAt(6).board.next).toMatchObject({ side: "RED", type: "BAN" });
    expect(demoStateAt(7).board.next).toMatchObject({ side: "BLUE", type: "BAN" });
  });

  it("keeps recommended and played champions out of the list of other champions", () => {
    const state = demoStateAt(3);
    const listed = new Set(state.otherChampions.map((c) => c.name));
    for (const c of state.recommendation!.champions) expect(listed.has(c.name)).toBe(false);
    for (const slot of state.board.blue.picks)
      if (slot.champion) expect(listed.has(slot.champion.name)).toBe(false);
    expect(state.otherChampions.length + 4 + 6 + 3).toBe(48);
  });

  it("clamps out-of-range steps", () => {
    expect(demoStateAt(-3).step).toBe(0);
    expect(demoStateAt(99).step).toBe(DEMO_STEP_COUNT);
  });
});
