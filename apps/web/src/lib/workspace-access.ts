import type { Workspace, WorkspaceCapability } from "@draftroom/contracts";

/**
 * May the signed-in member do this in the workspace now? The server's answer decides
 * (`Workspace.capabilities`: the role's capabilities, less every write while the workspace is
 * read-only); the web computes nothing of its own, so a control is shown exactly when the
 * server would accept it (decision record 044).
 *
 * @example
 * mayIn(workspace, "edit_drafts"); // false for a viewer, and for a coach of a read-only workspace
 */
export function mayIn(
  workspace: Pick<Workspace, "capabilities"> | null | undefined,
  capability: WorkspaceCapability,
): boolean {
  return workspace?.capabilities.includes(capability) ?? false;
}
