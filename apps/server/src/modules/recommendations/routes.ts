import {
  apiErrorSchema,
  type Position,
  recommendationsQuerySchema,
  recommendationsSchema,
  sessionParamsSchema,
  statisticsSummarySchema,
} from "@draftroom/contracts";
import { draftStatus, type PriorityInput, recommend } from "@draftroom/draft";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { listChampions } from "../champions/repository.ts";
import { findSessionRow, listActions } from "../drafts/repository.ts";
import { loadDraftContext, notFound, replay } from "../drafts/service.ts";
import { prioritiesByTeam } from "../leagues/repository.ts";
import { statisticsFor } from "../matches/statistics.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * Recommendations for the team about to act, from packages/draft `recommend`: the draft so far,
 * the champion pool, the caller's priorities for both teams, and the statistics available
 * (imported matches plus the caller's finished drafts with a result).
 */
const recommendationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/sessions/:id/recommendations/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "Ranked champions with reasons for the next step (or ?side= and ?action=)",
        params: sessionParamsSchema,
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const session = await findSessionRow(app.db, user.id, request.params.id);
      if (!session) throw notFound();
      const teamIds = [session.blue_team_id, session.red_team_id].filter((id): id is number => id !== null);
      const [actions, champions, priorities, stats] = await Promise.all([
        listActions(app.db, session.id),
        listChampions(app.db),
        prioritiesByTeam(app.db, user.id, teamIds),
        statisticsFor(app.db, user.id),
      ]);
      const state = replay(actions, await loadDraftContext(app.db, session.id, session.format));
      const toInput = (teamId: number | null): PriorityInput[] =>
        teamId === null
          ? []
          : (priorities.get(teamId) ?? []).map((entry) => ({
              champion_id: entry.champion_id,
              tier: entry.tier,
              positions: entry.positions,
            }));
      const { side, action, limit } = request.query;
      const result = recommend({
        state,
        champions,
        ...(side ? { side } : {}),
        ...(action ? { action } : {}),
        priorities: { BLUE: toInput(session.blue_team_id), RED: toInput(session.red_team_id) },
        statistics: stats.statistics,
        limit,
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
            reasons: item.reasons.map((reason) => ({ key: reason.key, params: { ...reason.params } })),
          };
        }),
        summary: result.summary.map((reason) => ({ key: reason.key, params: { ...reason.params } })),
        basis: { ...result.basis, sources: stats.sources },
      };
    },
  );

  app.get(
    "/drafts/statistics/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "Per-champion picks, bans, games and wins (imported matches and the caller's results)",
        response: { 200: statisticsSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [stats, champions] = await Promise.all([statisticsFor(app.db, user.id), listChampions(app.db)]);
      const byId = new Map(champions.map((champion) => [champion.id, champion]));
      const rows = stats.statistics?.champions ?? [];
      return {
        games: stats.statistics?.games ?? 0,
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
    },
  );
};

export default recommendationRoutes;
