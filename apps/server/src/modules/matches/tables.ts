/** Tables of the match-data import (migration `…_matches`). */

export interface MatchGamesTable {
  /** The file's game id (Oracle's Elixir `gameid`); importing it again replaces the game. */
  id: string;
  source: string;
  league: string;
  year: number | null;
  split: string;
  playoffs: boolean | number;
  /** As the file gives it (e.g. "2025-01-11 11:11:24"). */
  played_at: string;
  game_number: number | null;
  patch: string;
  blue_team: string;
  red_team: string;
  winner: "BLUE" | "RED";
  imported_at: string;
}

export interface MatchPicksTable {
  game_id: string;
  side: "BLUE" | "RED";
  position: "top" | "jungle" | "mid" | "bot" | "support";
  /** NULL when the name is not in the champion pool. */
  champion_id: number | null;
  champion_name: string;
  pick_order: number | null;
  /** The file's `playername` ("" when the file has none). */
  player: string;
}

export interface MatchBansTable {
  game_id: string;
  side: "BLUE" | "RED";
  ban_order: number;
  champion_id: number | null;
  champion_name: string;
}

export interface MatchesTables {
  match_games: MatchGamesTable;
  match_picks: MatchPicksTable;
  match_bans: MatchBansTable;
}
