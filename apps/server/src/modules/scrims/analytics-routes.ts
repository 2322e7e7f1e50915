import {
  scrimAnalyticsQuerySchema,
  scrimAnalyticsSchema,
  scrimLedgerQuerySchema,
  scrimWorkspaceParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { LedgerCache } from "./analytics/ledger-cache.ts";
import { scrimAnalytics, scrimLedgerCsv } from "./analytics/service.ts";

const tags = ["scrims"];

/**
 * What the team learns from its scrims (issue 33, decision record 056): the analytics and the
 * ledger's CSV. Team-only: a member's token, the workspace's own ledger, another workspace's id the
 * 404 of a missing one. The CSV is a file that can leave the team, so it takes the `export`
 * capability (owners, coaches, analysts), as the workspace export does.
 */
const scrimAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const cache = new LedgerCache();
  // Whatever a ledger row is built from: the scrim and its games, a linked draft, a plan's name.
  for (const name of ["scrim.changed", "session.changed", "series.changed", "plan.changed"] as const) {
    app.events.on(name, ({ workspaceId }) => {
      if (workspaceId) cache.invalidate(workspaceId);
    });
  }

  app.get(
    "/workspaces/:id/scrims/analytics/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          "What the team learns: win rates by side, first pick, opponent, plan, branch, verdict, tag; players",
        description:
          "Members of the workspace. Scrims only unless `kind` says otherwise; `kind=all` mixes scrims and official games and answers `mixed: true`. Only played games count (`n`); remakes, games stopped early and unplayed games are listed in `games.excluded`. Each figure has its sample size and `small_sample` below `small_sample_threshold` games.",
        params: scrimWorkspaceParamsSchema,
        querystring: scrimAnalyticsQuerySchema,
        response: { 200: scrimAnalyticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => scrimAnalytics(db, cache, requireUser(request).id, request.params.id, request.query),
  );

  app.get(
    "/workspaces/:id/scrims/export/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The ledger as CSV, one line per game, for the filters (owners, coaches, analysts)",
        params: scrimWorkspaceParamsSchema,
        querystring: scrimLedgerQuerySchema,
        response: {
          200: z.string().describe("CSV (text/csv, UTF-8 with a byte order mark), one line per game"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await scrimLedgerCsv(db, cache, requireUser(request).id, request.params.id, request.query);
      const name = `scrim-ledger-${request.query.kind}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );
};

export default scrimAnalyticsRoutes;
