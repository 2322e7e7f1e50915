import {
  WORKSPACE_EXPORT_FORMAT,
  WORKSPACE_EXPORT_VERSION,
  type WorkspaceExport,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { workspaceComments } from "../comments/service.ts";
import { workspacePlans } from "../draft-plans/service.ts";
import { workspaceSessions } from "../drafts/service.ts";
import { workspaceReviews } from "../reviews/service.ts";
import { workspaceSeries } from "../series/service.ts";
import { getRoster } from "../workspaces/roster.ts";
import { getWorkspace, listMembers, requireWorkspaceRole } from "../workspaces/service.ts";

/**
 * The whole workspace as one versioned JSON file (decision record 028): its sessions with their
 * actions, series with their games, plans, roster with each player's pool, members (usernames and
 * roles, never e-mail addresses, tokens or invite links), comments and roster reviews. Each part comes from its
 * owning module's service. Needs the `export` capability (owners, coaches, analysts).
 */
export async function exportWorkspace(
  db: Kysely<Database>,
  userId: number,
  workspaceId: string,
): Promise<WorkspaceExport> {
  await requireWorkspaceRole(db, userId, workspaceId, "export");
  const [workspace, members, roster, sessions, series, plans, comments, reviews] = await Promise.all([
    getWorkspace(db, userId, workspaceId),
    listMembers(db, userId, workspaceId),
    getRoster(db, userId, workspaceId),
    workspaceSessions(db, workspaceId),
    workspaceSeries(db, workspaceId),
    workspacePlans(db, workspaceId),
    workspaceComments(db, workspaceId),
    workspaceReviews(db, workspaceId),
  ]);
  return {
    format: WORKSPACE_EXPORT_FORMAT,
    version: WORKSPACE_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    workspace: {
      id: workspace.id,
      name: workspace.name,
      tag: workspace.tag,
      colour: workspace.colour,
      team_id: workspace.team_id,
      team_name: workspace.team_name,
      created_at: workspace.created_at,
    },
    members: members.map(({ user_id, username, role, status, joined_at }) => ({
      user_id,
      username,
      role,
      status,
      joined_at,
    })),
    roster,
    sessions,
    series,
    plans: plans.map(({ can_edit: _canEdit, ...plan }) => plan),
    comments,
    reviews,
  };
}
