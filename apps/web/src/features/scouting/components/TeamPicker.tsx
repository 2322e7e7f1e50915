import type { ScoutingTeamList } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";

/** A searchable team select (name, league; teams with games say how many). */
export function TeamPicker({
  teams,
  value,
  onChange,
  label,
  exclude,
}: {
  teams: ScoutingTeamList;
  value: number | null;
  onChange: (teamId: number | null) => void;
  label: string;
  exclude?: number | null;
}) {
  const { t } = useTranslation("scouting");
  return (
    <SearchableSelect
      aria-label={label}
      placeholder={label}
      searchPlaceholder={t("picker.search")}
      emptyText={t("picker.none")}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      options={teams
        .filter((team) => team.id !== exclude)
        .map((team) => ({
          value: String(team.id),
          label: team.games > 0 ? t("picker.option", { name: team.name, count: team.games }) : team.name,
          keywords: [team.league, team.short_name],
        }))}
    />
  );
}
