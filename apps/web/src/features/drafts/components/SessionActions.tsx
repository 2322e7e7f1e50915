import type { DraftSession } from "@draftroom/contracts";
import { Pencil, Share2, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";

/**
 * The buttons on a session: team priorities, Edit (when the member may change the session: no
 * `onEdit`, no button), Share (and `extra`, e.g. Live room).
 */
export function SessionActions({
  session,
  actingTeamId,
  onEdit,
  onShare,
  extra,
}: {
  session: DraftSession;
  /** The team on the clock, whose priorities the link opens (else the blue team's). */
  actingTeamId: number | null;
  /** Absent when the member may not change the session. */
  onEdit?: (() => void) | undefined;
  onShare: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  const teamId = actingTeamId ?? session.blue_team?.id;
  return (
    <>
      {teamId !== undefined && teamId !== null && (
        <Link
          to={`/app/teams/${teamId}/priorities?session=${session.id}`}
          className={buttonClasses("ghost", "sm")}
          aria-label={t("page.priorities")}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t("page.priorities")}</span>
        </Link>
      )}
      {onEdit && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("page.edit")}
          onClick={onEdit}
          leftIcon={<Pencil className="size-4" aria-hidden />}
        >
          <span className="hidden sm:inline">{t("page.edit")}</span>
        </Button>
      )}
      {extra}
      {/* On a phone every action is its icon, so they keep one row above the board (in Spanish too). */}
      <Button
        variant="outline"
        size="sm"
        aria-label={t("page.share")}
        onClick={onShare}
        leftIcon={<Share2 className="size-4" aria-hidden />}
      >
        <span className="hidden sm:inline">{t("page.share")}</span>
      </Button>
    </>
  );
}
