import type { Workspace } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { currentWorkspace, setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { errorMessage } from "@/lib/errors.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import "./i18n-workspaces.d.ts";

/**
 * Leaving. The owner who pays cannot leave until another owner has accepted the bill (the server
 * answers 409 `billing_owner_leaving`), so the button is disabled and says why.
 */
export function LeaveButton({ workspace, userId }: { workspace: Workspace; userId: number | undefined }) {
  const { t } = useTranslation("workspaces");
  const hintId = useId();
  const blocked = workspace.billing.owner.user_id === userId;
  const navigate = useNavigate();
  const client = useQueryClient();
  const leave = useMutation({
    mutationFn: () => workspacesApi.leave(workspace.id),
    onSuccess: async () => {
      if (currentWorkspace() === workspace.id) setCurrentWorkspace(null);
      await client.invalidateQueries({ queryKey: workspaceKeys.all });
      void navigate("/app/workspaces");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const button = (
    <Button
      variant="outline"
      size="sm"
      loading={leave.isPending}
      disabled={blocked}
      aria-describedby={blocked ? hintId : undefined}
      leftIcon={<LogOut className="size-4" aria-hidden />}
      onClick={() => {
        if (window.confirm(t("leave.confirm", { name: workspace.name }))) leave.mutate();
      }}
    >
      {t("leave.button")}
    </Button>
  );
  if (!blocked) return button;
  return (
    <div className="flex max-w-xs flex-col items-end gap-1">
      {button}
      <p id={hintId} className="text-right text-xs text-muted">
        {t("leave.blocked")}
      </p>
    </div>
  );
}
