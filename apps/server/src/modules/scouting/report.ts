import {
  COMFORT_MIN_GAMES,
  POSITIONS,
  type Position,
  SCOUTING_TOP,
  type ScoutingChampion,
  type ScoutingDetails,
  type ScoutingRecord,
  type ScoutingReport,
} from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";

/**
 * The scouting report's numbers, from a team's games as plain data. Pure (no I/O): the repository
 * loads the games of both databases into this shape and everything is counted here once.
 */

/** One game of the scouted team, from an imported professional game or one of the user's drafts. */
export interface ScoutingGame {
  source: "match" | "draft";
  /** Imported: the file's date ("2025-01-11 11:11:24"); draft: its completion time (ISO). */
  date: string;
  /** Null for the user's own drafts. */
  patch: string | null;
  /** The side the scouted team played. */
  side: Side;
  opponent: string;
  winner: Side | null;
  /** The scouted team's picks only: `order` 1-5 within the team, `phase` 1 or 2 (null: unknown). */
  picks: readonly {
    champion_id: number;
    position: Position | null;
    player: string;
    order: number | null;
    phase: 1 | 2 | null;
  }[];
  /** Both teams' bans (`side` is who banned); `phase` null when the order is unknown. */
  bans: readonly { side: Side; champion_id: number; phase: 1 | 2 | null }[];
}

/**
 * Code-point order of two strings: ties read the same everywhere, and at a season's scale
 * (thousands of comparisons per report) `localeCompare` costs tens of milliseconds.
 */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Champion names for the output; an unknown id reads as "". */
export type ChampionNames = ReadonlyMap<number, string>;

interface Tally {
  count: number;
  wins: number;
  decided: number;
}

class Counter {
  private readonly tallies = new Map<number, Tally>();

  add(championId: number, won: boolean | null): void {
    let tally = this.tallies.get(championId);
    if (!tally) {
      tally = { count: 0, wins: 0, decided: 0 };
      this.tallies.set(championId, tally);
    }
    tally.count += 1;
    if (won !== null) {
      tally.decided += 1;
      if (won) tally.wins += 1;
    }
  }

  /** Every champion, most counted first (then by name, then id, so ties read the same everywhere). */
  ranked(names: ChampionNames, limit = SCOUTING_TOP): ScoutingChampion[] {
    return [...this.tallies]
      .map(([champion_id, tally]) => ({ champion_id, name: names.get(champion_id) ?? "", ...tally }))
      .sort((a, b) => b.count - a.count || byText(a.name, b.name) || a.champion_id - b.champion_id)
      .slice(0, limit);
  }

  entries(): [number, Tally][] {
    return [...this.tallies];
  }
}

/** The team's result in a game: true won, false lost, null unrecorded. */
export function wonGame(game: Pick<ScoutingGame, "side" | "winner">): boolean | null {
  return game.winner === null ? null : game.winner === game.side;
}

/**
 * Games, wins and win rate of a list of games.
 *
 * @example
 * recordOf([{ side: "BLUE", winner: "BLUE" }, { side: "RED", winner: null }]);
 * // { games: 2, wins: 1, decided: 1, win_rate: 1 }
 */
export function recordOf(games: readonly Pick<ScoutingGame, "side" | "winner">[]): ScoutingRecord {
  let wins = 0;
  let decided = 0;
  for (const game of games) {
    const won = wonGame(game);
    if (won === null) continue;
    decided += 1;
    if (won) wins += 1;
  }
  return { games: games.length, wins, decided, win_rate: decided === 0 ? null : wins / decided };
}

/**
 * The summary (record, sides, sources, date range) and the details of a team's games.
 *
 * @example
 * const { summary, details } = buildScoutingReport(games, names);
 * summary.sides.BLUE.win_rate; // 0.5
 * details.bans_received[0]; // { champion_id: 64, name: "Lee Sin", count: 3, wins: 1, decided: 3 }
 */
