import {
  numericIdParamsSchema,
  scoutingCompareQuerySchema,
  scoutingCompareSchema,
  scoutingReportQuerySchema,
  scoutingReportSchema,
  scoutingTeamListSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { compareTeams, scoutableTeams, scoutingReport } from "./service.ts";
import { warmTeamIndex } from "./team-index.ts";

/**
 * Scouting: the teams one can scout, a team's report (`?from=&to=&patch=&series_id=`) and two
 * teams compared. Every signed-in user may ask for a report: without Pro (or the trial) it is the
 * preview (`access: "preview"`, `details: null`); comparing answers 403 `plan_limit` then.
 */
const scoutingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The imported games are indexed by team from the start, not on the first report.
  app.addHook("onReady", async () => warmTeamIndex(app.db));

  app.get(
    "/scouting/teams/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["scouting"],
        summary: "Teams the caller can scout, with their imported games",
        response: { 200: scoutingTeamListSchema, ...errorResponses(401) },
      },
    },
    async (request) => scoutableTeams(app.db, requireUser(request).id),
  );

  app.get(
    "/scouting/teams/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["scouting"],
        summary: "A team's scouting report (full with Pro or the trial, a preview otherwise)",
        description:
          "Imported professional games whose team name matches the team. `include_drafts=true` adds the caller's finished drafts with it (labelled as the caller's own, never counted as professional games; `drafts_available` says how many there are). `few_games` is true below SCOUTING_FEW_GAMES professional games; `patch_range` is the oldest and newest patch in the figures. `from`/`to` are inclusive UTC days (YYYY-MM-DD); `patch` keeps imported games of that patch only. `series_id` (a series of the caller in which the team plays) adds the fearless section: champions already used and what is left per position. `workspace`: asked inside that workspace, whose plan includes the full report for its active members whatever their own plan.",
        params: numericIdParamsSchema,
        querystring: scoutingReportQuerySchema,
        response: { 200: scoutingReportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => scoutingReport(app.db, requireUser(request).id, request.params.id, request.query),
  );

  app.get(
    "/scouting/compare/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["scouting"],
        summary: "Two teams side by side, with their games against each other (Pro or the trial)",
        querystring: scoutingCompareQuerySchema,
        response: { 200: scoutingCompareSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { a, b, from, to, patch, workspace } = request.query;
      return compareTeams(app.db, requireUser(request).id, { a, b }, { from, to, patch }, workspace);
    },
  );
};

export default scoutingRoutes;
