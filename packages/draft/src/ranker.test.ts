import { afterEach, describe, expect, it } from "vitest";
import { DRAFT_SEQUENCE } from "./formats.ts";
import {
  F,
  FEATURE_COUNT,
  fitRanker,
  RANKER_FEATURES,
  RANKER_GROUPS,
  RANKER_MODEL,
  RANKER_WEIGHTS,
  type RankerGroup,
  type RankerList,
} from "./ranker.ts";
import { type ChampionInfo, handRankerWeights, rankerFeatures, recommend } from "./recommend.ts";
import { type DraftActionInput, fromActions } from "./state.ts";
import { buildStatistics, type Position, type StatisticsGame } from "./statistics.ts";

const shipped = RANKER_MODEL.weights;
afterEach(() => {
  RANKER_MODEL.weights = shipped;
});

/** A deterministic generator (mulberry32). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Choices drawn from a known softmax model over random features. */
function simulate(truth: number[], lists: number, seed: number, group: RankerGroup = "PICK1"): RankerList[] {
  const next = random(seed);
  const out: RankerList[] = [];
  for (let l = 0; l < lists; l++) {
    const m = 20;
    const features = new Float64Array(m * FEATURE_COUNT);
    const scores: number[] = [];
    for (let r = 0; r < m; r++) {
      let s = 0;
      for (let k = 0; k < FEATURE_COUNT; k++) {
        const x = next() * 2 - 1;
        features[r * FEATURE_COUNT + k] = x;
        s += truth[k]! * x;
      }
      scores.push(Math.exp(s));
    }
    const total = scores.reduce((a, b) => a + b, 0);
    let u = next() * total;
    let chosen = 0;
    while (chosen < m - 1 && u > scores[chosen]!) {
      u -= scores[chosen]!;
      chosen += 1;
    }
    out.push({ group, features, chosen, block: l % 4 });
  }
  return out;
}

const zeros = () => new Array<number>(FEATURE_COUNT).fill(0);
const priorOfZeros = () =>
  Object.fromEntries(RANKER_GROUPS.map((g) => [g, zeros()])) as Record<RankerGroup, number[]>;

describe("fitRanker: a conditional logit pulled toward the hand weights", () => {
  it("recovers the weights that generated the choices", () => {
    const truth = zeros();
    truth[F.prior] = 2;
    truth[F.fit] = -1;
    truth[F.pairs] = 0.5;
    const result = fitRanker(simulate(truth, 800, 7), { prior: priorOfZeros(), lambdas: [0.0001] });
    const w = result.weights.PICK1;
    expect(w[F.prior]).toBeCloseTo(2, 0);
    expect(w[F.fit]).toBeCloseTo(-1, 0);
    expect(w[F.pairs]).toBeCloseTo(0.5, 0);
    expect(Math.abs(w[F.win]!)).toBeLessThan(0.3);
    expect(result.lists.PICK1).toBe(800);
    // a group with no choices keeps its prior
    expect(result.weights.BAN2).toEqual(zeros());
  }, 60_000);

  it("stays at the prior under a strong pull, and chooses the pull on held-out blocks", () => {
    const truth = zeros();
    truth[F.prior] = 2;
    const lists = simulate(truth, 200, 11);
    const prior = priorOfZeros();
    prior.PICK1[F.prior] = -0.5;
    const pulled = fitRanker(lists, { prior, lambdas: [1000] });
    expect(pulled.weights.PICK1[F.prior]).toBeCloseTo(-0.5, 1);
    const chosen = fitRanker(lists, { prior, lambdas: [0.001, 1000] });
    // the held-out blocks prefer the data's weight over a prior of the wrong sign
    expect(chosen.lambda.PICK1).toBe(0.001);
    expect(chosen.weights.PICK1[F.prior]).toBeGreaterThan(1.5);
  }, 60_000);
});

const POOL: ChampionInfo[] = [
  { id: 1, name: "Ahri", tags: ["Mage", "Assassin"] },
  { id: 2, name: "Zed", tags: ["Assassin"] },
  { id: 3, name: "Syndra", tags: ["Mage"] },
  { id: 4, name: "Jinx", tags: ["Marksman"] },
  { id: 5, name: "Thresh", tags: ["Support", "Fighter"] },
  { id: 6, name: "Leona", tags: ["Tank", "Support"] },
  { id: 7, name: "Garen", tags: ["Fighter", "Tank"] },
  { id: 8, name: "Lee Sin", tags: ["Fighter", "Assassin"] },
];
const POSITION_OF: Record<number, Position> = {
  1: "mid",
  2: "mid",
  3: "mid",
  4: "bot",
  5: "support",
  6: "support",
  7: "top",
  8: "jungle",
};

