import type { Generated } from "kysely";

/**
 * Tables of the scrim ledger (migration `…_scrims_ledger`, decision record 050). A game links a
 * draft session (never a copy of its picks and bans) and holds what a draft does not: the result,
 * its source, the staff's verdict, tags, notes and the plan followed. Column types are what the
 * drivers hand back before db/values.ts normalises them.
 */

export interface ScrimsTable {
  /** Random uuid: the id every route and answer uses. */
  id: string;
  workspace_id: string;
  created_by: number | null;
  kind: "scrim" | "official";
  title: string;
  /** A league team (shared `teams` table), or null for an opponent known only by name. */
  opponent_team_id: number | null;
  opponent_name: string;
  opponent_contact: string;
  starts_at: string;
  time_zone: string;
  games_count: number;
  mode: "normal" | "fearless";
  /** JSON fearless rule ({from, scope, reset_last_game}) or null. */
  fearless_rule: unknown;
  /** JSON {by: us|them, choice: side|first_pick} or null. */
  first_selection: unknown;
  turn_seconds: number;
  bank_seconds: number;
  /** JSON draft format spec every game follows. */
  format: unknown;
  status: "planned" | "confirmed" | "played" | "cancelled";
  patch: string | null;
  notes: string;
  /** JSON array of roster player public ids. */
  lineup: unknown;
  /** Our side in game 1. */
  our_side: "BLUE" | "RED";
  /** The fearless series holding every game's draft (series module), or null. */
  series_id: string | null;
  /** Grows with each change of the scrim itself: the calendar event's SEQUENCE (decision 057). */
  calendar_sequence: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ScrimGamesTable {
  id: string;
  scrim_id: string;
  /** 1-based. */
  number: number;
  status: "scheduled" | "played" | "remake" | "stopped_early" | "not_played";
  patch: string | null;
  /** The linked draft session (drafts module), or null until the game has one. */
  session_id: string | null;
  /** The live room prepared for it (the series' room when fearless). */
  room_id: string | null;
  draft_source: "room" | "series" | "logged" | "imported" | null;
  our_side: "BLUE" | "RED" | null;
  winner: "us" | "them" | null;
  duration_seconds: number | null;
  /** JSON team figures (all optional). */
  figures: unknown;
  result_source: "typed" | "imported" | null;
  result_provider: string | null;
  result_entered_by: number | null;
  result_entered_at: string | null;
  result_corrections: Generated<number>;
  verdict: "draft_won" | "draft_lost" | "even" | "execution" | null;
  /** JSON array of lowercased tags. */
  tags: unknown;
  /** JSON {top?, jungle?, mid?, bot?, support?} of notes. */
  position_notes: unknown;
  notes: string;
  plan_id: string | null;
  plan_version: number | null;
  branch_id: string | null;
  branch_label: string | null;
  plan_source: "plan_vs_actual" | "manual" | null;
  created_at: string;
  updated_at: string;
}

/** Our five players' lines of a game's result: one row per position. */
export interface ScrimGamePlayersTable {
  game_id: string;
  position: "top" | "jungle" | "mid" | "bot" | "support";
  roster_player_id: string | null;
  name: string;
  champion_id: number | null;
  kills: number;
  deaths: number;
  assists: number;
  gold_at_15: number | null;
}

/** A game's audit trail: every draft attached, result entered or corrected, review changed. */
export interface ScrimGameAuditTable {
  id: Generated<number>;
  game_id: string;
  action: string;
  actor_id: number | null;
  at: Generated<string>;
  before: unknown;
  after: unknown;
}

export interface ScrimsTables {
  scrims: ScrimsTable;
  scrim_games: ScrimGamesTable;
  scrim_game_players: ScrimGamePlayersTable;
  scrim_game_audit: ScrimGameAuditTable;
}
