import type { DraftAction, DraftFormatSpecBody, DraftSession, Series } from "@draftroom/contracts";
import {
  type BoardSlot,
  type BoardTeam,
  buildBoardView,
  buildFormat,
  fromActions,
  type Side,
} from "@draftroom/draft";
import type { PlanSheetCard } from "./plan-sheet.ts";

/**
 * What a draft image shows, as plain data: built from the board view model (packages/draft
 * `buildBoardView`), so the image agrees with every screen. The image cache keys on a hash of
 * this model: any change of the draft (an action added or removed, a result, a renamed team)
 * gives a new key, in every process, without an invalidation call.
 */

export interface CardChampion {
  readonly name: string;
  readonly key: string;
}

export interface CardSlot {
  /** `filled` (locked), `skipped` (a ban nobody made), `next` (on the clock), `empty` (later). */
  readonly state: "filled" | "skipped" | "next" | "empty";
  readonly champion: CardChampion | null;
}

export interface CardTeam {
  readonly side: Side;
  readonly name: string;
  /** The roster's player names, top to support, where a workspace knows them (else empty). */
  readonly players: readonly string[];
  readonly picks: readonly CardSlot[];
  readonly bans: readonly CardSlot[];
}

export interface DraftCard {
  readonly kind: "draft";
  readonly title: string;
  readonly league: string | null;
  /** ISO timestamp the card dates the draft by (its last change). */
  readonly date: string;
  readonly phase: 1 | 2 | 3 | 4;
  readonly complete: boolean;
  readonly winner: Side | null;
  /** "Game 2 of Finals prep" when the draft is a game of a series. */
  readonly series: { readonly title: string; readonly game: number } | null;
  readonly blue: CardTeam;
  readonly red: CardTeam;
}

export interface SeriesCardGame {
  readonly number: number;
  readonly blueTeam: "A" | "B";
  readonly winner: "A" | "B" | null;
  readonly complete: boolean;
  readonly blue: CardTeam;
  readonly red: CardTeam;
}

export interface SeriesCard {
  readonly kind: "series";
  readonly title: string;
  readonly league: string | null;
  readonly date: string;
  readonly bestOf: number;
  readonly teamA: string;
  readonly teamB: string;
  readonly score: { readonly A: number; readonly B: number };
  readonly winner: "A" | "B" | null;
  readonly complete: boolean;
  readonly games: readonly SeriesCardGame[];
}

export type Card = DraftCard | SeriesCard | PlanSheetCard;

type ActionLike = Pick<
  DraftAction,
  "phase_number" | "action_type" | "team_side" | "champion_id" | "champion"
>;

function cardSlot(slot: BoardSlot<CardChampion & { id: number }>): CardSlot {
  const state = slot.state === "hover" ? "next" : slot.state;
  const champion =
    slot.state === "filled" && slot.champion ? { name: slot.champion.name, key: slot.champion.key } : null;
  return { state, champion };
}

function cardTeam(team: BoardTeam<CardChampion & { id: number }>): CardTeam {
  return {
    side: team.side,
    name: team.name,
    players: [],
    picks: team.picks.map(cardSlot),
    bans: team.bans.map(cardSlot),
  };
}

/** Both teams' slots of a saved draft in its format, through the board view model. */
function boardOf(actions: readonly ActionLike[], format: DraftFormatSpecBody, names: Record<Side, string>) {
  const champions = new Map(
    actions.flatMap((action) =>
      action.champion
        ? [
            [
              action.champion.id,
              { id: action.champion.id, name: action.champion.name, key: action.champion.champion_key },
            ] as const,
          ]
        : [],
    ),
  );
  const state = fromActions(actions, { format: buildFormat(format) });
  const view = buildBoardView({
    state,
    names,
    champion: (id) => champions.get(id),
    fallback: (id) => ({ id, name: `#${id}`, key: "" }),
  });
  return { view, blue: cardTeam(view.blue), red: cardTeam(view.red) };
}

/** The card of one draft session, with the roster's player names where a workspace knows them. */
export function draftCard(
  session: DraftSession,
  actions: readonly DraftAction[],
  players: Readonly<Record<Side, readonly string[]>> = { BLUE: [], RED: [] },
): DraftCard {
  const board = boardOf(actions, session.format, {
    BLUE: session.blue_team_name,
    RED: session.red_team_name,
  });
  return {
    kind: "draft",
    title: session.title,
    league: session.league?.name ?? null,
    // The day the draft was made: stable while it is played, so the card (and its cache key)
    // changes only when the draft does, and a delayed public card is not told apart by a timestamp.
    date: session.created_at,
    phase: board.view.phase,
    complete: board.view.complete,
    winner: session.winner,
    series: session.series ? { title: session.series.title, game: session.series.game_number } : null,
    blue: { ...board.blue, players: [...players.BLUE] },
    red: { ...board.red, players: [...players.RED] },
  };
}

/** The card of a series: score and every game started so far, with the roster's player names per team. */
export function seriesCard(
  series: Series,
  players: Readonly<Record<"A" | "B", readonly string[]>> = { A: [], B: [] },
): SeriesCard {
  const names = { A: series.team_a.name, B: series.team_b.name };
  return {
    kind: "series",
    title: series.title,
    league: series.league?.name ?? null,
    date: series.updated_at,
    bestOf: series.best_of,
    teamA: names.A,
    teamB: names.B,
    score: { A: series.score.A, B: series.score.B },
    winner: series.score.winner,
    complete: series.status === "complete",
    games: series.games.map((game) => {
      const red = game.blue_team === "A" ? "B" : "A";
      const board = boardOf(game.actions, series.format, { BLUE: names[game.blue_team], RED: names[red] });
      return {
        number: game.number,
        blueTeam: game.blue_team,
        winner: game.winner,
        complete: game.status === "complete",
        blue: { ...board.blue, players: [...players[game.blue_team]] },
        red: { ...board.red, players: [...players[red]] },
      };
    }),
  };
}
