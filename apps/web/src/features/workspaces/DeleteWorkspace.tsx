import type { Workspace } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { currentWorkspace, setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { errorMessage } from "@/lib/errors.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import { ExportButton } from "./ExportButton.tsx";

/**
 * An owner deletes the workspace (decision 038): what returns to its creators and what is deleted
 * is said first, the export is one click away, and the name must be typed before the button works.
 */
export function DeleteWorkspace({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const matches = typed.trim() === workspace.name.trim();
  const remove = useMutation({
    mutationFn: () => workspacesApi.remove(workspace.id),
    onSuccess: async () => {
      if (currentWorkspace() === workspace.id) setCurrentWorkspace(null);
      setOpen(false);
      toast.success(t("delete.done", { name: workspace.name }));
      client.removeQueries({ queryKey: workspaceKeys.one(workspace.id) });
      await client.invalidateQueries({ queryKey: workspaceKeys.all });
      void navigate("/app/workspaces");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !remove.isPending) remove.mutate();
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-danger/40 bg-surface p-4"
      data-testid="delete-workspace"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-fg">
        {t("delete.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("delete.summary")}</p>
      <Button
        className="mt-3"
        variant="danger"
        size="sm"
        leftIcon={<Trash2 className="size-4" aria-hidden />}
        onClick={() => {
          setTyped("");
          setOpen(true);
        }}
      >
        {t("delete.button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={t("delete.dialogTitle", { name: workspace.name })}
        description={t("delete.summary")}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {t("cancel")}
            </Button>
            <Button
              type="submit"
              form={`${id}-form`}
              variant="danger"
              loading={remove.isPending}
              disabled={!matches}
            >
              {t("delete.confirm")}
            </Button>
          </>
        }
      >
        <form id={`${id}-form`} onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <ul className="list-disc pl-5 text-sm text-fg">
            <li>{t("delete.returns")}</li>
            <li>{t("delete.deletes")}</li>
            <li>{t("delete.members")}</li>
          </ul>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {t("delete.exportFirst")}
            <ExportButton workspace={workspace} />
          </div>
          <Field label={t("delete.typeName", { name: workspace.name })} required>
            {(props) => (
              <Input
                {...props}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setTyped(event.target.value)}
                data-testid="delete-workspace-name"
              />
            )}
          </Field>
        </form>
      </Dialog>
    </section>
  );
}
