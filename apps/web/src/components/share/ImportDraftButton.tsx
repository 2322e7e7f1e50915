import { ROUTES } from "@draftroom/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { shareApi } from "./share-api.ts";

/** An export is a few kilobytes; anything far larger is not one (and would not be accepted). */
const MAX_FILE_BYTES = 512 * 1024;

/**
 * "Import draft": reads a Draftroom JSON export and creates a new session from it, in `workspace`
 * (the space the list shows; the caller may write drafts there) or the personal space. The server
 * checks the file; when it cannot be imported, a dialog lists every problem and nothing is saved.
 */
export function ImportDraftButton({
  className,
  workspace = null,
}: {
  className?: string;
  workspace?: string | null;
}) {
  const { t } = useTranslation("share");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [importing, setImporting] = useState(false);
  const [problems, setProblems] = useState<Array<[string, string]> | null>(null);

  const importFile = async (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setProblems([["file", t("import.tooLarge")]]);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setProblems([["file", t("import.notJson")]]);
      return;
    }
    setImporting(true);
    try {
      const session = await shareApi.importDraft(body, workspace);
      await queryClient.invalidateQueries({ queryKey: ["drafts"] });
      toast.success(t("import.done"));
      void navigate(ROUTES.draftSession(session.id));
    } catch (error) {
      if (isApiRequestError(error) && error.code === "import_invalid")
        setProblems(Object.entries(error.fields));
      else toast.error(errorMessage(error));
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label={t("import.choose")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <Button
        variant="outline"
        size="lg"
        className={className}
        loading={importing}
        loadingText={t("import.importing")}
        onClick={() => input.current?.click()}
        leftIcon={<FileUp className="size-5" aria-hidden />}
      >
        {t("import.button")}
      </Button>
      <Dialog
        open={problems !== null}
        onOpenChange={(open) => !open && setProblems(null)}
        title={t("import.problemsTitle")}
        description={t("import.problemsText")}
        footer={
          <Button variant="outline" onClick={() => setProblems(null)}>
            {t("import.close")}
          </Button>
        }
      >
        <ul className="grid max-h-72 gap-2 overflow-y-auto text-sm" aria-label={t("import.problemsTitle")}>
          {(problems ?? []).map(([path, message]) => (
            <li key={path} className="rounded-lg border border-border bg-surface-2 px-3 py-2">
              <code className="block break-all font-mono text-subtle text-xs">{path}</code>
              <span className="text-fg">{message}</span>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
