import type { DraftSession } from "@draftroom/contracts";
import type { Side } from "@draftroom/draft";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

type Named = Pick<DraftSession, "blue_team" | "blue_team_name" | "red_team" | "red_team_name">;

/** Each side's display name: the team, else the free-text name, else "Blue Team" / "Red Team". */
export function useTeamNames(session: Named | null | undefined): Record<Side, string> {
  const { t } = useTranslation("drafts");
  const blue = session?.blue_team?.name || session?.blue_team_name || t("team.blue");
  const red = session?.red_team?.name || session?.red_team_name || t("team.red");
  // One object while the names stay the same (a session refetched after each lock keeps it).
  return useMemo(() => ({ BLUE: blue, RED: red }), [blue, red]);
}
