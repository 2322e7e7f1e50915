import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE, DRAFT_STEP_COUNT, type Side } from "./formats.ts";
import {
  applyAction,
  createDraft,
  type DraftActionInput,
  type DraftState,
  describeDraft,
  fromActions,
  truncate,
} from "./state.ts";

const POOL = 30;

/** A proposed move: mostly the legal step, sometimes deliberately wrong in one field. */
const move = fc.record({
  champion: fc.option(fc.integer({ min: 1, max: POOL + 2 }), { freq: 8 }),
  mutation: fc.constantFrom("none", "none", "none", "none", "side", "type", "turn"),
});

function propose(state: DraftState, m: { champion: number | null; mutation: string }): DraftActionInput {
  const i = state.actions.length;
  const step = DRAFT_SEQUENCE[Math.min(i, DRAFT_STEP_COUNT - 1)]!;
  const other: Side = step.side === "BLUE" ? "RED" : "BLUE";
  return {
    phase_number: m.mutation === "turn" ? i + 1 : i,
    team_side: m.mutation === "side" ? other : step.side,
    action_type: m.mutation === "type" ? (step.type === "BAN" ? "PICK" : "BAN") : step.type,
    champion_id: m.champion,
  };
}

function checkInvariants(state: DraftState) {
  const ids = state.actions.map((a) => a.champion_id).filter((id): id is number => id !== null);
  expect(new Set(ids).size).toBe(ids.length);
  expect(state.used.size).toBe(ids.length);
  state.actions.forEach((a, i) => {
    expect(a.phase_number).toBe(i);
    expect(a.team_side).toBe(DRAFT_SEQUENCE[i]!.side);
    expect(a.action_type).toBe(DRAFT_SEQUENCE[i]!.type);
    if (a.action_type === "PICK") expect(a.champion_id).not.toBeNull();
    if (a.champion_id !== null) expect(state.locked.has(a.champion_id)).toBe(false);
  });
  const view = describeDraft(state);
  for (const team of [view.blue, view.red]) {
    expect(team.picks.length).toBeLessThanOrEqual(5);
    expect(team.bans.length).toBeLessThanOrEqual(5);
  }
  expect(view.progress).toBeGreaterThanOrEqual(0);
  expect(view.progress).toBeLessThanOrEqual(100);
}

describe("draft properties", () => {
  it("random legal and illegal moves keep every invariant; fromActions(history) equals the state", () => {
    fc.assert(
      fc.property(
        fc.array(move, { maxLength: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: POOL }), { maxLength: 4 }),
        (moves, locked) => {
          const options = { locked, championIds: Array.from({ length: POOL }, (_, i) => i + 1) };
          let state = createDraft(options);
          for (const m of moves) {
            const action = propose(state, m);
            const result = applyAction(state, action);
            if (result.ok) {
              expect(result.state.actions.length).toBe(state.actions.length + 1);
              state = result.state;
            } else {
              // the code names the broken rule; the state is left as it was
              if (m.mutation === "none" && m.champion !== null && state.actions.length < DRAFT_STEP_COUNT) {
                expect(["champion_used", "champion_locked", "unknown_champion"]).toContain(result.code);
              }
            }
            if (m.mutation !== "none") {
              const expected =
                state.actions.length >= DRAFT_STEP_COUNT ? "draft_complete" : `wrong_${m.mutation}`;
              expect(result).toEqual({ ok: false, code: expected });
            }
            checkInvariants(state);
          }
          const shuffled = [...state.actions].reverse();
          const rebuilt = fromActions(shuffled, options);
          expect(rebuilt.actions).toEqual(state.actions);
          expect([...rebuilt.used].sort()).toEqual([...state.used].sort());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("truncate then re-applying the removed actions gives back the same draft", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          Array.from({ length: POOL }, (_, i) => i + 1),
          { minLength: 20, maxLength: 20 },
        ),
        fc.integer({ min: 0, max: DRAFT_STEP_COUNT }),
        fc.integer({ min: 0, max: DRAFT_STEP_COUNT }),
        (ids, length, cut) => {
          const actions = ids.slice(0, length).map((id, i) => ({
            phase_number: i,
            action_type: DRAFT_SEQUENCE[i]!.type,
            team_side: DRAFT_SEQUENCE[i]!.side,
            champion_id: DRAFT_SEQUENCE[i]!.type === "BAN" && id % 7 === 0 ? null : id,
          }));
          const full = fromActions(actions);
          const cutState = truncate(full, cut);
          expect(cutState.actions.length).toBe(Math.min(cut, length));
          checkInvariants(cutState);
          let state = cutState;
          for (const action of actions.slice(cutState.actions.length)) {
            const result = applyAction(state, action);
            expect(result.ok).toBe(true);
            if (result.ok) state = result.state;
          }
          expect(state.actions).toEqual(full.actions);
          expect([...state.used].sort()).toEqual([...full.used].sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});
