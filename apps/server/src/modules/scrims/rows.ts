import {
  type Language,
  type ScrimGameStatus,
  type ScrimStatus,
  untitledScrimName,
} from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { toJson } from "../../db/values.ts";
import type { GameRow, PlayerRow, ScrimRow } from "./repository.ts";

/** How the ledger names and orders what its rows hold (shared by the scrim answers and the ledger). */

/** A game's result columns with no result: a new game's, and a cleared one's. */
export const noResult = () => ({
  status: "scheduled" as const,
  winner: null,
  duration_seconds: null,
  figures: toJson({}),
  result_source: null,
  result_provider: null,
  result_entered_by: null,
  result_entered_at: null,
  result_corrections: 0,
});

/**
 * A scrim's status once one of its games has a result. A result saying the game took place
 * (played, remake, stopped early) means the block was played: a planned or confirmed scrim moves
 * to `played`, so it leaves the "upcoming" shelf without the staff having to edit it as well. A
 * cancelled scrim keeps its status (the staff said so), and so does a "not played" result.
 */
export function statusAfterResult(scrim: ScrimStatus, result: ScrimGameStatus): ScrimStatus {
  const tookPlace = result === "played" || result === "remake" || result === "stopped_early";
  return tookPlace && (scrim === "planned" || scrim === "confirmed") ? "played" : scrim;
}

/** A scrim's title: the one given, else "Scrim vs <opponent>" (the API's, in English). */
export const titleOf = (row: ScrimRow): string => row.title || `Scrim vs ${row.opponent_name}`;

/** A scrim's title for a reader of `language`: the one given, else its kind and opponent in it. */
export const titleIn = (row: ScrimRow, language: Language): string =>
  row.title || untitledScrimName(row.kind, row.opponent_name, language);

/** The key analytics group an opponent by: `team:<id>` for a league team, else `name:<name>`. */
export const opponentKey = (row: ScrimRow): string =>
  row.opponent_team_id !== null
    ? `team:${Number(row.opponent_team_id)}`
    : `name:${row.opponent_name.toLowerCase()}`;

export const otherSide = (side: Side): Side => (side === "BLUE" ? "RED" : "BLUE");

/**
 * The side that won a game's draft, from the ledger's result: ours when we won, the other when they
 * did. None unless the game was played with a winner and our side is known (a remake, a game not
 * played or a cleared result has no winner).
 */
export function winningSide(game: Pick<GameRow, "status" | "winner" | "our_side">): Side | null {
  if (game.status !== "played" || game.winner === null || game.our_side === null) return null;
  return game.winner === "us" ? game.our_side : otherSide(game.our_side);
}

/** One of our players' lines of a result, as the API shows it. */
export function lineOf(row: PlayerRow) {
  return {
    position: row.position,
    roster_player_id: row.roster_player_id,
    name: row.name,
    champion_id: row.champion_id === null ? null : Number(row.champion_id),
    kills: Number(row.kills),
    deaths: Number(row.deaths),
    assists: Number(row.assists),
    gold_at_15: row.gold_at_15 === null ? null : Number(row.gold_at_15),
  };
}

const POSITION_ORDER = ["top", "jungle", "mid", "bot", "support"];
/** Top to support. */
export const byPosition = (a: { position: string }, b: { position: string }) =>
  POSITION_ORDER.indexOf(a.position) - POSITION_ORDER.indexOf(b.position);
