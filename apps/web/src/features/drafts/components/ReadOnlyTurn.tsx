import type { ActionType } from "@draftroom/draft";
import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/Spinner.tsx";

/**
 * In place of the pick panel for a member who may not change the draft: whose turn it is and the
 * suggestions (`children`), nothing to lock (the page's note says why). While the member's access
 * is still being asked, a spinner: the panel is never offered and then taken away.
 */
export function ReadOnlyTurn({
  teamName,
  action,
  known,
  children,
}: {
  teamName: string;
  action: ActionType;
  known: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  if (!known) {
    return (
      <div role="status" className="grid place-items-center px-4 py-16 text-muted">
        <Spinner />
        <span className="sr-only">{t("page.loading")}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 px-4 pt-8 text-center" data-testid="read-only-turn">
        <div className="mb-2 grid size-14 place-items-center rounded-2xl bg-surface-3 text-muted">
          <Eye className="size-7" aria-hidden />
        </div>
        <h2 className="font-semibold text-fg text-lg">
          {action === "BAN" ? t("page.turnBan", { team: teamName }) : t("page.turnPick", { team: teamName })}
        </h2>
        <p className="max-w-md text-muted text-sm">{t("page.followAlong")}</p>
      </div>
      {children}
    </div>
  );
}
