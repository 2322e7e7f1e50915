/**
 * The review of a finished practice draft: the win estimate of both compositions, where each of
 * the user's picks and bans stood in the model at that moment (and the best alternative with its
 * reason), which of the opponent's choices its history made likely, and three take-aways as i18n
 * keys with params. Plain JSON, stored with the draft.
 */
import type { ActionType, Side } from "./formats.ts";
import { type OpponentRanking, rankOpponent, type TeamProfile } from "./opponent.ts";
import { type ChampionInfo, type Reason, recommend } from "./recommend.ts";
import { type DraftState, truncate } from "./state.ts";
import type { DraftStatistics } from "./statistics.ts";
import { estimateWin } from "./win.ts";

export const PRACTICE_REVIEW = {
  /** A user's choice this high in the model's ranking counts as agreeing with it. */
  goodRank: 3,
  /** An opponent's choice this high in its team-weighted ranking was likely given its history. */
  likelyRank: 5,
} as const;

export const PRACTICE_TAKEAWAY_KEYS = [
  "practice.takeaway.agreement",
  "practice.takeaway.gap",
  "practice.takeaway.all_strong",
  "practice.takeaway.surprise",
  "practice.takeaway.predictable",
  "practice.takeaway.no_history",
  // Appended (decision 026): the opponent's take-away speaks of picks only (no "answer" to a ban).
  "practice.takeaway.surprise_pick",
  "practice.takeaway.predictable_picks",
] as const;
export type PracticeTakeawayKey = (typeof PRACTICE_TAKEAWAY_KEYS)[number];

