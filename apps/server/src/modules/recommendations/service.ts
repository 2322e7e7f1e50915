import type { Position, Recommendations, StatisticsSummary } from "@draftroom/contracts";
import {
  draftStatus,
  estimateWin,
  nextStep,
  type PriorityInput,
  recommend,
  type Side,
} from "@draftroom/draft";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { championPool } from "../champions/service.ts";
import { sessionDraft } from "../drafts/service.ts";
import { teamsForDraft, visibleLeague } from "../leagues/service.ts";
import { getMatchStatistics, recommendationStatistics } from "../matches/service.ts";
import { ourSideOfSession } from "../rooms/service.ts";
import { workspaceDraftInputs } from "../workspaces/priorities.ts";
import { teamLedgerOf } from "./team-ledger-link.ts";

export interface RecommendationsQuery {
  side?: Side | undefined;
  action?: "BAN" | "PICK" | undefined;
  limit: number;
}

/**
 * Whose preparation ranks the champions (decision records 029, 046):
 * - `owner`: the session creator's team priorities (a personal session);
 * - `workspace`: the same, and on `side` (the side the workspace's own team plays; null: not
 *   known) that team's pools and priorities (set, or derived from the pools);
 * - `none`: nobody's (the other team's seat in a workspace room: nothing of ours reaches it).
 */
export type DraftPrep =
  | { readonly kind: "owner" }
  | { readonly kind: "workspace"; readonly workspaceId: string; readonly side: Side | null }
  | { readonly kind: "none" };

/**
 * A session's board (`GET /drafts/sessions/{id}/recommendations/`) for a user who may read it: a
 * workspace session ranks with the workspace's team on our side (its live room's, else the side
 * its linked league team plays); a personal one with its creator's priorities.
 *
 * @example
 * await boardRecommendations(db, creatorId, sessionId, { limit: 5 }, workspaceId);
 */
export async function boardRecommendations(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  query: RecommendationsQuery,
  workspaceId: string | undefined,
): Promise<Recommendations> {
  const prep: DraftPrep = workspaceId
    ? { kind: "workspace", workspaceId, side: await ourSideOfSession(db, sessionId) }
    : { kind: "owner" };
  return recommendationsFor(db, userId, sessionId, query, prep);
}

/**
 * Recommendations for one of the user's sessions: the draft so far, the champion pool, both
 * teams' priorities and names (names match the teams' match history), the league (its meta in
 * the imported games), and the statistics
 * (imported matches plus the user's finished drafts), ranked by packages/draft `recommend`, with
 * the draft's win estimate (`estimateWin`, on the imported games: stable from one load to the next).
 */
export async function recommendationsFor(
  db: Kysely<Database>,
  userId: number,
  sessionId: string,
  query: RecommendationsQuery,
  prep: DraftPrep = { kind: "owner" },
): Promise<Recommendations> {
  const { session, state } = await sessionDraft(db, userId, sessionId);
  // The team's own scrims (decision 058): only when the advised side is the workspace's own team,
  // so another team's seat, a personal draft or an unknown side never sees them.
  const advised = query.side ?? nextStep(state)?.side ?? null;
  const ours = prep.kind === "workspace" && prep.side !== null && advised === prep.side;
  const [champions, teams, stats, imported, league, fromWorkspace, ledger] = await Promise.all([
    championPool(db),
    teamsForDraft(db, userId, [session.blue_team_id, session.red_team_id]),
    recommendationStatistics(db, userId),
    getMatchStatistics(db),
    // The league's name matches imported games of that league (its meta); the session's owner
    // chose the league, so it is one they may use.
    session.league_id === null ? undefined : visibleLeague(db, Number(session.user_id), session.league_id),
    prep.kind === "workspace" && prep.side
      ? workspaceDraftInputs(db, prep.workspaceId, prep.side)
      : undefined,
    ours && prep.kind === "workspace" ? teamLedgerOf(db, prep.workspaceId) : null,
  ]);
  const pools = fromWorkspace?.pools;
  // The workspace's team: its priorities (set by its coaches, or derived from its pools).
  const priorities = (teamId: number | null, side: Side): PriorityInput[] =>
    fromWorkspace?.priorities[side] ??
    (teamId === null || prep.kind === "none"
      ? []
      : (teams.priorities.get(teamId) ?? []).map((entry) => ({
          champion_id: entry.champion_id,
          tier: entry.tier,
          positions: entry.positions,
        })));
  const name = (teamId: number | null) => (teamId === null ? null : (teams.names.get(teamId) ?? null));
  const result = recommend({
    state,
    champions,
    ...(query.side ? { side: query.side } : {}),
    ...(query.action ? { action: query.action } : {}),
    priorities: {
      BLUE: priorities(session.blue_team_id, "BLUE"),
      RED: priorities(session.red_team_id, "RED"),
    },
    teams: { BLUE: name(session.blue_team_id), RED: name(session.red_team_id) },
    league: league?.name ?? null,
    statistics: stats.statistics,
    limit: query.limit,
    ...(pools ? { pools } : {}),
    ...(ledger ? { ledger } : {}),
  });
  const byId = new Map(champions.map((champion) => [champion.id, champion]));
  return {
    side: result.side,
    action: result.action,
    draft_complete: draftStatus(state) === "complete",
    items: result.items.map((item) => {
      const champion = byId.get(item.champion_id);
      return {
        champion_id: item.champion_id,
        champion: {
          id: item.champion_id,
          name: champion?.name ?? String(item.champion_id),
          champion_key: champion?.champion_key ?? "",
          icon_url: champion?.icon_url ?? "",
        },
        rank: item.rank,
        score: item.score,
        position: item.position as Position | null,
        win_rate: item.win_rate,
        win_rate_games: item.win_rate_games,
        reasons: item.reasons.map((reason) => ({ key: reason.key, params: { ...reason.params } })),
      };
    }),
    summary: result.summary.map((reason) => ({ key: reason.key, params: { ...reason.params } })),
    basis: { ...result.basis, sources: stats.sources },
    // The imported games only (when there are any): the user's own drafts join the statistics as
    // they finish, and must not move the estimate of the same draft from one load to the next.
    win_estimate: estimateWin(
      state,
      imported.count > 0 && imported.statistics ? imported.statistics : stats.statistics,
      { BLUE: name(session.blue_team_id), RED: name(session.red_team_id) },
    ),
  };
}

/** Per-champion statistics (optionally of some patches only), most contested first. */
export async function statisticsSummary(
  db: Kysely<Database>,
  userId: number,
  patches: readonly string[] = [],
): Promise<StatisticsSummary> {
  const [stats, champions] = await Promise.all([
    recommendationStatistics(db, userId, { patches }),
    championPool(db),
  ]);
  const byId = new Map(champions.map((champion) => [champion.id, champion]));
  const rows = stats.statistics?.champions ?? [];
  return {
    games: stats.statistics?.games ?? 0,
    patches: [...(stats.statistics?.patches ?? [])],
    decided_games: stats.statistics?.decided_games ?? 0,
    sources: stats.sources,
    champions: rows
      .filter((row) => byId.has(row.champion_id))
      .map((row) => {
        const champion = byId.get(row.champion_id)!;
        return {
          champion_id: row.champion_id,
          name: champion.name,
          champion_key: champion.champion_key,
          icon_url: champion.icon_url,
          picks: row.picks,
          bans: row.bans,
          games: row.games,
          wins: row.wins,
          positions: { ...row.positions },
        };
      })
      .sort((a, b) => b.picks + b.bans - (a.picks + a.bans) || a.name.localeCompare(b.name)),
  };
}
