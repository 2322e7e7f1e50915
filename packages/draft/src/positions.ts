/**
 * The positions a champion plays, for filters and labels: measured from match statistics where
 * they have the champion, else guessed from its Data Dragon tags (the same prior the
 * recommendation model starts from).
 */
import { type ChampionInfo, RECOMMEND_MODEL, rolePrior } from "./recommend.ts";
import { type DraftStatistics, POSITIONS, type Position } from "./statistics.ts";

/** A position counts when the champion plays it at least this share of its games. */
export const POSITION_MIN_SHARE = 0.2;

/**
 * The positions a champion plays, most played first. With statistics, each position's share is
 * its games there shrunk toward the tags' prior (a few pseudo-games), so one odd game does not
 * make a support a top laner; without statistics (or games) the prior alone decides.
 *
 * @example
 * championPositions({ id: 103, tags: ["Mage", "Assassin"] }); // ["mid", "jungle"]
 * championPositions({ id: 222, tags: ["Marksman"] }, stats); // ["bot"]
 */
export function championPositions(
  champion: ChampionInfo,
  statistics?: DraftStatistics | null,
  minShare = POSITION_MIN_SHARE,
): Position[] {
  const tags =
    champion.tags && champion.tags.length > 0 ? champion.tags : champion.role ? [champion.role] : [];
  const prior = rolePrior(tags);
  const row = statistics?.champions.find((entry) => entry.champion_id === champion.id);
  const games = POSITIONS.map((position) => row?.positions[position]?.games ?? 0);
  const total = games.reduce((sum, value) => sum + value, 0);
  const k = RECOMMEND_MODEL.positionPseudoCount;
  const share = POSITIONS.map((_, p) => (games[p]! + k * prior[p]!) / (total + k));
  return POSITIONS.map((position, p) => ({ position, share: share[p]! }))
    .filter((entry) => entry.share >= minShare)
    .sort((a, b) => b.share - a.share)
    .map((entry) => entry.position);
}

/**
 * Positions of a whole pool at once (champion id → positions), indexing the statistics once.
 *
 * @example
 * championPositionMap(champions, stats).get(103); // ["mid"]
 */
export function championPositionMap(
  champions: readonly ChampionInfo[],
  statistics?: DraftStatistics | null,
): Map<number, Position[]> {
  const rows = new Map((statistics?.champions ?? []).map((row) => [row.champion_id, row]));
  const map = new Map<number, Position[]>();
  for (const champion of champions) {
    const row = rows.get(champion.id);
    const single = row ? ({ champions: [row] } as unknown as DraftStatistics) : null;
    map.set(champion.id, championPositions(champion, single));
  }
  return map;
}
