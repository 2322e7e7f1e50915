import { describe, expect, it } from "vitest";
import { autoPickRanking, type OurPreparation } from "./auto-pick.ts";
import type { ChampionInfo } from "./recommend.ts";
import { createRoom, type RoomEventBody, type RoomState, reduceRoom } from "./room.ts";
import { nextStep } from "./state.ts";

const CHAMPIONS: ChampionInfo[] = [
  { id: 1, name: "Ahri", role: "Mage", tags: ["Mage", "Assassin"] },
  { id: 2, name: "Zed", role: "Assassin", tags: ["Assassin"] },
  { id: 3, name: "Syndra", role: "Mage", tags: ["Mage"] },
  { id: 4, name: "Jinx", role: "Marksman", tags: ["Marksman"] },
  { id: 5, name: "Thresh", role: "Support", tags: ["Support", "Fighter"] },
  { id: 6, name: "Leona", role: "Tank", tags: ["Tank", "Support"] },
  { id: 7, name: "Garen", role: "Fighter", tags: ["Fighter", "Tank"] },
  { id: 8, name: "Lee Sin", role: "Fighter", tags: ["Fighter", "Assassin"] },
  { id: 9, name: "Caitlyn", role: "Marksman", tags: ["Marksman"] },
  { id: 10, name: "Nautilus", role: "Tank", tags: ["Tank", "Support"] },
  { id: 11, name: "Viktor", role: "Mage", tags: ["Mage"] },
  { id: 12, name: "Darius", role: "Fighter", tags: ["Fighter", "Tank"] },
];
const IDS = CHAMPIONS.map((champion) => champion.id);
const STEP_MS = 100_000;

/** Our mid player's pool: Viktor (11), an S-tier comfort pick. */
const OURS_BLUE: OurPreparation = {
  side: "BLUE",
  pools: [{ player: "Faker", position: "mid", champions: [{ champion_id: 11, tier: "S" }] }],
  priorities: [],
};

function ok(result: ReturnType<typeof reduceRoom>): { state: RoomState; events: readonly RoomEventBody[] } {
  if (!result.ok) throw new Error(`rejected: ${result.code}`);
  return result;
}

/** A started live room whose turns all time out; `ban0` is locked by hand at step 0 when given. */
function started(ban0?: number): RoomState {
  let room = createRoom({ mode: "live", turn_ms: 1000, bank_ms: 0 }, { championIds: IDS });
  room = ok(reduceRoom(room, { role: "organiser", team: null }, { type: "start" }, 0)).state;
  if (ban0 !== undefined) {
    room = ok(
      reduceRoom(room, { role: "captain", team: "A" }, { type: "lock", step: 0, champion_id: ban0 }, 1),
    ).state;
  }
  return room;
}

/** Times out every turn until the first pick (bans are skipped). */
function toFirstPick(room: RoomState): RoomState {
  let state = room;
  let at = STEP_MS;
  while (nextStep(state.draft)?.type === "BAN") {
    state = ok(reduceRoom(state, "system", { type: "expire" }, at)).state;
    at += STEP_MS;
  }
  return state;
}

/** The champion the clock locks at the room's current step with our preparation (or none). */
function expireWith(room: RoomState, ours: OurPreparation | null, at: number): RoomEventBody {
  const ranked = autoPickRanking({ state: room.draft, champions: CHAMPIONS, ours }, IDS);
  return ok(reduceRoom(room, "system", { type: "expire", ranked }, at)).events[0]!;
}

describe("autoPickRanking: a timed-out pick respects our pools", () => {
  it("locks our player's comfort pick on our side, and the draft's own best without the pools", () => {
    const room = toFirstPick(started());
    expect(nextStep(room.draft)).toMatchObject({ type: "PICK", side: "BLUE" });
    const withPools = expireWith(room, OURS_BLUE, 10 * STEP_MS);
    expect(withPools).toMatchObject({ kind: "lock", action_type: "PICK", champion_id: 11, is_auto: true });
    const without = expireWith(room, null, 10 * STEP_MS);
    expect(without).toMatchObject({ kind: "lock", action_type: "PICK", is_auto: true });
    expect((without as { champion_id: number }).champion_id).not.toBe(11);
  });

  it("gives the other team's timed-out pick nothing of ours", () => {
    const room = toFirstPick(started());
    const theirs: OurPreparation = { ...OURS_BLUE, side: "RED" };
    expect(autoPickRanking({ state: room.draft, champions: CHAMPIONS, ours: theirs }, IDS)).toEqual(
      autoPickRanking({ state: room.draft, champions: CHAMPIONS }, IDS),
    );
  });

  it("is deterministic, whatever the order of the champions", () => {
    const room = toFirstPick(started());
    const a = autoPickRanking({ state: room.draft, champions: CHAMPIONS, ours: OURS_BLUE }, IDS);
    const b = autoPickRanking(
      { state: room.draft, champions: [...CHAMPIONS].reverse(), ours: OURS_BLUE },
      IDS,
    );
    expect(b).toEqual(a);
    expect(a[0]).toBe(11);
  });

  it("stays legal: a banned pool champion is passed over, and a whole timed-out draft never repeats one", () => {
    const banned = toFirstPick(started(11));
    const pick = expireWith(banned, OURS_BLUE, 10 * STEP_MS) as { champion_id: number | null };
    expect(pick.champion_id).not.toBeNull();
    expect(pick.champion_id).not.toBe(11);

    let state = toFirstPick(started());
    let at = 10 * STEP_MS;
    const picked: number[] = [];
    while (nextStep(state.draft)) {
      const step = nextStep(state.draft)!;
      const ranked = autoPickRanking({ state: state.draft, champions: CHAMPIONS, ours: OURS_BLUE }, IDS);
      const result = ok(reduceRoom(state, "system", { type: "expire", ranked }, at));
      const lock = result.events[0] as { champion_id: number | null };
      if (step.type === "PICK") {
        expect(lock.champion_id).not.toBeNull();
        picked.push(lock.champion_id!);
      }
      state = result.state;
      at += STEP_MS;
    }
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(picked).toContain(11);
  });
});
