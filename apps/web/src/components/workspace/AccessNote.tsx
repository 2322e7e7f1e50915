import type { Workspace, WorkspaceCapability } from "@draftroom/contracts";
import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import "@/lib/i18n-collab.d.ts";

/**
 * Why a member does not see a control: the workspace is read-only past its plan, the membership
 * is suspended, or the role reads but does not change this kind of item ("Viewers can read drafts
 * but not change them"). Nothing for a personal item, or when the member may do it.
 *
 * @example
 * const text = useAccessNote(workspace, "edit_drafts"); // null for a coach
 */
export function useAccessNote(
  workspace: Workspace | null | undefined,
  capability: WorkspaceCapability,
): string | null {
  const { t } = useTranslation("collab");
  if (!workspace || mayIn(workspace, capability)) return null;
  if (workspace.read_only) return t("access.readOnly");
  if (!mayIn(workspace, "read")) return t("access.suspended");
  return t(`access.missing.${capability}`, { roles: t(`access.roles.${workspace.role}`) });
}

/**
 * The sentence shown where a missing control would be (in place of it, never after a failed
 * click). Renders nothing when there is nothing to explain.
 *
 * @example <AccessNote workspace={access.workspace} capability="edit_drafts" />
 */
export function AccessNote({
  workspace,
  capability,
  className,
}: {
  workspace: Workspace | null | undefined;
  capability: WorkspaceCapability;
  className?: string;
}) {
  const text = useAccessNote(workspace, capability);
  if (!text) return null;
  return (
    <p
      role="note"
      data-testid="access-note"
      className={cn("flex items-start gap-2 text-muted text-sm", className)}
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}
