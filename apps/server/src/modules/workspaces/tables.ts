import type { WorkspaceRole } from "@draftroom/contracts";
import type { Generated } from "kysely";

/**
 * Tables of the workspaces module (migration `…_workspaces_membership`). Column types are what the
 * drivers hand back before db/values.ts normalises them.
 */

export interface WorkspacesTable {
  /** Random UUID. */
  id: string;
  name: string;
  tag: string;
  colour: string;
  team_id: number | null;
  /** The owner whose plan pays for the workspace's seats. */
  billing_user_id: number;
  /** The owner the bill is offered to, until they accept it (decision 042); null: no offer. */
  billing_offer_user_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspaceMembersTable {
  id: Generated<number>;
  workspace_id: string;
  user_id: number;
  role: WorkspaceRole;
  status: "active" | "suspended";
  joined_at: string;
  last_seen_at: string | null;
}

export interface WorkspaceInvitesTable {
  /** Random token: the invite link carries it. */
  id: string;
  workspace_id: string;
  role: WorkspaceRole;
  created_by: number | null;
  /** Set for an invite by username: only that account may accept it. */
  invitee_user_id: number | null;
  /** Null: any number of uses until it expires. */
  max_uses: number | null;
  /** Whom the invite is for, in the inviter's words (decision record 054); null: not said. */
  label: string | null;
  uses: Generated<number>;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

/**
 * The column the `…_workspaces_items` migration adds to other modules' item tables. Declared here
 * and merged into their row types by db/schema.ts (module tables are intersected), so those
 * modules' table files stay untouched; null = a personal item.
 */
export interface WorkspaceItemColumn {
  workspace_id: string | null;
}

export interface WorkspacePlayersTable {
  id: Generated<number>;
  /** The id routes and answers use (a random uuid); `id` stays internal (decision 041). */
  public_id: string;
  workspace_id: string;
  user_id: number | null;
  name: string;
  position: "top" | "jungle" | "mid" | "bot" | "support";
  secondary_position: "top" | "jungle" | "mid" | "bot" | "support" | null;
  status: "active" | "substitute";
  created_at: string;
}

export interface WorkspacePoolEntriesTable {
  id: Generated<number>;
  player_id: number;
  champion_id: number;
  tier: "S" | "A" | "B" | "learning";
  notes: string;
  updated_by: number | null;
  updated_at: string;
}

/** A workspace's team priorities (migration `…_workspace_priorities`, decision record 029). */
export interface WorkspacePrioritiesTable {
  id: Generated<number>;
  workspace_id: string;
  champion_id: number;
  tier: "S" | "A" | "B" | "C";
  /** JSON array of positions. */
  positions: unknown;
  note: string;
  sort_order: number;
  updated_by: number | null;
  updated_at: string;
}

/** The space an account last worked in (migration `…_workspace_choices`, decision record 054). */
export interface WorkspaceChoicesTable {
  user_id: number;
  /** Null: the personal space, chosen. */
  workspace_id: string | null;
  chosen_at: string;
}

export interface WorkspacesTables {
  workspace_choices: WorkspaceChoicesTable;
  workspace_players: WorkspacePlayersTable;
  workspace_pool_entries: WorkspacePoolEntriesTable;
  workspace_priorities: WorkspacePrioritiesTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invites: WorkspaceInvitesTable;
  draft_sessions: WorkspaceItemColumn;
  series: WorkspaceItemColumn;
  roster_reviews: WorkspaceItemColumn;
}
