/**
 * How well the modelled practice opponent predicts a real team: at each pick or ban a team made in
 * a held-out game, is its real choice in the top 10 of the team-weighted ranking (`rankOpponent`
 * with the team's profile from the training games), against the same ranking without the team
 * weighting (`recommend` alone)? Only teams with at least `minGames` training games count.
 *
 * Used by the quality bench (recommend-quality.ts): per fold with `tallyOpponentFold`, and on a
 * larger held-out set with `opponentLeaveOneOut` (each game scored against statistics and a profile
 * built from every OTHER game: no scored game is ever in its own training data).
 */
import {
  buildStatistics,
  buildTeamProfile,
  type ChampionInfo,
  type DraftActionInput,
  type DraftStatistics,
  fromActions,
  rankOpponent,
  type Side,
  type StatisticsGame,
  type TeamProfile,
  teamKey,
} from "@draftroom/draft";

export interface OpponentBenchGame {
  readonly id: string;
  readonly teams: Readonly<Record<Side, string>>;
  readonly statistics: StatisticsGame;
  /** The game's picks and bans in draft order (steps of the default order). */
  readonly events: readonly {
    readonly step: number;
    readonly side: Side;
    readonly type: "PICK" | "BAN";
    readonly champion_id: number | null;
  }[];
}

export interface OpponentTally {
  /** Choices scored, and how often the real one was in the top 10. */
  team: { n: number; hit10: number };
  global: { n: number; hit10: number };
}

export const opponentTally = (): OpponentTally => ({ team: { n: 0, hit10: 0 }, global: { n: 0, hit10: 0 } });

function stateBefore(game: OpponentBenchGame, index: number) {
  const actions: DraftActionInput[] = game.events.slice(0, index).map((e) => ({
    phase_number: e.step,
    action_type: e.type,
    team_side: e.side,
    champion_id: e.champion_id,
  }));
  return fromActions(actions);
}

const inTop10 = (ids: readonly number[], id: number) => {
  const index = ids.indexOf(id);
  return index >= 0 && index < 10;
};

/** Scores every choice of a team with ≥ `minGames` training games in `scored` into `tally`. */
export function tallyOpponentFold(
  tally: OpponentTally,
  training: readonly OpponentBenchGame[],
  scored: readonly OpponentBenchGame[],
  champions: readonly ChampionInfo[],
  statistics: DraftStatistics,
  minGames = 5,
  /** Which teams' choices to score (default: every team with enough games). */
  accept: (team: string) => boolean = () => true,
): void {
  const trainingGames = training.map((g) => g.statistics);
  const profiles = new Map<string, TeamProfile>();
  const profileOf = (name: string) => {
    const key = teamKey(name);
    let profile = profiles.get(key);
    if (!profile) {
      profile = buildTeamProfile(trainingGames, name);
      profiles.set(key, profile);
    }
    return profile;
  };
  for (const game of scored) {
    game.events.forEach((event, index) => {
      if (event.champion_id === null) return;
      if (!accept(game.teams[event.side])) return;
      const profile = profileOf(game.teams[event.side]);
      if (profile.games < minGames) return;
      const state = stateBefore(game, index);
      const common = { state, champions, statistics, side: event.side, action: event.type } as const;
      const weighted = rankOpponent({ ...common, profile }).items.map((i) => i.champion_id);
      const plain = rankOpponent({ ...common, profile: null }).items.map((i) => i.champion_id);
      tally.team.n += 1;
      tally.global.n += 1;
      if (inTop10(weighted, event.champion_id)) tally.team.hit10 += 1;
      if (inTop10(plain, event.champion_id)) tally.global.hit10 += 1;
    });
  }
}

/**
 * Leave-one-game-out over every game with a team that has ≥ `minGames` OTHER games: the larger
 * held-out set the small sample allows (statistics and profiles from the other games only).
 */
export function opponentLeaveOneOut(
  games: readonly OpponentBenchGame[],
  champions: readonly ChampionInfo[],
  minGames = 5,
): OpponentTally & { games: number; teams: string[] } {
  const tally = opponentTally();
  const counts = new Map<string, number>();
  for (const g of games)
    for (const name of Object.values(g.teams))
      counts.set(teamKey(name), (counts.get(teamKey(name)) ?? 0) + 1);
  const teams = new Set<string>();
  let scoredGames = 0;
  for (const game of games) {
    const qualifies = Object.values(game.teams).filter(
      (name) => (counts.get(teamKey(name)) ?? 0) - 1 >= minGames,
    );
    if (qualifies.length === 0) continue;
    for (const name of qualifies) teams.add(name);
    scoredGames += 1;
    const training = games.filter((g) => g.id !== game.id);
    const statistics = buildStatistics(
      training.map((g) => g.statistics),
      { calibrateWinModel: false },
    );
    tallyOpponentFold(tally, training, [game], champions, statistics, minGames);
  }
  return { ...tally, games: scoredGames, teams: [...teams].sort() };
}
