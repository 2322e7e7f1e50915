import { analyticsQuerySchema, analyticsSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { errorResponses } from "../accounts/http.ts";
import { authorizeList } from "../workspaces/access.ts";
import { planIncludes } from "../workspaces/service.ts";
import { type AnalyticsScope, actionFacts, championNames, sessionFacts } from "./repository.ts";
import { summarize, windowStart } from "./summary.ts";

/**
 * `GET /api/drafts/analytics/?days=N[&workspace=id]`: figures about the draft sessions of one space
 * over the last N days (today included, UTC), the space the sessions list shows: a workspace's
 * (every member's sessions; any member may read them, others get 404) or, without `workspace`, the
 * signed-in user's personal ones. `advanced_analytics` (Pro, or the trial) is required, from the
 * caller's plan or, inside a workspace, from the workspace's (a team pays once, decision 053);
 * otherwise 403 `forbidden`.
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/analytics/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["analytics"],
        summary: "Sessions created and completed, champion rankings, results and per-day counts",
        description:
          "The personal space's sessions, or with `?workspace=` that workspace's (any member; its plan may include analytics).",
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { days, workspace } = request.query;
      await authorizeList(request, workspace);
      if (!(await planIncludes(app.db, user.id, "advanced_analytics", workspace))) {
        throw new AppError(
          403,
          "forbidden",
          "Draft analytics are part of the Pro plan. Start the free trial or upgrade to see them.",
        );
      }
      const now = new Date();
      const since = windowStart(now, days).toISOString();
      const scope: AnalyticsScope = workspace ? { workspaceId: workspace } : { userId: user.id };
      const [sessions, actions] = await Promise.all([
        sessionFacts(app.db, scope, since),
        actionFacts(app.db, scope, since),
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
