import type { Workspace, WorkspaceCapability } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FolderInput } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { collabApi, itemContextQuery, type MovableItemType, workspacesQuery } from "@/lib/collab-api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { LastEdited } from "./LastEdited.tsx";
import "@/lib/i18n-collab.d.ts";
import { mayIn } from "@/lib/workspace-access.ts";

const EDIT: Record<MovableItemType, WorkspaceCapability> = {
  session: "edit_drafts",
  series: "edit_series",
  review: "edit_practice",
};

/**
 * Where a session, series or roster review lives, who changed it last, and "Move to workspace"
 * with a confirmation dialog (the server checks the capability in both spaces and that the
 * item's creator keeps access; its refusal is shown in the dialog). `canEdit` false hides the button (a shared personal review of someone
 * else's).
 *
 * @example <MoveToWorkspace type="series" id={series.id} />
 */
export function MoveToWorkspace({
  type,
  id,
  canEdit = true,
}: {
  type: MovableItemType;
  id: string;
  canEdit?: boolean;
}) {
  const { t } = useTranslation("collab");
  const context = useQuery(itemContextQuery(type, id));
  const workspaces = useQuery(workspacesQuery);
  const [open, setOpen] = useState(false);

  if (!context.data || !workspaces.data) return null;
  const currentId = context.data.workspace_id;
  const current = workspaces.data.find((workspace) => workspace.id === currentId);
  // Out of a workspace also takes `move_items` there (owners and coaches, decision 042).
  const mayMoveOut =
    canEdit && (currentId === null || (mayIn(current, EDIT[type]) && mayIn(current, "move_items")));
  const targets = workspaces.data.filter(
    (workspace) => workspace.id !== currentId && mayIn(workspace, EDIT[type]),
  );
  if (currentId === null && workspaces.data.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm" data-testid="item-workspace">
      <Badge tone={current ? "primary" : "neutral"}>
        {current ? t("move.current", { name: current.name }) : t("move.currentPersonal")}
      </Badge>
      {currentId && <LastEdited type={type} id={id} />}
      {mayMoveOut && (
        <Button
          size="sm"
          variant="outline"
          leftIcon={<FolderInput className="size-4" aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {t("move.button")}
        </Button>
      )}
      {open && (
        <MoveDialog type={type} id={id} currentId={currentId} targets={targets} onOpenChange={setOpen} />
      )}
    </div>
  );
}

function MoveDialog({
  type,
  id,
  currentId,
  targets,
  onOpenChange,
}: {
  type: MovableItemType;
  id: string;
  currentId: string | null;
  targets: readonly Workspace[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("collab");
  const client = useQueryClient();
  const legendId = useId();
  const options: { id: string | null; name: string }[] = [
    ...targets.map((workspace) => ({ id: workspace.id, name: workspace.name })),
    ...(currentId === null ? [] : [{ id: null, name: t("move.personal") }]),
  ];
  const [choice, setChoice] = useState<string | null | undefined>(options[0]?.id);
  const chosen = options.find((option) => option.id === choice);
  const move = useMutation({
    mutationFn: () => collabApi.move(type, id, chosen?.id ?? null),
    onSuccess: async () => {
      toast.success(t("move.moved", { name: chosen?.name ?? "" }));
      onOpenChange(false);
      await Promise.all([
        client.invalidateQueries({ queryKey: ["collab"] }),
        client.invalidateQueries({ queryKey: ["drafts"] }),
        client.invalidateQueries({ queryKey: ["series"] }),
        client.invalidateQueries({ queryKey: ["reviews"] }),
      ]);
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(next) => !move.isPending && onOpenChange(next)}
      title={t("move.title")}
      description={t("move.text")}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={move.isPending}>
            {t("comments.cancel")}
          </Button>
          <Button onClick={() => move.mutate()} disabled={!chosen} loading={move.isPending}>
            {t("move.confirm")}
          </Button>
        </>
      }
    >
      {options.length === 0 ? (
        <p className="text-muted text-sm">{t("move.noTargets")}</p>
      ) : (
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-1.5">
          <legend id={legendId} className="mb-1 font-semibold text-fg text-sm">
            {t("move.target")}
          </legend>
          {options.map((option) => (
            <label
              key={option.id ?? "personal"}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm text-fg has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input
                type="radio"
                name="move-target"
                checked={choice === option.id}
                onChange={() => setChoice(option.id)}
                className="accent-[var(--color-primary)]"
              />
              {option.name}
            </label>
          ))}
        </fieldset>
      )}
      {move.isError && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-danger/40 bg-danger/10 p-2 text-danger text-sm"
        >
          {t("move.error")}: {errorMessage(move.error)}
        </p>
      )}
    </Dialog>
  );
}
