import type { PlanKey } from "./plans.ts";

/**
 * Team workspaces: roles, what each role may do, and what each plan allows. The server checks
 * every workspace route through `can` (apps/server/src/modules/workspaces/service.ts
 * `requireWorkspaceRole`); the web app reads the same table to hide what a role cannot do.
 * Decision record 019 explains the model.
 */

export const WORKSPACE_ROLES = ["owner", "coach", "analyst", "player", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Roles that take a paid staff seat; players and viewers are free up to the plan's roster size. */
export const STAFF_ROLES = ["owner", "coach", "analyst"] as const satisfies readonly WorkspaceRole[];

export function isStaffRole(role: WorkspaceRole): boolean {
  return (STAFF_ROLES as readonly WorkspaceRole[]).includes(role);
}

export const MEMBER_STATUSES = ["active", "suspended"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Everything a member may be allowed to do inside a workspace. */
export const WORKSPACE_CAPABILITIES = [
  /** See the workspace's sessions, series, priorities, pools, plans and activity. */
  "read",
  /** Comment on sessions and series, with @mentions. */
  "comment",
  /** Take a captain seat in a workspace room. */
  "take_captain_seat",
  /** Edit one's own champion pool. */
  "edit_own_pool",
  /** Create, edit, move and delete draft sessions (and their rooms). */
  "edit_drafts",
  /** Create, edit, move and delete series. */
  "edit_series",
  /** Edit team priorities. */
  "edit_priorities",
  /** Create and edit draft plans. */
  "edit_plans",
  /** Practice runs and reviews. */
  "edit_practice",
  /** Plan, edit and delete scrims; enter any game's result, verdict, tags and notes (decision 050). */
  "edit_scrims",
  /** Enter or correct the result of a scrim game one is on the lineup of (staff: any game). */
  "enter_results",
  /** Edit any player's pool and the roster. */
  "edit_roster",
  /** Export the workspace as JSON. */
  "export",
  /**
   * Move the workspace's items out of it: to another workspace (where the item's edit capability
   * is also needed) or, for the item's creator, back to their personal space (decision 042).
   */
  "move_items",
  /** Invite, remove, suspend members and change roles. */
  "manage_members",
  /** Rename, recolour, delete the workspace and manage its plan. */
  "manage_workspace",
] as const;
export type WorkspaceCapability = (typeof WORKSPACE_CAPABILITIES)[number];

/** Capabilities that change something: refused while a workspace is read-only past its plan. */
export const WRITE_CAPABILITIES: readonly WorkspaceCapability[] = [
  "comment",
  "take_captain_seat",
  "edit_own_pool",
  "edit_drafts",
  "edit_series",
  "edit_priorities",
  "edit_plans",
  "edit_practice",
  "edit_scrims",
  "enter_results",
  "edit_roster",
  "move_items",
];

const STAFF_EDIT: readonly WorkspaceCapability[] = [
  "read",
  "comment",
  "take_captain_seat",
  "edit_own_pool",
  "edit_drafts",
  "edit_series",
  "edit_priorities",
  "edit_plans",
  "edit_practice",
  "edit_scrims",
  "enter_results",
  "export",
];

/**
 * The role-capability table, the one source of every permission. A permission-matrix test on
 * the server fails when any cell changes.
 */
export const ROLE_CAPABILITIES: Readonly<Record<WorkspaceRole, readonly WorkspaceCapability[]>> = {
  owner: [...STAFF_EDIT, "edit_roster", "move_items", "manage_members", "manage_workspace"],
  coach: [...STAFF_EDIT, "edit_roster", "move_items"],
  analyst: STAFF_EDIT,
  player: ["read", "comment", "take_captain_seat", "edit_own_pool", "enter_results"],
  viewer: ["read"],
};

/**
 * Whether a role may do something in a workspace.
 *
 * @example
 * can("coach", "edit_drafts"); // true
 * can("viewer", "comment"); // false
 */
export function can(role: WorkspaceRole, capability: WorkspaceCapability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/**
 * What a member may do now: the role's capabilities, less every write while the workspace is
 * read-only (past its plan), and nothing while the membership is suspended. The server decides
 * with it and sends the result as `Workspace.capabilities`; the web shows what that list allows.
 *
 * @example
 * effectiveCapabilities("coach", { readOnly: true, suspended: false }); // ["read", "export", …] (no edits)
 */
export function effectiveCapabilities(
  role: WorkspaceRole,
  state: { readOnly: boolean; suspended: boolean },
): WorkspaceCapability[] {
  if (state.suspended) return [];
  return ROLE_CAPABILITIES[role].filter(
    (capability) => !state.readOnly || !WRITE_CAPABILITIES.includes(capability),
  );
}

export interface WorkspacePlanLimits {
  /** Workspaces an account on this plan may own (bill). */
  max_workspaces: number;
  /** Staff seats (owner, coach, analyst) per workspace. */
  staff_seats: number;
  /** Players and viewers per workspace, free of charge. */
  roster_size: number;
}

/** What each plan allows its workspaces. Community accounts join workspaces but own none. */
export const WORKSPACE_PLAN_LIMITS: Readonly<Record<PlanKey, WorkspacePlanLimits>> = {
  community: { max_workspaces: 0, staff_seats: 0, roster_size: 0 },
  plus: { max_workspaces: 1, staff_seats: 2, roster_size: 10 },
  pro: { max_workspaces: 5, staff_seats: 5, roster_size: 15 },
};

/** Invites expire after this many days unless the inviter picks another span. */
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 30;
/** Invites one workspace may create per hour. */
export const INVITES_PER_HOUR = 30;

/**
 * Why a workspace is read-only, always because of its billing owner's plan: more staff or more
 * players and viewers than the plan's seats, or more workspaces billed to that owner than the
 * plan allows (the newest ones go read-only first).
 */
export const READ_ONLY_REASONS = ["staff_seats", "roster_seats", "workspace_limit"] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

export const WORKSPACE_TAG_MAX = 6;
export const WORKSPACE_NAME_MAX = 80;

/** Comfort tiers of a player's champion pool, strongest first (the same as packages/draft's). */
export const POOL_TIERS = ["S", "A", "B", "learning"] as const;
export type PoolTier = (typeof POOL_TIERS)[number];

export const ROSTER_STATUSES = ["active", "substitute"] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

export const POOL_MAX_CHAMPIONS = 60;
export const POOL_NOTE_MAX = 300;

/** A workspace's logo colour: `#rrggbb`. */
export const WORKSPACE_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_WORKSPACE_COLOUR = "#3b82f6";