function games(): StatisticsGame[] {
  const out: StatisticsGame[] = [];
  for (let g = 0; g < 12; g++) {
    const blue = g % 2 === 0 ? [7, 8, 1, 4, 5] : [7, 8, 3, 4, 6];
    const red = g % 3 === 0 ? [7, 8, 2, 4, 6] : [7, 8, 3, 4, 5];
    const used = new Set<number>();
    const pickSteps = DRAFT_SEQUENCE.filter((s) => s.type === "PICK");
    const picks = pickSteps.flatMap((step, k) => {
      const list = step.side === "BLUE" ? blue : red;
      const id = list[pickSteps.slice(0, k).filter((s) => s.side === step.side).length]!;
      if (used.has(id)) return [];
      used.add(id);
      return [{ champion_id: id, position: POSITION_OF[id]!, side: step.side, step: step.index }];
    });
    out.push({
      winner: g % 2 === 0 ? "BLUE" : "RED",
      patch: "15.01",
      teams: { BLUE: "Alpha", RED: "Beta" },
      picks,
      bans: [],
    });
  }
  return out;
}

function state(ids: (number | null)[]) {
  const actions: DraftActionInput[] = ids.map((id, i) => ({
    phase_number: i,
    action_type: DRAFT_SEQUENCE[i]!.type,
    team_side: DRAFT_SEQUENCE[i]!.side,
    champion_id: id,
  }));
  return fromActions(actions);
}

describe("recommend with ranker weights", () => {
  const statistics = buildStatistics(games());
  const input = {
    state: state([null, null, null, null, null, null, 7]),
    champions: POOL,
    statistics,
    limit: 100,
  };

  it("scores each champion as its features times the phase's weights (plus the fixed bonuses)", () => {
    const weights = handRankerWeights();
    weights.PICK1 = weights.PICK1.map((w, k) => (k === F.prior ? 2 : w));
    RANKER_MODEL.weights = { features: [...RANKER_FEATURES], weights };
    const choice = rankerFeatures(input);
    expect(choice.group).toBe("PICK1");
    const result = recommend(input);
    for (const item of result.items) {
      const r = choice.ids.indexOf(item.champion_id);
      let expected = 0;
      for (let k = 0; k < FEATURE_COUNT; k++)
        expected += weights.PICK1[k]! * choice.features[r * FEATURE_COUNT + k]!;
      expect(item.score).toBeCloseTo(expected, 3);
    }
    // Garen is picked: never a candidate
    expect(choice.ids).not.toContain(7);
  });

  it("orders a suggestion's reasons by what moved it most", () => {
    // a ranker that weighs only the composition: "adds frontline" comes before presence
    const only = (feature: number) => {
      const w = zeros();
      w[feature] = 1;
      return w;
    };
    const weights = Object.fromEntries(RANKER_GROUPS.map((g) => [g, only(F.composition)])) as Record<
      RankerGroup,
      number[]
    >;
    RANKER_MODEL.weights = { features: [...RANKER_FEATURES], weights };
    const later = { ...input, state: state([null, null, null, null, null, null, 7, 1, 2, 8]) };
    const leona = recommend(later).items.find((item) => item.champion_id === 6);
    const keys = leona?.reasons.map((reason) => reason.key) ?? [];
    if (keys.includes("recommend.reason.adds_frontline")) {
      expect(keys[0]).toBe("recommend.reason.adds_frontline");
    }
    // with the weight on presence instead, a specific reason that did not move it comes after presence
    const presence = Object.fromEntries(RANKER_GROUPS.map((g) => [g, only(F.prior)])) as Record<
      RankerGroup,
      number[]
    >;
    RANKER_MODEL.weights = { features: [...RANKER_FEATURES], weights: presence };
    for (const item of recommend(later).items) {
      const order = item.reasons.map((reason) => reason.key);
      const generic = order.findIndex(
        (key) => key === "recommend.reason.presence" || key === "recommend.reason.contested",
      );
      const comp = order.indexOf("recommend.reason.adds_frontline");
      if (generic >= 0 && comp >= 0) expect(comp).toBeGreaterThan(generic);
    }
  });
});

describe("the shipped ranker weights", () => {
  it("match the features, cover every phase and record their training window", () => {
    expect(RANKER_WEIGHTS.features).toEqual([...RANKER_FEATURES]);
    for (const group of RANKER_GROUPS) {
      expect(RANKER_WEIGHTS.weights[group]).toHaveLength(FEATURE_COUNT);
      for (const w of RANKER_WEIGHTS.weights[group]) expect(Number.isFinite(w)).toBe(true);
    }
    expect(shipped).toBe(RANKER_WEIGHTS);
    const window = RANKER_WEIGHTS.training as { first_day: string; last_day: string; games: number };
    // never past the last day the development data may use (issue 35)
    expect(window.last_day <= "2025-01-18").toBe(true);
    expect(window.first_day <= window.last_day).toBe(true);
    expect(window.games).toBeGreaterThan(0);
  });
});
