import {
  apiErrorSchema,
  recommendationsQuerySchema,
  recommendationsSchema,
  sessionParamsSchema,
  statisticsQuerySchema,
  statisticsSummarySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { notFound, sessionOwnership } from "../drafts/service.ts";
import { actingUserId, workspaceItemAccess } from "../workspaces/access.ts";
import { boardRecommendations, statisticsSummary } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Recommendations and the statistics behind them; the service decides, the handlers answer. */
const recommendationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/sessions/:id/recommendations/",
    {
      onRequest: authenticate,
      // A workspace session: any member may read its recommendations, with the workspace's
      // pools and priorities on our side (decision records 019, 046).
      preHandler: workspaceItemAccess(sessionOwnership, "read", notFound),
      schema: {
        tags: ["drafts"],
        summary:
          "Ranked champions with reasons for the next step (or ?side= and ?action=), and the win estimate",
        params: sessionParamsSchema,
        querystring: recommendationsQuerySchema,
        response: { 200: recommendationsSchema, ...errors },
      },
    },
    async (request) =>
      boardRecommendations(
        app.db,
        actingUserId(request),
        request.params.id,
        request.query,
        request.actingWorkspaceId,
      ),
  );

  app.get(
    "/drafts/statistics/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary:
          "Per-champion picks, bans, games and wins (imported matches and the caller's results; ?patch=)",
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSummarySchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      statisticsSummary(app.db, requireUser(request).id, request.query.patch?.split(",") ?? []),
  );
};

export default recommendationRoutes;
