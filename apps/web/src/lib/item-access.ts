import type { ActivityItemType, Workspace, WorkspaceCapability } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { itemContextQuery, workspacesQuery } from "./collab-api.ts";
import { useCurrentWorkspace } from "./current-workspace.ts";
import { mayIn } from "./workspace-access.ts";

/** What the signed-in member may do with one item, as the server's capabilities say. */
export interface ItemAccess {
  /** False until the item's place is known: controls stay hidden rather than fail. */
  readonly known: boolean;
  /** The workspace that holds the item; null for the caller's personal item (or while unknown). */
  readonly workspace: Workspace | null;
  /** May the member do this with the item now? A personal item is its creator's: everything. */
  readonly may: (capability: WorkspaceCapability) => boolean;
}

/**
 * Where a session, series, plan or review lives and what the member may do with it there: the
 * item's context (the same query as "Move to workspace") and the workspace's capabilities (the
 * same list the header uses). The web decides nothing itself (decision records 044, 048).
 *
 * @example
 * const access = useItemAccess("session", session.id);
 * access.may("edit_drafts"); // false for a viewer, and while the item's place is still loading
 */
export function useItemAccess(type: ActivityItemType, id: string): ItemAccess {
  const context = useQuery({ ...itemContextQuery(type, id), enabled: id !== "" });
  const workspaceId = context.data?.workspace_id ?? null;
  const workspaces = useQuery({ ...workspacesQuery, enabled: workspaceId !== null });
  if (!context.data) return { known: false, workspace: null, may: () => false };
  if (workspaceId === null) return { known: true, workspace: null, may: () => true };
  const workspace = workspaces.data?.find((candidate) => candidate.id === workspaceId) ?? null;
  return {
    known: workspace !== null,
    workspace,
    may: (capability) => mayIn(workspace, capability),
  };
}

/**
 * What the member may do in the space the header's switcher has chosen, where the lists create
 * their items: everything in the personal space, the workspace's capabilities in a workspace.
 *
 * @example
 * const here = useCurrentWorkspaceAccess();
 * here.may("edit_series"); // false for a viewer of the chosen workspace
 */
export function useCurrentWorkspaceAccess(): ItemAccess {
  const workspaceId = useCurrentWorkspace();
  const workspaces = useQuery({ ...workspacesQuery, enabled: workspaceId !== null });
  if (workspaceId === null) return { known: true, workspace: null, may: () => true };
  const workspace = workspaces.data?.find((candidate) => candidate.id === workspaceId) ?? null;
  return { known: workspace !== null, workspace, may: (capability) => mayIn(workspace, capability) };
}
