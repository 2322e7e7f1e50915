import { isRowId, type ScoutingCompare, type ScoutingReport } from "@draftroom/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError, requestById } from "@/lib/api.ts";
import { workspacesQuery } from "@/lib/collab-api.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";

/** Filters of a report or a comparison, as the URL carries them. */
export interface ScoutingFilterValues {
  from: string;
  to: string;
  patch: string;
}

export const scoutingKeys = {
  all: ["scouting"] as const,
  teams: () => [...scoutingKeys.all, "teams"] as const,
  report: (
    teamId: number,
    filters: ScoutingFilterValues,
    seriesId: string | null,
    drafts: boolean,
    workspace: string | null = null,
  ) => [...scoutingKeys.all, "report", teamId, filters, seriesId, drafts, workspace] as const,
  compare: (a: number, b: number, filters: ScoutingFilterValues, workspace: string | null = null) =>
    [...scoutingKeys.all, "compare", a, b, filters, workspace] as const,
};

const query = (filters: ScoutingFilterValues) => ({
  from: filters.from || undefined,
  to: filters.to || undefined,
  patch: filters.patch || undefined,
});

/** The teams list lives in lib (the plan editor picks its opponent from it too). */
export { useScoutingTeams } from "@/lib/scouting-teams.ts";

/** A team's report as asked: one key, one function, for the report page and its page load's ahead. */
export const scoutingReportQuery = (
  teamId: number,
  filters: ScoutingFilterValues,
  seriesId: string | null,
  drafts: boolean,
  workspace: string | null,
) =>
  queryOptions({
    queryKey: scoutingKeys.report(teamId, filters, seriesId, drafts, workspace),
    queryFn: () =>
      requestById(String(teamId), isRowId, () =>
        api.get<ScoutingReport>(`/scouting/teams/${teamId}/`, {
          query: {
            ...query(filters),
            series_id: seriesId ?? undefined,
            include_drafts: drafts ? "true" : undefined,
            workspace: workspace ?? undefined,
          },
        }),
      ),
  });

/** What a report page asks for, read from its URL's search parameters. */
export function reportRequest(params: URLSearchParams) {
  const filters = filtersFromParams(params);
  // A reversed range is shown as such and asked without its end.
  const reversed = filters.from !== "" && filters.to !== "" && filters.from > filters.to;
  return {
    filters,
    reversed,
    asked: reversed ? { ...filters, to: "" } : filters,
    seriesId: params.get("series"),
    includeDrafts: params.get("drafts") === "1",
  };
}

/** Reads the filters from the URL's search parameters. */
export function filtersFromParams(params: URLSearchParams): ScoutingFilterValues {
  const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");
  return { from: day(params.get("from")), to: day(params.get("to")), patch: params.get("patch") ?? "" };
}

/** A team's report; `drafts` adds the caller's own drafts (labelled, never professional games). */
export function useScoutingReport(
  teamId: number,
  filters: ScoutingFilterValues,
  seriesId: string | null,
  drafts = false,
) {
  // Asked inside the chosen workspace: its plan may include the full report (a team pays once).
  const workspace = useCurrentWorkspace();
  return useQuery({
    ...scoutingReportQuery(teamId, filters, seriesId, drafts, workspace),
    placeholderData: keepPreviousData,
  });
}

export function useScoutingCompare(a: number, b: number, filters: ScoutingFilterValues) {
  const workspace = useCurrentWorkspace();
  return useQuery({
    queryKey: scoutingKeys.compare(a, b, filters, workspace),
    queryFn: () =>
      api.get<ScoutingCompare>("/scouting/compare/", {
        query: { a, b, ...query(filters), workspace: workspace ?? undefined },
      }),
    placeholderData: keepPreviousData,
    enabled: a > 0 && b > 0 && a !== b,
  });
}

/** The server answers 403 `plan_limit` on compare for plans without the full report. */
export function isScoutingLocked(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 403;
}

/**
 * The chosen workspace when the scouted team is that workspace's own team (its linked league
 * team), else null: only then does the report offer the team's scrims beside its official games.
 */
export function useOwnTeamWorkspace(teamId: number): string | null {
  const workspaceId = useCurrentWorkspace();
  const workspaces = useQuery({
    ...workspacesQuery,
    enabled: workspaceId !== null,
  });
  const workspace = workspaces.data?.find((candidate) => candidate.id === workspaceId);
  return workspace && workspace.team_id === teamId ? workspace.id : null;
}
