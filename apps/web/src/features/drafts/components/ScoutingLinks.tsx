import type { DraftSession } from "@draftroom/contracts";
import { Binoculars } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TeamLink } from "@/components/team/TeamLink.tsx";

/**
 * The session's two team names, each linking to its scouting report (saved teams only); a series
 * game's links open the report with that series' fearless section.
 */
export function ScoutingLinks({
  session,
  seriesId,
}: {
  session: DraftSession;
  seriesId?: string | undefined;
}) {
  const { t } = useTranslation("drafts");
  if (!session.blue_team && !session.red_team) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1">
      <Binoculars className="size-3.5 shrink-0" aria-hidden />
      <TeamLink
        id={session.blue_team?.id}
        name={session.blue_team?.name || session.blue_team_name}
        seriesId={seriesId}
      />
      <span>{t("card.versus")}</span>
      <TeamLink
        id={session.red_team?.id}
        name={session.red_team?.name || session.red_team_name}
        seriesId={seriesId}
      />
    </span>
  );
}
