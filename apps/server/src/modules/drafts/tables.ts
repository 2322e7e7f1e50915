import type { Generated } from "kysely";

/**
 * Tables of the drafts module (migration `…_drafts_sessions`). Column types are what the drivers
 * hand back before db/values.ts normalises them (booleans 0/1 or boolean, timestamps text or ISO).
 */

export interface DraftSessionsTable {
  /** Random UUID: the public link must be unguessable. */
  id: string;
  user_id: number;
  title: string;
  description: Generated<string>;
  league_id: number | null;
  blue_team_id: number | null;
  red_team_id: number | null;
  blue_team_name: string;
  red_team_name: string;
  ban_timer: Generated<number>;
  pick_timer: Generated<number>;
  auto_advance: Generated<boolean | number>;
  /** False: the board has no step clock (migration `…_drafts_untimed`). */
  timed: Generated<boolean | number>;
  /** JSON draft format spec `{order, disabled_slots, first_pick}` (migration `…_drafts_formats`). */
  format: unknown;
  /** 1-4, derived by the engine on every change of the actions. */
  current_phase: Generated<number>;
  /** Actions taken, 0-20. */
  current_step: Generated<number>;
  status: Generated<"in_progress" | "complete">;
  winner: "BLUE" | "RED" | null;
  /** Lower-case, accent-free title, league and team names for `?search=`. */
  search_text: Generated<string>;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface DraftActionsTable {
  id: Generated<number>;
  session_id: string;
  /** NULL for a skipped ban. */
  champion_id: number | null;
  /** 0-based step in the session's format. */
  phase_number: number;
  action_type: "BAN" | "PICK";
  team_side: "BLUE" | "RED";
  is_auto: Generated<boolean | number>;
  created_at: string;
}

export interface TeamPrioritiesTable {
  id: Generated<number>;
  user_id: number;
  team_id: number;
  champion_id: number;
  tier: "S" | "A" | "B" | "C";
  /** JSON array of positions. */
  positions: unknown;
  note: string;
  sort_order: number;
  updated_at: string;
}

/** Column added by the drafts migration to the foundation's leagues and teams. */
interface OwnedRow {
  /** NULL for seeded rows; the creating user for a custom league or team. */
  owner_user_id: number | null;
  /** The workspace whose members all see it (migration `…_teams_workspace_games`); null otherwise. */
  workspace_id: string | null;
  /** Imported professional games of the league or team, kept by the match import. */
  imported_games: Generated<number>;
}

export interface DraftsTables {
  draft_sessions: DraftSessionsTable;
  draft_actions: DraftActionsTable;
  team_priorities: TeamPrioritiesTable;
  leagues: OwnedRow;
  teams: OwnedRow;
}
