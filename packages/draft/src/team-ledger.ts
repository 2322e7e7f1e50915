/**
 * A team's own ledger of games (its scrims, or any games it recorded itself): what it played, with
 * what result, what it banned and what beat it. `recommend` uses it, for that team's own
 * recommendations only, as a signal apart from the professional statistics and labels it in the
 * reasons as "your own games" (decision 055). The statistics say what professionals do; the ledger
 * says what this team plays and what works for it.
 *
 * Signals, each a log-ratio that is 0 for a champion the ledger says nothing about:
 * - a pick: how often the team plays the champion (its rate shrunk toward the professional pick
 *   rate, as a team habit) and how the team does with it (its win rate with it, shrunk toward 50%);
 * - a ban: how often the team bans it, and how often it was on the other side when the team lost
 *   (its rate of beating the team, shrunk toward the professional pick rate).
 * The weights are fixed (`TEAM_LEDGER_MODEL`), not learned: professional games have no ledger to
 * learn them from, so the bench measures them forward instead (a pro team's earlier games as its
 * ledger, its later games as the test).
 */
/** One game of the ledger, seen from the team's side. */
export interface TeamLedgerGame {
  /** The team's champions. */
  readonly picks: readonly number[];
  /** The other team's champions. */
  readonly opponent_picks: readonly number[];
  /** The team's bans (empty when the game was played without bans or they were not recorded). */
  readonly bans?: readonly number[];
  /** Whether the team won; null when the result was not recorded (habits count it, results do not). */
  readonly won: boolean | null;
}

/** The ledger `recommend` takes: the advised team's own games (the scrim ledger fills it). */
export interface TeamLedgerInput {
  readonly games: readonly TeamLedgerGame[];
}

export const TEAM_LEDGER_MODEL = {
  /** Pseudo-games pulling the team's own pick and ban rates toward the professional rates. */
  pseudoGames: 4,
  /** Pseudo-games (at 50%) pulling the team's win rate with a champion toward even. */
  resultPseudoGames: 6,
  /** Weights of the signals (log scale, as the ranker's features). */
  pickWeight: 0.3,
  resultWeight: 0.5,
  banWeight: 0.3,
  threatWeight: 0.3,
  /** Fewest of the ledger's games behind a reason. */
  reasonGames: 2,
  /** Professional rate used when the statistics say nothing about a champion. */
  floorRate: 0.01,
} as const;

/** Per champion: [games, wins, decided games]. */
type Row = [number, number, number];

export interface TeamLedgerIndex {
  readonly games: number;
  /** The team's champions. */
  readonly played: ReadonlyMap<number, Row>;
  readonly bans: ReadonlyMap<number, number>;
  /** The other side's champions: [games against the team, games it beat the team, decided]. */
  readonly against: ReadonlyMap<number, Row>;
}

const indexes = new WeakMap<TeamLedgerInput, TeamLedgerIndex>();

/** Counts of a ledger (memoised per ledger object: a room passes the same one on every step). */
export function teamLedgerIndex(ledger: TeamLedgerInput): TeamLedgerIndex {
  const cached = indexes.get(ledger);
  if (cached) return cached;
  const played = new Map<number, Row>();
  const against = new Map<number, Row>();
  const bans = new Map<number, number>();
  const add = (map: Map<number, Row>, ids: readonly number[], win: boolean | null) => {
    for (const id of new Set(ids)) {
      const row = map.get(id) ?? [0, 0, 0];
      row[0] += 1;
      if (win !== null) {
        row[2] += 1;
        if (win) row[1] += 1;
      }
      map.set(id, row);
    }
  };
  for (const game of ledger.games) {
    add(played, game.picks, game.won);
    add(against, game.opponent_picks, game.won === null ? null : !game.won);
    for (const id of new Set(game.bans ?? [])) bans.set(id, (bans.get(id) ?? 0) + 1);
  }
  const index = { games: ledger.games.length, played, bans, against };
  indexes.set(ledger, index);
  return index;
}

/** log of a rate of `count` over `games`, shrunk toward `base`, relative to `base`. */
function lift(count: number, games: number, base: number): number {
  const b = Math.max(base, TEAM_LEDGER_MODEL.floorRate);
  const k = TEAM_LEDGER_MODEL.pseudoGames;
  return Math.log((count + k * b) / (games + k) / b);
}

export interface TeamLedgerSignal {
  /** What it adds to the champion's score. */
  readonly value: number;
  /** The ledger's figures behind it, for a reason (null when too few games to tell). */
  readonly reason:
    | {
        readonly kind: "picks";
        readonly times: number;
        readonly wins: number;
        /** Decided games with it that the team lost (games without a result are neither). */
        readonly losses: number;
        readonly count: number;
      }
    | { readonly kind: "bans"; readonly times: number; readonly count: number }
    | { readonly kind: "threat"; readonly times: number; readonly count: number }
    | null;
}

/**
 * The ledger's signal for one champion: for a pick, the team's habit with it and its results; for
 * a ban, the team's ban habit and how often the champion beat the team. `proRate` is the
 * champion's professional rate per game for the action (picks for a pick, bans for a ban);
 * `proPickRate` its pick rate (the base of the threat).
 *
 * @example
 * // played in 6 of 10 ledger games, 5 of them won, a 10% pick rate among professionals:
 * ledgerSignal(index, 412, "PICK", 0.1, 0.1).value; // ≈ 0.3 × 1.1 + 0.5 × 0.7
 */
export function ledgerSignal(
  index: TeamLedgerIndex,
  championId: number,
  action: "PICK" | "BAN",
  proRate: number,
  proPickRate: number,
): TeamLedgerSignal {
  const M = TEAM_LEDGER_MODEL;
  if (index.games === 0) return { value: 0, reason: null };
  if (action === "PICK") {
    const [games, wins, decided] = index.played.get(championId) ?? [0, 0, 0];
    const habit = lift(games, index.games, proRate);
    const k = M.resultPseudoGames;
    const result = Math.log((wins + k / 2) / (decided - wins + k / 2));
    const value = M.pickWeight * habit + M.resultWeight * result;
    return {
      value,
      reason:
        games >= M.reasonGames && value > 0
          ? { kind: "picks", times: games, wins, losses: decided - wins, count: index.games }
          : null,
    };
  }
  const banned = index.bans.get(championId) ?? 0;
  const [faced, beat] = index.against.get(championId) ?? [0, 0, 0];
  const banValue = M.banWeight * lift(banned, index.games, proRate);
  const threatValue = M.threatWeight * lift(beat, index.games, proPickRate);
  const value = banValue + threatValue;
  let reason: TeamLedgerSignal["reason"] = null;
  if (value > 0) {
    if (beat >= M.reasonGames && threatValue >= banValue)
      reason = { kind: "threat", times: beat, count: faced };
    else if (banned >= M.reasonGames) reason = { kind: "bans", times: banned, count: index.games };
    else if (beat >= M.reasonGames) reason = { kind: "threat", times: beat, count: faced };
  }
  return { value, reason };
}
