import {
  type ActivityVerb,
  apiErrorSchema,
  PAGE_SIZE,
  pageQuerySchema,
  seriesCreateBodySchema,
  seriesGameParamsSchema,
  seriesGameStartBodySchema,
  seriesListSchema,
  seriesParamsSchema,
  seriesSchema,
  seriesWinnerBodySchema,
  type WorkspaceCapability,
  workspaceFilterQuerySchema,
  workspaceMoveBodySchema,
} from "@draftroom/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { publish } from "../../events.ts";
import { actingUserId, authorizeList, authorizeMove, workspaceItemAccess } from "../workspaces/access.ts";
import { authorizeRouteMove } from "../workspaces/moves.ts";
import { findSeriesOwnership } from "./repository.ts";
import { seriesRooms } from "./room-link.ts";
import {
  createSeries,
  deleteSeries,
  getSeries,
  listSeries,
  moveSeries,
  recordWinner,
  seriesNotFound,
  seriesRef,
  startGame,
} from "./service.ts";

const seriesAccess = (capability: WorkspaceCapability) =>
  workspaceItemAccess(findSeriesOwnership, capability, seriesNotFound);

/** `next` / `previous` links of the series list. */
function pageLinks(
  count: number,
  page: number,
  workspace?: string,
): { next: string | null; previous: string | null } {
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const scope = workspace ? `&workspace=${workspace}` : "";
  return {
    next: page < pages ? `/api/series/?page=${page + 1}${scope}` : null,
    previous: page > 1 ? `/api/series/?page=${Math.min(page - 1, pages)}${scope}` : null,
  };
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 403: apiErrorSchema, 409: apiErrorSchema };

/**
 * Best-of-N series. The series id is the identity links point to: the
 * public view now, the live room's captain and spectator links later, for every game.
 */
const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The workspace feed's entry for a step on a workspace series, by the signed-in member. */
  const noteActivity = (
    request: FastifyRequest,
    verb: ActivityVerb,
    series: { id: string; title: string },
    workspaceId: string | null | undefined = request.actingWorkspaceId,
  ) =>
    publish(app.db, "series.changed", {
      db: app.db,
      workspaceId,
      actorId: requireUser(request).id,
      verb,
      id: series.id,
      title: series.title,
    });
  const { actionsCache } = app;

  app.get(
    "/series/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["series"],
        summary: "The caller's series, newest first, 12 per page",
        querystring: pageQuerySchema.extend(workspaceFilterQuerySchema.shape),
        response: { 200: seriesListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, workspace } = request.query;
      await authorizeList(request, workspace);
      const { count, results } = await listSeries(app.db, user.id, page, workspace);
      return { count, ...pageLinks(count, page, workspace), results };
    },
  );

  app.post(
    "/series/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["series"],
        summary:
          "Create a series and its first game (counts as one saved draft; 403 plan_limit past the plan)",
        description: "With `?workspace=`, the series is created in that workspace (`edit_series` there).",
        querystring: workspaceFilterQuerySchema,
        body: seriesCreateBodySchema,
        response: { 201: seriesSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { workspace } = request.query;
      if (!workspace) return reply.status(201).send(await createSeries(app.db, user.id, request.body));
      await authorizeMove(request, workspace, "edit_series");
      // In a workspace, its plan covers the series, not the creator's (decision 053).
      const created = await createSeries(app.db, user.id, request.body, { inCoveredWorkspace: true });
      const series = await moveSeries(app.db, user.id, created.id, workspace);
      await noteActivity(request, "created", series, workspace);
      return reply.status(201).send(series);
    },
  );

  app.get(
    "/series/:id/",
    {
      onRequest: authenticate,
      preHandler: seriesAccess("read"),
      schema: {
        tags: ["series"],
        summary:
          "A series: games with their drafts, score, what comes next, and each team's locked champions",
        params: seriesParamsSchema,
        response: { 200: seriesSchema, ...errors },
      },
    },
    async (request) => getSeries(app.db, actingUserId(request), request.params.id),
  );

  app.get(
    "/series/:id/public/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["series"],
        summary: "Anyone with the link: the series, read-only",
        params: seriesParamsSchema,
        response: { 200: seriesSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    // Under the series room's spectator delay: as it stood `delay` ago (decision 018).
    async (request) => seriesRooms().publicView(app.db, request.params.id),
  );

  app.post(
    "/series/:id/games/",
    {
      onRequest: authenticate,
      preHandler: seriesAccess("edit_series"),
      schema: {
        tags: ["series"],
        summary: "Start the next game (409 series_complete or game_in_progress; 400 side_required)",
        params: seriesParamsSchema,
        body: seriesGameStartBodySchema,
        response: { 201: seriesSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const userId = actingUserId(request);
      const series = await startGame(app.db, userId, request.params.id, request.body.blue_team);
      // The series' live room (if any) moves to the new game; everyone connected follows.
      await publish(app.db, "series.games_changed", { db: app.db, seriesId: series.id });
      await noteActivity(request, "changed", series);
      return reply.status(201).send(series);
    },
  );

  app.patch(
    "/series/:id/games/:number/",
    {
      onRequest: authenticate,
      preHandler: seriesAccess("edit_series"),
      schema: {
        tags: ["series"],
        summary:
          "Record the winning team of a game whose draft is complete (409 draft_incomplete, game_in_progress, or scrim_result_kept for a fearless scrim's result kept in its ledger)",
        params: seriesGameParamsSchema,
        body: seriesWinnerBodySchema,
        response: { 200: seriesSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const { id, number } = request.params;
      const series = await recordWinner(
        app.db,
        userId,
        id,
        number,
        request.body.winner,
        requireUser(request).id,
      );
      await publish(app.db, "series.games_changed", { db: app.db, seriesId: id });
      await noteActivity(request, "changed", series);
      return series;
    },
  );

  app.delete(
    "/series/:id/",
    {
      onRequest: authenticate,
      preHandler: seriesAccess("edit_series"),
      schema: {
        tags: ["series"],
        summary: "Delete a series, its games and their drafts",
        params: seriesParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const userId = actingUserId(request);
      const title = request.actingWorkspaceId ? (await seriesRef(app.db, request.params.id))?.title : "";
      const sessions = await deleteSeries(app.db, userId, request.params.id);
      for (const session of sessions) actionsCache.invalidate(session);
      await noteActivity(request, "deleted", { id: request.params.id, title: title ?? "" });
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/series/:id/workspace/",
    {
      onRequest: authenticate,
      preHandler: seriesAccess("edit_series"),
      schema: {
        tags: ["series", "workspaces"],
        summary: "Move to workspace, with every game's draft (null: back to its creator's personal space)",
        params: seriesParamsSchema,
        body: workspaceMoveBodySchema,
        response: { 200: seriesSchema, ...writeErrors },
      },
    },
    async (request) => {
      await authorizeRouteMove(request, request.body.workspace_id, "edit_series");
      const series = await moveSeries(
        app.db,
        actingUserId(request),
        request.params.id,
        request.body.workspace_id,
      );
      const from = request.actingWorkspaceId ?? null;
      const to = request.body.workspace_id;
      if (from !== to) {
        // null is the personal space (no feed), never "the acting workspace" by default.
        await noteActivity(request, "moved_out", series, from);
        await noteActivity(request, "moved_in", series, to);
      }
      return series;
    },
  );
};

export default seriesRoutes;