export interface PracticeTakeaway {
  readonly key: PracticeTakeawayKey;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface PracticeUserMove {
  readonly step: number;
  readonly action: ActionType;
  readonly champion_id: number;
  /** 1-based rank of the choice in the model at that moment (null: the model did not rank it). */
  readonly rank: number | null;
  /** The model's first choice when it was not this one, with its reasons. */
  readonly best: { readonly champion_id: number; readonly reasons: readonly Reason[] } | null;
}

export interface PracticeOpponentMove {
  readonly step: number;
  readonly action: ActionType;
  readonly champion_id: number;
  /** Rank in the team-weighted ranking at that moment. */
  readonly rank: number | null;
  /** Its history suggested it: done in at least one of its games and high in its ranking. */
  readonly likely: boolean;
  /** Games of the team's history with this action and champion. */
  readonly history_games: number;
}

export interface PracticeReview {
  readonly version: 1;
  readonly user_side: Side;
  readonly opponent: { readonly name: string; readonly games: number };
  /** The user's composition's chance to win, with its 90% interval (null without decided games). */
  readonly win: {
    readonly user: number;
    readonly low: number;
    readonly high: number;
    readonly games: number;
    readonly basis: "draft" | "base_rate";
    readonly sufficient: boolean;
  } | null;
  readonly user_moves: readonly PracticeUserMove[];
  readonly opponent_moves: readonly PracticeOpponentMove[];
  readonly takeaways: readonly PracticeTakeaway[];
}

export interface PracticeReviewInput {
  /** The finished draft, with its format and locks. */
  readonly state: DraftState;
  readonly userSide: Side;
  readonly opponentName: string;
  readonly profile: TeamProfile | null;
  readonly champions: readonly ChampionInfo[];
  readonly statistics?: DraftStatistics | null;
}

const rankOf = (ids: readonly number[], id: number) => {
  const index = ids.indexOf(id);
  return index < 0 ? null : index + 1;
};

/**
 * Reviews a finished practice draft.
 *
 * @example
 * const review = reviewPractice({ state, userSide: "BLUE", opponentName: "T1", profile, champions, statistics });
 * review.user_moves[0]; // { step: 0, action: "BAN", champion_id: 157, rank: 2, best: { champion_id: 103, reasons: [...] } }
 */
export function reviewPractice(input: PracticeReviewInput): PracticeReview {
  const { state, userSide, profile } = input;
  const opponentSide: Side = userSide === "BLUE" ? "RED" : "BLUE";
  const names = new Map(input.champions.map((c) => [c.id, c.name ?? String(c.id)]));
  const name = (id: number) => names.get(id) ?? String(id);
  const userMoves: PracticeUserMove[] = [];
  const opponentMoves: PracticeOpponentMove[] = [];
  state.actions.forEach((action, step) => {
    if (action.champion_id === null) return;
    const before = truncate(state, step);
    if (action.team_side === userSide) {
      const ranking = recommend({
        state: before,
        champions: input.champions,
        side: userSide,
        action: action.action_type,
        statistics: input.statistics ?? null,
        teams: { [opponentSide]: input.opponentName },
        limit: input.champions.length,
      });
      const ids = ranking.items.map((item) => item.champion_id);
      const top = ranking.items[0];
      userMoves.push({
        step,
        action: action.action_type,
        champion_id: action.champion_id,
        rank: rankOf(ids, action.champion_id),
        best:
          top && top.champion_id !== action.champion_id
            ? { champion_id: top.champion_id, reasons: top.reasons.slice(0, 2) }
            : null,
      });
    } else {
      const ranking: OpponentRanking = rankOpponent({
        state: before,
        champions: input.champions,
        statistics: input.statistics ?? null,
        profile,
        side: opponentSide,
        action: action.action_type,
      });
      const rank = rankOf(
        ranking.items.map((item) => item.champion_id),
        action.champion_id,
      );
      const counts = action.action_type === "PICK" ? profile?.picks.all : profile?.bans.all;
      const historyGames = counts?.get(action.champion_id) ?? 0;
      opponentMoves.push({
        step,
        action: action.action_type,
        champion_id: action.champion_id,
        rank,
        likely: rank !== null && rank <= PRACTICE_REVIEW.likelyRank && historyGames > 0,
        history_games: historyGames,
      });
    }
  });

  const estimate = estimateWin(state, input.statistics);
  const win = estimate
    ? userSide === "BLUE"
      ? { user: estimate.blue, low: estimate.low, high: estimate.high }
      : { user: round3(1 - estimate.blue), low: round3(1 - estimate.high), high: round3(1 - estimate.low) }
    : null;

  return {
    version: 1,
    user_side: userSide,
    opponent: { name: profile?.name ?? input.opponentName, games: profile?.games ?? 0 },
    win:
      win && estimate
        ? { ...win, games: estimate.games, basis: estimate.basis, sufficient: estimate.sufficient }
        : null,
    user_moves: userMoves,
    opponent_moves: opponentMoves,
    takeaways: takeaways(userMoves, opponentMoves, profile?.name ?? input.opponentName, profile, name),
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Whether the opponent's choice was new for it: never made (this action, this champion) in any
 * game of its history. A choice it made even once is in its history, so never a surprise.
 *
 * @example
 * isSurprise({ history_games: 0 }); // true
 * isSurprise({ history_games: 1 }); // false
 */
export function isSurprise(move: Pick<PracticeOpponentMove, "history_games">): boolean {
  return move.history_games === 0;
}

/** Exactly three take-aways: agreement with the model, the biggest gap, the opponent's play. */
function takeaways(
  user: readonly PracticeUserMove[],
  opponent: readonly PracticeOpponentMove[],
  team: string,
  profile: TeamProfile | null,
  name: (id: number) => string,
): PracticeTakeaway[] {
  const good = user.filter((m) => m.rank !== null && m.rank <= PRACTICE_REVIEW.goodRank).length;
  const out: PracticeTakeaway[] = [
    {
      key: "practice.takeaway.agreement",
      params: { top: good, count: user.length, rank: PRACTICE_REVIEW.goodRank },
    },
  ];
  // The user's choice the model liked least (ties: the earliest), when it was outside the top.
  const worst = [...user]
    .filter((m) => m.best !== null && (m.rank ?? Number.POSITIVE_INFINITY) > PRACTICE_REVIEW.goodRank)
    .sort((a, b) => (b.rank ?? 999) - (a.rank ?? 999) || a.step - b.step)[0];
  out.push(
    worst?.best
      ? {
          key: "practice.takeaway.gap",
          params: {
            step: worst.step + 1,
            chosen: name(worst.champion_id),
            champion: name(worst.best.champion_id),
            champion_id: worst.best.champion_id,
            rank: worst.rank ?? 0,
          },
        }
      : {
          key: "practice.takeaway.all_strong",
          params: { count: user.length, rank: PRACTICE_REVIEW.goodRank },
        },
  );
  out.push(opponentTakeaway(opponent, team, profile?.games ?? 0, name));
  return out;
}

/** The third take-away: the opponent's picks against its history (only a pick needs an answer). */
function opponentTakeaway(
  opponent: readonly PracticeOpponentMove[],
  team: string,
  games: number,
  name: (id: number) => string,
): PracticeTakeaway {
  if (games === 0) return { key: "practice.takeaway.no_history", params: { team } };
  // A surprise ban is no champion to prepare against.
  const picks = opponent.filter((m) => m.action === "PICK");
  const surprises = picks.filter(isSurprise);
  const biggest = [...surprises].sort((a, b) => (b.rank ?? 999) - (a.rank ?? 999) || a.step - b.step)[0];
  return biggest
    ? {
        key: "practice.takeaway.surprise_pick",
        params: {
          team,
          champion: name(biggest.champion_id),
          champion_id: biggest.champion_id,
          count: surprises.length,
          games,
        },
      }
    : { key: "practice.takeaway.predictable_picks", params: { team, count: picks.length } };
}

/** Keys of the third take-away in reviews saved before it spoke of picks only. */
const LEGACY_OPPONENT_TAKEAWAYS: ReadonlySet<PracticeTakeawayKey> = new Set([
  "practice.takeaway.surprise",
  "practice.takeaway.predictable",
]);

/**
 * A saved review's take-aways as they read today: a review saved before the opponent take-away
 * spoke of picks only (it could ask for an answer to a champion the team only banned) gets that
 * take-away again from its own opponent moves; the others are as saved.
 *
 * @example
 * currentTakeaways(savedReview, (id) => names.get(id) ?? `#${id}`)[2]?.key; // "practice.takeaway.predictable_picks"
 */
export function currentTakeaways(
  review: Pick<PracticeReview, "takeaways" | "opponent" | "opponent_moves">,
  name: (id: number) => string,
): PracticeTakeaway[] {
  return review.takeaways.map((takeaway) =>
    LEGACY_OPPONENT_TAKEAWAYS.has(takeaway.key)
      ? opponentTakeaway(review.opponent_moves, review.opponent.name, review.opponent.games, name)
      : takeaway,
  );
}
