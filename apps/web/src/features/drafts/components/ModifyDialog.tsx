import type { Champion } from "@draftroom/contracts";
import { actionNumber } from "@draftroom/draft";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { cn } from "@/lib/cn.ts";
import type { BoardAction } from "../utils/board.ts";

export interface ModifyDialogProps {
  action: BoardAction | null;
  champion: Champion | null;
  teamName: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Modify Draft": confirms rewinding the draft to a saved action. */
export function ModifyDialog({
  action,
  champion,
  teamName,
  loading,
  onCancel,
  onConfirm,
}: ModifyDialogProps) {
  const { t } = useTranslation("drafts");
  const isBlue = action?.team_side === "BLUE";
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t("modify.title")}
      message={t("modify.text")}
      cancelLabel={t("modify.cancel")}
      confirmLabel={t("modify.confirm")}
      loading={loading}
      destructive
      onConfirm={onConfirm}
    >
      {action && (
        <dl className="flex items-center gap-3 rounded-xl border border-border bg-surface-2 p-3">
          {champion && <ChampionImage name={champion.name} src={champion.icon_url} size={48} decorative />}
          <div className="grid flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-muted">{t("modify.team")}</dt>
            <dd
              className={cn(
                "font-semibold",
                isBlue
                  ? "text-[hsl(214_88%_36%)] dark:text-team-blue"
                  : "text-[hsl(356_76%_40%)] dark:text-team-red",
              )}
            >
              {teamName}
            </dd>
            <dt className="text-muted">{t("modify.action")}</dt>
            <dd className="font-semibold text-fg">{t(`actionType.${action.action_type}`)}</dd>
            <dt className="text-muted">{t("modify.champion")}</dt>
            <dd className="font-semibold text-fg">{champion?.name ?? action.champion?.name}</dd>
          </div>
          <span className="self-start rounded-full bg-surface-3 px-2 py-0.5 text-xs font-bold text-fg">
            {t("modify.position", { n: actionNumber(action.phase_number) })}
          </span>
        </dl>
      )}
    </ConfirmDialog>
  );
}
