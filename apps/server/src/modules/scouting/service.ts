import {
  SCOUTING_FEW_GAMES,
  SCOUTING_PREVIEW_TOP,
  type ScoutingCompare,
  type ScoutingFearless,
  type ScoutingReport,
  type ScoutingTeamList,
  type Team,
} from "@draftroom/contracts";
import { teamKey } from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { visibleTeams, visibleTeamsWithLeague } from "../leagues/service.ts";
import { getSeries } from "../series/service.ts";
import { planIncludes } from "../workspaces/service.ts";
import {
  buildScoutingReport,
  type ChampionNames,
  recordOf,
  remainingDepth,
  type ScoutingGame,
  sharedPicks,
} from "./report.ts";
import { championNames, draftGamesOf } from "./repository.ts";
import {
  type GameFilters,
  gamesByTeamKey,
  importedGamesOf,
  patchesOf,
  type TeamIndex,
  teamIndex,
} from "./team-index.ts";

/**
 * Scouting reports: a team's games (imported professional games matched by name; the caller's
 * finished drafts with the team only on request, labelled) counted by report.ts. The full report and the compare
 * view need a plan with `advanced_analytics` (Pro or the trial); other plans get the preview of a
 * report (record, sides, three most picked) and 403 `plan_limit` on compare
 * (docs/decisions/016-scouting-reports.md).
 */

type Db = Kysely<Database>;

export interface ReportOptions extends GameFilters {
  series_id?: string | undefined;
  /** Asked inside this workspace: its plan may include the full report. */
  workspace?: string | undefined;
  /** Adds the caller's own finished drafts to the figures (labelled; never professional games). */
  include_drafts?: boolean | undefined;
}

function teamNotFound(): AppError {
  return new AppError(404, "not_found", "Team not found.");
}

async function findVisibleTeam(db: Db, userId: number, teamId: number): Promise<Team> {
  const [team] = await visibleTeams(db, userId, [teamId]);
  if (!team) throw teamNotFound();
  return team;
}

/**
 * Whether the full report is included: by the user's plan, or, asked inside a workspace
 * (`workspaceId`), by that workspace's plan (a team pays once, decision record 053).
 */
export function hasFullScouting(db: Db, userId: number, workspaceId?: string): Promise<boolean> {
  return planIncludes(db, userId, "advanced_analytics", workspaceId);
}

interface LoadedTeam {
  team: Team;
  index: TeamIndex;
  patches: ScoutingReport["patches"];
  /** Imported (professional) games, then the user's drafts when they are included. */
  games: ScoutingGame[];
  /** The user's drafts in `games` (0 unless included). */
  drafts: number;
  /** The user's drafts with the team in the filters, included or not. */
  draftsAvailable: number;
  patchRange: ScoutingReport["patch_range"];
}

/** Oldest and newest patch of some games ("15.9" before "15.10"). */
function patchRangeOf(games: readonly ScoutingGame[]): ScoutingReport["patch_range"] {
  const patches = [...new Set(games.flatMap((game) => (game.patch ? [game.patch] : [])))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );
  const first = patches[0];
  const last = patches[patches.length - 1];
  return first && last ? { first, last } : null;
}

/**
 * A team's games: its professional (imported) games always; the user's own drafts only when
 * asked for (`includeDrafts`), so prep never passes for what the team really plays.
 */
async function loadTeam(
  db: Db,
  userId: number,
  team: Team,
  index: TeamIndex,
  filters: GameFilters,
  includeDrafts = false,
): Promise<LoadedTeam> {
  const drafts = await draftGamesOf(db, userId, team.id, filters);
  const professional = importedGamesOf(index, team.name, filters);
  const included = includeDrafts ? drafts : [];
  return {
    team,
    index,
    patches: patchesOf(index, team.name),
    games: [...professional, ...included],
    drafts: included.length,
    draftsAvailable: drafts.length,
    patchRange: patchRangeOf(professional),
  };
}

/**
 * Counted imported games per index (so per import), team and filters. Imported games are the
 * same for every user, so one count serves everyone who asks for that team and those filters
 * until the next import; a user with their own drafts of the team gets a fresh count.
 */
const counted = new WeakMap<TeamIndex, Map<string, ReturnType<typeof buildScoutingReport>>>();
const COUNTED_LIMIT = 300;

function countGames(loaded: LoadedTeam, filters: GameFilters, names: ChampionNames) {
  if (loaded.drafts > 0) return buildScoutingReport(loaded.games, names);
  let cache = counted.get(loaded.index);
  if (!cache) {
    cache = new Map();
    counted.set(loaded.index, cache);
  }
  const key = JSON.stringify([
    teamKey(loaded.team.name),
    filters.from ?? "",
    filters.to ?? "",
    filters.patch ?? "",
  ]);
  let result = cache.get(key);
  if (result) {
    // Most recently used last.
    cache.delete(key);
  } else {
    result = buildScoutingReport(loaded.games, names);
    if (cache.size >= COUNTED_LIMIT) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, result);
  return result;
}

function filtersOf(filters: GameFilters): ScoutingReport["filters"] {
  return { from: filters.from ?? null, to: filters.to ?? null, patch: filters.patch ?? null };
}