export function buildScoutingReport(
  games: readonly ScoutingGame[],
  names: ChampionNames,
): { summary: ScoutingReport["summary"]; details: ScoutingDetails } {
  const picks = new Counter();
  const picksBySide = { BLUE: new Counter(), RED: new Counter() };
  const picksByPhase: readonly [Counter, Counter] = [new Counter(), new Counter()];
  const bans = new Counter();
  const bansBySide = { BLUE: new Counter(), RED: new Counter() };
  const bansByPhase: readonly [Counter, Counter] = [new Counter(), new Counter()];
  const received = new Counter();
  const firstPicks = { BLUE: new Counter(), RED: new Counter() };
  const byPosition = new Map<Position, { games: number; champions: Counter }>();
  const byPlayer = new Map<
    string,
    { player: string; position: Position; games: number; wins: number; champions: Counter }
  >();

  let matches = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const game of games) {
    if (game.source === "match") matches += 1;
    const day = game.date.slice(0, 10);
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
    const won = wonGame(game);
    for (const pick of game.picks) {
      picks.add(pick.champion_id, won);
      picksBySide[game.side].add(pick.champion_id, won);
      if (pick.phase !== null) picksByPhase[pick.phase === 1 ? 0 : 1].add(pick.champion_id, won);
      if (pick.order === 1) firstPicks[game.side].add(pick.champion_id, won);
      if (pick.position === null) continue;
      let position = byPosition.get(pick.position);
      if (!position) {
        position = { games: 0, champions: new Counter() };
        byPosition.set(pick.position, position);
      }
      position.games += 1;
      position.champions.add(pick.champion_id, won);
      if (pick.player === "") continue;
      const key = `${pick.position}\u0000${pick.player}`;
      let player = byPlayer.get(key);
      if (!player) {
        player = {
          player: pick.player,
          position: pick.position,
          games: 0,
          wins: 0,
          champions: new Counter(),
        };
        byPlayer.set(key, player);
      }
      player.games += 1;
      if (won) player.wins += 1;
      player.champions.add(pick.champion_id, won);
    }
    for (const ban of game.bans) {
      if (ban.side === game.side) {
        bans.add(ban.champion_id, won);
        bansBySide[game.side].add(ban.champion_id, won);
        if (ban.phase !== null) bansByPhase[ban.phase === 1 ? 0 : 1].add(ban.champion_id, won);
      } else {
        received.add(ban.champion_id, won);
      }
    }
  }

  const positionOrder = (position: Position) => POSITIONS.indexOf(position);
  const comfort: ScoutingDetails["comfort"] = [];
  for (const [position, entry] of byPosition) {
    for (const [champion_id, tally] of entry.champions.entries()) {
      if (tally.count < COMFORT_MIN_GAMES) continue;
      comfort.push({ champion_id, name: names.get(champion_id) ?? "", position, ...tally });
    }
  }
  const winShare = (tally: Tally) => (tally.decided === 0 ? 0 : tally.wins / tally.decided);
  comfort.sort(
    (a, b) =>
      b.count - a.count ||
      winShare(b) - winShare(a) ||
      byText(a.name, b.name) ||
      positionOrder(a.position) - positionOrder(b.position),
  );

  const recent = [...games]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, SCOUTING_TOP)
    .map((game) => ({
      source: game.source,
      date: game.date,
      patch: game.patch,
      side: game.side,
      opponent: game.opponent,
      won: wonGame(game),
    }));

  return {
    summary: {
      record: recordOf(games),
      sides: {
        BLUE: recordOf(games.filter((game) => game.side === "BLUE")),
        RED: recordOf(games.filter((game) => game.side === "RED")),
      },
      sources: { matches, drafts: games.length - matches },
      first_date: first,
      last_date: last,
    },
    details: {
      picks: picks.ranked(names),
      picks_by_side: { BLUE: picksBySide.BLUE.ranked(names), RED: picksBySide.RED.ranked(names) },
      picks_by_phase: { first: picksByPhase[0].ranked(names), second: picksByPhase[1].ranked(names) },
      bans: bans.ranked(names),
      bans_by_side: { BLUE: bansBySide.BLUE.ranked(names), RED: bansBySide.RED.ranked(names) },
      bans_by_phase: { first: bansByPhase[0].ranked(names), second: bansByPhase[1].ranked(names) },
      bans_received: received.ranked(names),
      first_picks: { BLUE: firstPicks.BLUE.ranked(names, 5), RED: firstPicks.RED.ranked(names, 5) },
      positions: POSITIONS.flatMap((position) => {
        const entry = byPosition.get(position);
        return entry ? [{ position, games: entry.games, champions: entry.champions.ranked(names, 8) }] : [];
      }),
      players: [...byPlayer.values()]
        .sort(
          (a, b) =>
            positionOrder(a.position) - positionOrder(b.position) ||
            b.games - a.games ||
            byText(a.player, b.player),
        )
        .map((player) => ({
          player: player.player,
          position: player.position,
          games: player.games,
          wins: player.wins,
          champions: player.champions.ranked(names, 5),
        })),
      comfort: comfort.slice(0, SCOUTING_TOP),
      recent,
    },
  };
}

