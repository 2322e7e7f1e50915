import type { Workspace } from "@draftroom/contracts";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { api } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import "@/lib/i18n-collab.d.ts";
import { mayIn } from "@/lib/workspace-access.ts";

/** Downloads the workspace export (JSON, versioned) for roles with `export`. */
export function ExportButton({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("collab");
  const download = useMutation({
    mutationFn: () => api.get<unknown>(`/workspaces/${workspace.id}/export/`),
    onSuccess: (file) => {
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(file, null, 2)], { type: "application/json" }),
      );
      const link = document.createElement("a");
      link.href = url;
      link.download = `draftroom-${workspace.tag.toLowerCase()}-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      toast.success(t("export.done"));
    },
    onError: (error) => toast.error(`${t("export.error")}: ${errorMessage(error)}`),
  });
  if (!mayIn(workspace, "export")) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      loading={download.isPending}
      leftIcon={<Download className="size-4" aria-hidden />}
      onClick={() => download.mutate()}
    >
      {t("export.button")}
    </Button>
  );
}
