import type { League, Team, Workspace } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field } from "@/components/ui/Field.tsx";
import { SearchableSelect, type SelectOption } from "@/components/ui/SearchableSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { errorMessage } from "@/lib/errors.ts";
import { allTeamsQuery, leaguesQuery } from "@/lib/leagues.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import "./i18n-workspaces.d.ts";

/** The select's value for "no league team". */
const NONE = "none";

/** A team as the picker names it: "G2 Esports · LEC". */
function teamLabel(team: Team, leagues: ReadonlyMap<number, League>): string {
  const league = leagues.get(team.league_id)?.name;
  return league ? `${team.name} · ${league}` : team.name;
}

/**
 * The workspace's league team (decision record 046): the team whose imported games are ours
 * (scouting, match history, the suggestions' "our team"), or none when the team plays outside any
 * league. Linking is an explicit choice; a live room asks which side we play when nothing links
 * us. Whoever the server lets change the workspace (`manage_workspace`) picks from every team they
 * can see, searchable by team and league; everyone else reads it.
 */
export function LeagueTeamSetting({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const client = useQueryClient();
  const mayChange = mayIn(workspace, "manage_workspace");
  const leagues = useQuery(leaguesQuery);
  const teams = useQuery(allTeamsQuery(client));
  const save = useMutation({
    mutationFn: (teamId: number | null) => workspacesApi.update(workspace.id, { team_id: teamId }),
    onSuccess: (updated) => {
      client.setQueryData(workspaceKeys.one(workspace.id), updated);
      void client.invalidateQueries({ queryKey: workspaceKeys.list() });
      toast.success(updated.team_name ? t("team.saved", { team: updated.team_name }) : t("team.savedNone"));
    },
  });

  const leagueById = useMemo(
    () => new Map((leagues.data ?? []).map((league) => [league.id, league])),
    [leagues.data],
  );
  const current = teams.data?.find((team) => team.id === workspace.team_id);
  const currentText =
    workspace.team_id === null
      ? t("team.outside")
      : current
        ? teamLabel(current, leagueById)
        : (workspace.team_name ?? t("team.unknown"));
  const options = useMemo<SelectOption[]>(
    () => [
      { value: NONE, label: t("team.none") },
      ...(teams.data ?? [])
        .map((team) => ({
          value: String(team.id),
          label: teamLabel(team, leagueById),
          keywords: [leagueById.get(team.league_id)?.name ?? "", team.short_name],
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [teams.data, leagueById, t],
  );
  const choose = (value: string | null) => {
    // Choosing the current entry again clears the select: nothing changes.
    if (value === null) return;
    const teamId = value === NONE ? null : Number(value);
    if (teamId !== workspace.team_id) save.mutate(teamId);
  };
  const failed = leagues.isError || teams.isError;

  return (
    <section aria-labelledby="ws-team" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-team" className="flex items-center gap-2 text-lg font-bold text-fg">
        <Trophy aria-hidden className="size-5 text-accent" />
        {t("team.title")}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted">{t("team.text")}</p>
      {!mayChange ? (
        <p className="mt-3 text-sm text-fg" data-testid="workspace-team">
          <span className="font-semibold">{currentText}</span>
          <span className="block text-xs text-muted">{t("team.ownersChange")}</span>
        </p>
      ) : failed ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <p role="alert" className="text-sm text-danger">
            {t("team.loadFailed")}
          </p>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void (leagues.isError ? leagues.refetch() : teams.refetch())}
          >
            {t("team.retry")}
          </Button>
        </div>
      ) : teams.isPending ? (
        <div role="status" className="mt-3 flex items-center gap-2 text-sm text-muted">
          <Spinner />
          {t("team.loading")}
        </div>
      ) : (
        <div className="mt-3 flex max-w-md flex-col gap-2">
          <Field
            label={t("team.label")}
            hint={options.length === 1 ? t("team.empty") : t("team.hint")}
            error={save.isError ? errorMessage(save.error) : null}
          >
            {(control) => (
              <SearchableSelect
                {...control}
                options={options}
                value={workspace.team_id === null ? NONE : String(workspace.team_id)}
                onChange={choose}
                disabled={save.isPending}
                searchPlaceholder={t("team.search")}
                emptyText={t("team.noMatch")}
              />
            )}
          </Field>
          <p className="text-xs text-muted" aria-live="polite">
            {save.isPending ? t("team.saving") : t("team.current", { team: currentText })}
          </p>
        </div>
      )}
    </section>
  );
}