function present(
  loaded: LoadedTeam,
  filters: GameFilters,
  full: boolean,
  names: ChampionNames,
): ScoutingReport {
  const { summary, details } = countGames(loaded, filters, names);
  const { team } = loaded;
  return {
    access: full ? "full" : "preview",
    team: { id: team.id, name: team.name, short_name: team.short_name, league_id: team.league_id },
    filters: filtersOf(filters),
    patches: loaded.patches,
    drafts_included: loaded.drafts > 0,
    drafts_available: loaded.draftsAvailable,
    few_games: summary.sources.matches < SCOUTING_FEW_GAMES,
    patch_range: loaded.patchRange,
    summary,
    top_picks: full ? details.picks : details.picks.slice(0, SCOUTING_PREVIEW_TOP),
    details: full ? details : null,
    fearless: null,
  };
}

/** The fearless section: what the series' rules lock for this team in its coming game. */
async function fearlessSection(
  db: Db,
  userId: number,
  seriesId: string,
  loaded: LoadedTeam,
  names: ChampionNames,
): Promise<ScoutingFearless> {
  const series = await getSeries(db, userId, seriesId);
  const { team } = loaded;
  const seat =
    series.team_a.id === team.id
      ? "A"
      : series.team_b.id === team.id
        ? "B"
        : teamKey(series.team_a.name) === teamKey(team.name)
          ? "A"
          : teamKey(series.team_b.name) === teamKey(team.name)
            ? "B"
            : null;
  if (seat === null) {
    throw new AppError(400, "validation_error", "Invalid input.", {
      series_id: "This team does not play in that series.",
    });
  }
  const locked = series.locked[seat];
  const lockedIds = new Set(locked.map((entry) => entry.champion_id));
  return {
    series_id: series.id,
    title: series.title,
    game: series.locked_game,
    fearless: series.rule.from !== "none",
    used: locked.map((entry) => ({
      champion_id: entry.champion_id,
      name: names.get(entry.champion_id) ?? "",
      kind: entry.kind,
      game: entry.game,
      own: entry.kind !== "disabled" && entry.team === seat,
    })),
    depth: remainingDepth(loaded.games, lockedIds, names),
  };
}

/**
 * A team's scouting report for the caller: full with Pro (or the trial), a preview otherwise.
 *
 * @example
 * const report = await scoutingReport(app.db, user.id, 12, { patch: "15.1" });
 * report.summary.sides.BLUE.win_rate; // 0.6
 */
export async function scoutingReport(
  db: Db,
  userId: number,
  teamId: number,
  options: ReportOptions,
): Promise<ScoutingReport> {
  const team = await findVisibleTeam(db, userId, teamId);
  const filters: GameFilters = { from: options.from, to: options.to, patch: options.patch };
  const [full, index, names] = await Promise.all([
    hasFullScouting(db, userId, options.workspace),
    teamIndex(db),
    championNames(db),
  ]);
  const loaded = await loadTeam(db, userId, team, index, filters, options.include_drafts === true);
  const report = present(loaded, filters, full, names);
  report.drafts_included = options.include_drafts === true;
  if (full && options.series_id) {
    report.fearless = await fearlessSection(db, userId, options.series_id, loaded, names);
  }
  return report;
}

/**
 * Two teams side by side, with their games against each other (A's point of view) and the
 * champions both pick. Pro (or the trial) only: 403 `plan_limit` otherwise.
 */
export async function compareTeams(
  db: Db,
  userId: number,
  teamIds: { a: number; b: number },
  filters: GameFilters,
  workspaceId?: string,
): Promise<ScoutingCompare> {
  const [teamA, teamB] = await Promise.all([
    findVisibleTeam(db, userId, teamIds.a),
    findVisibleTeam(db, userId, teamIds.b),
  ]);
  const [full, index, names] = await Promise.all([
    hasFullScouting(db, userId, workspaceId),
    teamIndex(db),
    championNames(db),
  ]);
  if (!full) {
    throw new AppError(
      403,
      "plan_limit",
      "Comparing teams is part of the Pro plan. Start the free trial or upgrade to use it.",
    );
  }
  const [a, b] = await Promise.all([
    loadTeam(db, userId, teamA, index, filters),
    loadTeam(db, userId, teamB, index, filters),
  ]);
  const opponentKey = teamKey(teamB.name);
  return {
    a: present(a, filters, true, names),
    b: present(b, filters, true, names),
    head_to_head: recordOf(a.games.filter((game) => teamKey(game.opponent) === opponentKey)),
    shared_picks: sharedPicks(a.games, b.games, names),
  };
}

/**
 * The teams the caller can scout (seeded and their own), each with its imported games, most
 * games first; teams without imported games follow by name.
 */
export async function scoutableTeams(db: Db, userId: number): Promise<ScoutingTeamList> {
  const [index, teams] = await Promise.all([teamIndex(db), visibleTeamsWithLeague(db, userId)]);
  const byKey = gamesByTeamKey(index);
  return teams
    .map(({ team, league }) => ({
      id: team.id,
      name: team.name,
      short_name: team.short_name,
      league_id: team.league_id,
      league,
      games: byKey.get(teamKey(team.name)) ?? 0,
    }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}
