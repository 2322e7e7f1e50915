import {
  leagueCreateBodySchema,
  leagueListSchema,
  leagueSchema,
  numericIdParamsSchema,
  prioritiesBodySchema,
  teamCreateBodySchema,
  teamListQuerySchema,
  teamListSchema,
  teamPrioritiesSchema,
  teamSchema,
  validationMessageEn,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { errorResponses } from "../accounts/http.ts";
import {
  existingChampionIds,
  findLeague,
  findTeam,
  insertLeague,
  insertTeam,
  listLeagues,
  listPriorities,
  listTeams,
  replacePriorities,
} from "./repository.ts";
import { shortNameOf } from "./short-name.ts";
import { requireCreateIn, viewerOf } from "./workspace-scope.ts";

const errors = errorResponses(400, 401, 404);
const createErrors = errorResponses(400, 401, 403, 404);

export { shortNameOf };

/**
 * Leagues and teams: the seeded ones plus the caller's own (a team practises under its own
 * name), and the caller's champion priorities per team. Lists are readable without a token
 * (seeded rows only); creating and priorities need a user.
 */
const leagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/leagues/",
    {
      schema: {
        tags: ["leagues"],
        summary: "Leagues: the seeded ones and the caller's own",
        response: { 200: leagueListSchema, ...errorResponses(401) },
      },
    },
    async (request) => listLeagues(app.db, await viewerOf(app.db, request.user?.id ?? null)),
  );

  app.post(
    "/drafts/leagues/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["leagues"],
        summary: "Create a league: the caller's own, or a workspace's (`workspace_id`, every member sees it)",
        body: leagueCreateBodySchema,
        response: { 201: leagueSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { name, short_name, region, workspace_id } = request.body;
      await requireCreateIn(app.db, user.id, workspace_id);
      const league = await insertLeague(app.db, user.id, {
        name,
        short_name: short_name || shortNameOf(name),
        region: region ?? "",
        workspace_id: workspace_id ?? null,
      });
      return reply.status(201).send(league);
    },
  );

  app.get(
    "/drafts/leagues/:id/teams/",
    {
      schema: {
        tags: ["leagues"],
        summary: "Teams of a league: the seeded ones and the caller's own",
        params: numericIdParamsSchema,
        response: { 200: teamListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, request.user?.id ?? null);
      const league = await findLeague(app.db, viewer, request.params.id);
      if (!league) throw new AppError(404, "not_found", "League not found.");
      return listTeams(app.db, viewer, league.id);
    },
  );

  app.post(
    "/drafts/leagues/:id/teams/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["leagues"],
        summary:
          "Create a team in a league: the caller's own, or a workspace's (`workspace_id`, every member sees it)",
        params: numericIdParamsSchema,
        body: teamCreateBodySchema,
        response: { 201: teamSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { name, short_name, workspace_id } = request.body;
      const viewer = await viewerOf(app.db, user.id);
      const league = await findLeague(app.db, viewer, request.params.id);
      if (!league) throw new AppError(404, "not_found", "League not found.");
      await requireCreateIn(app.db, user.id, workspace_id);
      const team = await insertTeam(app.db, user.id, {
        league_id: league.id,
        name,
        short_name: short_name || shortNameOf(name),
        workspace_id: workspace_id ?? null,
      });
      return reply.status(201).send(team);
    },
  );

  app.get(
    "/drafts/teams/",
    {
      schema: {
        tags: ["leagues"],
        summary: "Teams, optionally of one league (?league=)",
        querystring: teamListQuerySchema,
        response: { 200: teamListSchema, ...errors },
      },
    },
    async (request) =>
      listTeams(app.db, await viewerOf(app.db, request.user?.id ?? null), request.query.league),
  );

  app.get(
    "/drafts/teams/:id/priorities/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["leagues"],
        summary: "The caller's champion priorities for a team",
        params: numericIdParamsSchema,
        response: { 200: teamPrioritiesSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const team = await findTeam(app.db, await viewerOf(app.db, user.id), request.params.id);
      if (!team) throw new AppError(404, "not_found", "Team not found.");
      const { priorities, updated_at } = await listPriorities(app.db, user.id, team.id);
      return { team_id: team.id, priorities, updated_at };
    },
  );

  app.put(
    "/drafts/teams/:id/priorities/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["leagues"],
        summary: "Replace the caller's champion priorities for a team",
        params: numericIdParamsSchema,
        body: prioritiesBodySchema,
        response: { 200: teamPrioritiesSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const team = await findTeam(app.db, await viewerOf(app.db, user.id), request.params.id);
      if (!team) throw new AppError(404, "not_found", "Team not found.");
      const entries = request.body.priorities;
      const known = await existingChampionIds(
        app.db,
        entries.map((entry) => entry.champion_id),
      );
      const fields: Record<string, string> = {};
      const seen = new Set<number>();
      entries.forEach((entry, index) => {
        if (!known.has(entry.champion_id) || seen.has(entry.champion_id)) {
          fields[`priorities.${index}.champion_id`] = validationMessageEn("invalidValue");
        }
        seen.add(entry.champion_id);
      });
      if (Object.keys(fields).length > 0) {
        throw new AppError(400, "validation_error", "Invalid input.", fields);
      }
      await app.db.transaction().execute((trx) => replacePriorities(trx, user.id, team.id, entries));
      const { priorities, updated_at } = await listPriorities(app.db, user.id, team.id);
      return { team_id: team.id, priorities, updated_at };
    },
  );
};

export default leagueRoutes;