/**
 * What a team has left per position in a fearless series: its pool there is every champion it
 * played in that position in the games given; `locked` is what the series rules
 * (packages/draft `lockedFor`) forbid the team in the coming game.
 *
 * @example
 * remainingDepth(games, new Set([64]), names);
 * // [{ position: "jungle", total: 3, left: 2, available: [{ champion_id: 234, name: "Viego", count: 4 }, …] }, …]
 */
export function remainingDepth(
  games: readonly ScoutingGame[],
  locked: { has(id: number): boolean },
  names: ChampionNames,
): { position: Position; total: number; left: number; available: ScoutingChampionCount[] }[] {
  const pools = new Map<Position, Map<number, number>>();
  for (const game of games) {
    for (const pick of game.picks) {
      if (pick.position === null) continue;
      let pool = pools.get(pick.position);
      if (!pool) {
        pool = new Map();
        pools.set(pick.position, pool);
      }
      pool.set(pick.champion_id, (pool.get(pick.champion_id) ?? 0) + 1);
    }
  }
  return POSITIONS.flatMap((position) => {
    const pool = pools.get(position);
    if (!pool) return [];
    const available = [...pool]
      .filter(([id]) => !locked.has(id))
      .map(([champion_id, count]) => ({ champion_id, name: names.get(champion_id) ?? "", count }))
      .sort((a, b) => b.count - a.count || byText(a.name, b.name) || a.champion_id - b.champion_id);
    return [{ position, total: pool.size, left: available.length, available }];
  });
}

export interface ScoutingChampionCount {
  champion_id: number;
  name: string;
  count: number;
}

/**
 * Champions both teams pick, with each team's count, most shared first.
 *
 * @example
 * sharedPicks(a.picks, b.picks); // [{ champion_id: 157, name: "Yasuo", a: 4, b: 2 }]
 */
export function sharedPicks(
  a: readonly ScoutingGame[],
  b: readonly ScoutingGame[],
  names: ChampionNames,
): { champion_id: number; name: string; a: number; b: number }[] {
  const tally = (games: readonly ScoutingGame[]) => {
    const counts = new Map<number, number>();
    for (const game of games)
      for (const pick of game.picks) counts.set(pick.champion_id, (counts.get(pick.champion_id) ?? 0) + 1);
    return counts;
  };
  const left = tally(a);
  const right = tally(b);
  return [...left]
    .filter(([id]) => right.has(id))
    .map(([champion_id, count]) => ({
      champion_id,
      name: names.get(champion_id) ?? "",
      a: count,
      b: right.get(champion_id)!,
    }))
    .sort(
      (x, y) => Math.min(y.a, y.b) - Math.min(x.a, x.b) || y.a + y.b - (x.a + x.b) || byText(x.name, y.name),
    )
    .slice(0, SCOUTING_TOP);
}
