import { analyticsQuerySchema, analyticsSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { errorResponses } from "../accounts/http.ts";
import { hasFeature } from "../subscriptions/service.ts";
import { actionFacts, championNames, sessionFacts } from "./repository.ts";
import { summarize, windowStart } from "./summary.ts";

/**
 * `GET /api/drafts/analytics/?days=N`: figures about the signed-in user's own draft sessions over
 * the last N days (today included, UTC). A tier with `advanced_analytics` (Pro, or the trial) is
 * required; other plans get 403 `forbidden`.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/analytics/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["analytics"],
        summary: "Sessions created and completed, champion rankings, results and per-day counts",
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await hasFeature(app.db, user.id, "advanced_analytics"))) {
        throw new AppError(
          403,
          "forbidden",
          "Draft analytics are part of the Pro plan. Start the free trial or upgrade to see them.",
        );
      }
      const now = new Date();
      const { days } = request.query;
      const since = windowStart(now, days).toISOString();
      const [sessions, actions] = await Promise.all([
        sessionFacts(app.db, user.id, since),
        actionFacts(app.db, user.id, since),
      ]);
      const ids = [
        ...new Set(actions.flatMap((action) => (action.champion_id === null ? [] : [action.champion_id]))),
      ];
      const names = await championNames(app.db, ids);
      return summarize({ days, now, sessions, actions, names });
    },
  );
};

export default analyticsRoutes;
