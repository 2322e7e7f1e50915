import type { PlayerPoolInput, PriorityInput } from "./recommend.ts";
import type { Position } from "./statistics.ts";

/**
 * Team priorities derived from the players' champion pools (decision record 029), for a
 * workspace whose coaches have not set any: a champion's tier is the best comfort tier any
 * active player has on it (S, A, B; "learning" is not a priority), in the positions of the
 * players who have it. Strongest first, then by champion id, so the list is stable. Each entry
 * is marked `fromPools`: `recommend` then counts it once with the same pool's comfort pick.
 *
 * @example
 * prioritiesFromPools([{ player: "Zeus", position: "top", champions: [{ champion_id: 7, tier: "S" }] }]);
 * // [{ champion_id: 7, tier: "S", positions: ["top"], fromPools: true }]
 */
export function prioritiesFromPools(pools: readonly PlayerPoolInput[]): PriorityInput[] {
  const order = { S: 0, A: 1, B: 2 } as const;
  const best = new Map<number, { tier: keyof typeof order; positions: Position[] }>();
  for (const pool of pools) {
    for (const entry of pool.champions) {
      if (entry.tier === "learning") continue;
      const known = best.get(entry.champion_id);
      if (!known) {
        best.set(entry.champion_id, { tier: entry.tier, positions: [pool.position] });
        continue;
      }
      if (order[entry.tier] < order[known.tier]) known.tier = entry.tier;
      if (!known.positions.includes(pool.position)) known.positions.push(pool.position);
    }
  }
  return [...best.entries()]
    .sort(([a, x], [b, y]) => order[x.tier] - order[y.tier] || a - b)
    .map(([champion_id, { tier, positions }]) => ({ champion_id, tier, positions, fromPools: true }));
}
