/**
 * Series in imported professional games. A record of pro games (Oracle's Elixir) names each game's
 * number in its match but not the match, nor whether the league plays fearless. Both matter to a
 * draft: in a fearless series every champion picked in an earlier game is gone for the rest of it,
 * so recommending or banning it is wasted. This module links each game to the earlier games of its
 * match, estimates from games already played which leagues play fearless, and gives the champions
 * a game of such a series cannot use: the `locked` a product series passes to `recommend`.
 */

/** What the series rules need of an imported game. */
export interface ProSeriesGame {
  readonly id: string;
  readonly league: string | null;
  /** ISO date or date-time ("2025-01-15 09:03:08" is read as UTC). */
  readonly date: string;
  /** The game's number in its match (1 for the first); null when unknown. */
  readonly game_number: number | null;
  readonly teams: { readonly BLUE: string | null; readonly RED: string | null };
  /** Champion ids picked by both teams (null: unknown). */
  readonly picks: readonly (number | null)[];
}

export const PRO_SERIES_MODEL = {
  /** Longest gap between two games of one match (a match is played in one sitting). */
  maxGapHours: 24,
  /**
   * A league's share of fearless series is shrunk toward the share over all leagues with this many
   * pseudo-games, and that overall share toward one half with one fearless and one other pseudo-game.
   */
  leaguePseudoGames: 2,
  /** A league is taken to play fearless when its estimated share is above this (no evidence: one half, no locks). */
  lockThreshold: 0.5,
} as const;

const timeOf = (date: string): number => {
  const iso = date.includes("T") ? date : date.replace(" ", "T");
  const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) || iso.length <= 10 ? iso : `${iso}Z`);
  return Number.isFinite(time) ? time : Number.NaN;
};

const pairKey = (game: ProSeriesGame): string | null => {
  const { BLUE, RED } = game.teams;
  if (!BLUE || !RED) return null;
  const [a, b] = [BLUE.trim().toLowerCase(), RED.trim().toLowerCase()].sort();
  return `${(game.league ?? "").trim().toLowerCase()}|${a}|${b}`;
};

/**
 * The earlier games of each game's match, oldest first: the latest earlier game of the same league
 * and the same two teams numbered one less, at most `maxGapHours` before it, and that game's own
 * earlier games. A game numbered 1, or whose previous game is missing, starts a match. Games are
 * compared by time, so the order of `games` does not matter.
 *
 * @example
 * const earlier = seriesEarlierGames(games);
 * earlier.get("game-3")?.map((g) => g.game_number); // [1, 2]
 */
export function seriesEarlierGames(
  games: readonly ProSeriesGame[],
): ReadonlyMap<string, readonly ProSeriesGame[]> {
  const maxGap = PRO_SERIES_MODEL.maxGapHours * 3_600_000;
  const ordered = games
    .map((game) => ({ game, time: timeOf(game.date), pair: pairKey(game) }))
    .filter((entry) => Number.isFinite(entry.time) && entry.pair !== null)
    .sort((a, b) => a.time - b.time || (a.game.game_number ?? 0) - (b.game.game_number ?? 0));
  const earlier = new Map<string, readonly ProSeriesGame[]>();
  const lastOfPair = new Map<string, { game: ProSeriesGame; time: number }>();
  for (const { game, time, pair } of ordered) {
    const previous = lastOfPair.get(pair!);
    const number = game.game_number;
    if (
      previous &&
      number !== null &&
      number > 1 &&
      previous.game.game_number === number - 1 &&
      time - previous.time <= maxGap
    ) {
      earlier.set(game.id, [...(earlier.get(previous.game.id) ?? []), previous.game]);
    }
    lastOfPair.set(pair!, { game, time });
  }
  return earlier;
}

/** The estimated share of fearless series, by league (lower case) and over all leagues. */
export interface FearlessEstimate {
  readonly byLeague: ReadonlyMap<string, number>;
  readonly overall: number;
}

const picksOf = (games: readonly ProSeriesGame[]): Set<number> => {
  const ids = new Set<number>();
  for (const game of games) for (const id of game.picks) if (id !== null) ids.add(id);
  return ids;
};

/**
 * Which leagues play fearless, from games already played: every game after the first of a match
 * whose picks repeat no champion of the match's earlier games counts for fearless. A normal draft
 * repeats the meta's champions from one game to the next, so a league whose later games never
 * repeat one plays fearless. Shrunk: an unseen league takes the overall share.
 */
export function estimateFearless(
  games: readonly ProSeriesGame[],
  earlier: ReadonlyMap<string, readonly ProSeriesGame[]> = seriesEarlierGames(games),
): FearlessEstimate {
  const counts = new Map<string, { games: number; fearless: number }>();
  let total = 0;
  let fearless = 0;
  for (const game of games) {
    const before = earlier.get(game.id);
    if (!before || before.length === 0) continue;
    const used = picksOf(before);
    const repeatFree = game.picks.every((id) => id === null || !used.has(id));
    const league = (game.league ?? "").trim().toLowerCase();
    const count = counts.get(league) ?? { games: 0, fearless: 0 };
    count.games += 1;
    if (repeatFree) count.fearless += 1;
    counts.set(league, count);
    total += 1;
    if (repeatFree) fearless += 1;
  }
  const overall = (fearless + 1) / (total + 2);
  const k = PRO_SERIES_MODEL.leaguePseudoGames;
  const byLeague = new Map<string, number>();
  for (const [league, count] of counts)
    byLeague.set(league, (count.fearless + k * overall) / (count.games + k));
  return { byLeague, overall };
}

/**
 * The champions a game cannot use when its league is taken to play fearless (both teams' picks of
 * the match's earlier games; the hard rule most leagues play), else none.
 */
export function fearlessLocks(
  game: ProSeriesGame,
  earlier: ReadonlyMap<string, readonly ProSeriesGame[]>,
  estimate: FearlessEstimate,
): number[] {
  const before = earlier.get(game.id);
  if (!before || before.length === 0) return [];
  const league = (game.league ?? "").trim().toLowerCase();
  const share = estimate.byLeague.get(league) ?? estimate.overall;
  if (!(share > PRO_SERIES_MODEL.lockThreshold)) return [];
  return [...picksOf(before)].sort((a, b) => a - b);
}
