import {
  draftPlanParamsSchema,
  planScrimsSchema,
  scrimDraftingQuerySchema,
  scrimDraftingSchema,
  scrimWorkspaceParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { feedLedgerCache, planScrims, scrimDrafting } from "./feeds.ts";

const tags = ["scrims"];

/**
 * What the scrim ledger feeds to other pages (issue 33 "It feeds the rest", decision record 058):
 * a plan's branches in scrims and how we draft in scrims. Team-only: a member's token, the
 * workspace's own ledger, another workspace's (or plan's) id the 404 of a missing one. The
 * draft-plans module sits below scrims, so the plan's figures are served here, not there.
 */
const scrimFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const cache = feedLedgerCache(db, app.events);

  app.get(
    "/draft-plans/:id/scrims/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "How a plan's branches fared in the workspace's scrims (games, record, verdicts, the games)",
        description:
          "Whoever may read the plan. Scrims only (never official games). Per branch (and the root): `n`/`wins`/`losses` count played games only, `games` every game that followed it, `small_sample` below `small_sample_threshold`. A personal plan has no scrims: empty figures.",
        params: draftPlanParamsSchema,
        response: { 200: planScrimsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => planScrims(db, cache, requireUser(request).id, request.params.id),
  );

  app.get(
    "/workspaces/:id/scrims/drafting/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "How we draft in our scrims: record, sides, first pick, our picks and bans, bans against us",
        description:
          "Members of the workspace. The scrim ledger only: the team's official games are scouting's report of its linked team (`team_id`); the two are never added together.",
        params: scrimWorkspaceParamsSchema,
        querystring: scrimDraftingQuerySchema,
        response: { 200: scrimDraftingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => scrimDrafting(db, cache, requireUser(request).id, request.params.id, request.query),
  );
};

export default scrimFeedRoutes;
