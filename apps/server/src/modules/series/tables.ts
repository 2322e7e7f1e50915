import type { Generated } from "kysely";

/**
 * Tables of the series module (migration `…_series_tables`). Column types are what the drivers
 * hand back before db/values.ts normalises them.
 */

export interface SeriesTable {
  /** Random UUID: the identity the public link (and later the room links) point to. */
  id: string;
  user_id: number;
  title: string;
  league_id: number | null;
  team_a_id: number | null;
  team_b_id: number | null;
  team_a_name: string;
  team_b_name: string;
  best_of: number;
  fearless_from: "none" | "picks" | "picks+bans";
  fearless_scope: "both" | "own";
  reset_last_game: Generated<boolean | number>;
  /** JSON array of champion ids. */
  disabled_champions: unknown;
  side_choice: "loser" | "alternate" | "organiser";
  scrim_block: Generated<boolean | number>;
  /** JSON draft format spec every game follows. */
  format: unknown;
  ban_timer: Generated<number>;
  pick_timer: Generated<number>;
  auto_advance: Generated<boolean | number>;
  created_at: string;
  updated_at: string;
}

export interface SeriesGamesTable {
  id: Generated<number>;
  series_id: string;
  /** 1-based. */
  number: number;
  session_id: string;
  blue_team: "A" | "B";
  winner: "A" | "B" | null;
  created_at: string;
}

export interface SeriesTables {
  series: SeriesTable;
  series_games: SeriesGamesTable;
}
