import { ROUTES, type ScoutingTeamList } from "@draftroom/contracts";
import { Binoculars } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Input } from "@/components/ui/Field.tsx";
import { SearchableSelect, type SelectOption } from "@/components/ui/SearchableSelect.tsx";
import { useScoutingTeams } from "@/lib/scouting-teams.ts";

/** The select's value for "a team that is not in our data". */
export const NOT_IN_DATA = "not-in-data";

/**
 * The team a stored opponent name stands for: matched without case or surrounding spaces, the way
 * the drill's model finds its history. Undefined: no such team in our data.
 */
export function teamNamed(teams: ScoutingTeamList, name: string | null) {
  const key = name?.trim().toLowerCase();
  if (!key) return undefined;
  return teams.find((team) => team.name.trim().toLowerCase() === key);
}

/**
 * The plan's opponent, chosen from the teams with games (searchable by team and league, with their
 * game counts) and linked to its scouting report. A team outside our data is an explicit choice,
 * "Not in our data", which then asks for its name: a typo can no longer drill against nobody
 * without a word.
 */
export function OpponentField({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("draftPlans");
  const id = useId();
  const teams = useScoutingTeams();
  const matched = teams.data ? teamNamed(teams.data, value) : undefined;
  // Free text is a mode the user chose, or a stored name our data does not know.
  const [freeText, setFreeText] = useState(false);
  const outside = freeText || (teams.isSuccess && Boolean(value?.trim()) && !matched);
  const options = useMemo<SelectOption[]>(
    () => [
      ...(teams.data ?? []).map((team) => ({
        value: String(team.id),
        label: t("editor.opponentOption", { team: team.name, league: team.league, count: team.games }),
        keywords: [team.name, team.league],
      })),
      { value: NOT_IN_DATA, label: t("editor.opponentOutside") },
    ],
    [teams.data, t],
  );
  const selected = outside ? NOT_IN_DATA : matched ? String(matched.id) : null;

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="font-medium text-fg text-sm">
        {t("editor.opponent")}
      </span>
      <SearchableSelect
        aria-label={t("editor.opponent")}
        aria-describedby={`${id}-hint`}
        options={options}
        value={selected}
        disabled={disabled || teams.isPending}
        placeholder={teams.isPending ? t("editor.opponentLoading") : t("editor.opponentChoose")}
        searchPlaceholder={t("editor.opponentSearch")}
        emptyText={t("editor.opponentNone")}
        onChange={(next) => {
          if (next === NOT_IN_DATA) {
            setFreeText(true);
            if (matched) onChange(null);
            return;
          }
          setFreeText(false);
          const team = teams.data?.find((candidate) => String(candidate.id) === next);
          onChange(team ? team.name : null);
        }}
      />
      {outside || teams.isError ? (
        <>
          <Input
            aria-label={t("editor.opponentName")}
            placeholder={t("editor.opponentName")}
            value={value ?? ""}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value || null)}
          />
          <p id={`${id}-hint`} className="text-muted text-xs">
            {teams.isError ? t("editor.opponentTeamsFailed") : t("editor.opponentOutsideHint")}
          </p>
        </>
      ) : matched ? (
        <p id={`${id}-hint`} className="text-xs">
          <Link
            to={ROUTES.scoutingTeam(matched.id)}
            className="inline-flex items-center gap-1 font-semibold text-primary underline"
          >
            <Binoculars className="size-3.5" aria-hidden />
            {t("editor.opponentScouting", { team: matched.name })}
          </Link>
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {t("editor.opponentHint")}
        </p>
      )}
    </div>
  );
}
