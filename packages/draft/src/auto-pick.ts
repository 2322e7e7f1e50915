/**
 * What a live room's clock picks when a turn times out (decision record 061): the same ranking a
 * captain's suggestions use, so a workspace team's timed-out pick comes from its players' pools
 * and priorities like the captain's advice, then every other champion of the catalog so the pick is
 * always legal when one is available. Only the team whose turn it is and that is ours gets our
 * preparation; the other team's timed-out pick ranks on the draft alone (nothing of ours reaches it).
 */

import type { Side } from "./formats.ts";
import { type ChampionInfo, type PlayerPoolInput, type PriorityInput, recommend } from "./recommend.ts";
import { type DraftState, nextStep } from "./state.ts";

/** Our team's preparation in a room: the side it plays, its players' pools and its priorities. */
export interface OurPreparation {
  readonly side: Side;
  readonly pools: readonly PlayerPoolInput[];
  readonly priorities: readonly PriorityInput[];
}

/** How many ranked suggestions lead the order before the catalog. */
const AUTO_PICK_RANKED = 20;

/**
 * The order a timed-out pick tries (`expire`'s `ranked`): the top suggestions for the side whose
 * turn it is (with our pools and priorities when that side is ours), then the catalog's ids.
 * Deterministic: the same draft, champions and preparation give the same order.
 *
 * @example
 * autoPickRanking({ state, champions, ours: { side: "BLUE", pools, priorities: [] } }, catalogIds);
 * // [11, 3, ...] — Faker's comfort pick first while our mid is open
 */
export function autoPickRanking(
  input: {
    readonly state: DraftState;
    readonly champions: readonly ChampionInfo[];
    readonly ours?: OurPreparation | null | undefined;
  },
  catalogIds: readonly number[],
): number[] {
  const turnSide = nextStep(input.state)?.side;
  const ours = input.ours && input.ours.side === turnSide ? input.ours : undefined;
  const ranked = recommend({
    state: input.state,
    champions: input.champions,
    limit: AUTO_PICK_RANKED,
    ...(ours && ours.pools.length > 0 ? { pools: { [ours.side]: ours.pools } } : {}),
    ...(ours && ours.priorities.length > 0 ? { priorities: { [ours.side]: ours.priorities } } : {}),
  }).items.map((item) => item.champion_id);
  return [...ranked, ...catalogIds];
}
