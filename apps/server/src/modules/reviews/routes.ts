import {
  PAGE_SIZE,
  paginatedSchema,
  reviewIdSchema,
  reviewListQuerySchema,
  reviewSchema,
  reviewWriteBodySchema,
  workspaceFilterQuerySchema,
  workspaceMoveBodySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses, pageLinks } from "../accounts/http.ts";
import {
  createReview,
  getReview,
  listReviewsFor,
  moveReview,
  removeReview,
  replaceReview,
} from "./service.ts";

const reviewParamsSchema = z.object({ id: reviewIdSchema });

/**
 * `/api/rosters/reviews/`: personal roster reviews are shared with every user; with `?workspace=`
 * a workspace's, for its members only (decision 033). See service.ts for who may do what.
 */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/rosters/reviews/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "Roster reviews, newest first, filtered by league, team, season and status",
        description: "Personal reviews; with `?workspace=`, that workspace's (members only, else 404).",
        querystring: reviewListQuerySchema,
        response: { 200: paginatedSchema(reviewSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, ...filters } = request.query;
      const { count, results } = await listReviewsFor(app.db, user.id, filters, page);
      return { count, ...pageLinks("/api/rosters/reviews/", page, count, PAGE_SIZE, request.query), results };
    },
  );

  app.post(
    "/rosters/reviews/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "Write a roster review",
        description: "With `?workspace=`, the review is written in that workspace (`edit_practice` there).",
        querystring: workspaceFilterQuerySchema,
        body: reviewWriteBodySchema,
        response: { 201: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { workspace } = request.query;
      const userId = requireUser(request).id;
      return reply.code(201).send(await createReview(app.db, userId, request.body, workspace ?? null));
    },
  );

  app.get(
    "/rosters/reviews/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "One roster review",
        params: reviewParamsSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getReview(app.db, request.params.id, requireUser(request).id),
  );

  app.put(
    "/rosters/reviews/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "Replace a roster review (its author; in a workspace, its owners, coaches and analysts)",
        params: reviewParamsSchema,
        body: reviewWriteBodySchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => replaceReview(app.db, request.params.id, requireUser(request).id, request.body),
  );

  app.delete(
    "/rosters/reviews/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "Delete a roster review (its author; in a workspace, its owners, coaches and analysts)",
        params: reviewParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeReview(app.db, request.params.id, requireUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/rosters/reviews/:id/workspace/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews", "workspaces"],
        summary: "Move to workspace (null: back to its author's personal space, shared with every user)",
        params: reviewParamsSchema,
        body: workspaceMoveBodySchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      moveReview(app.db, request.params.id, requireUser(request).id, request.body.workspace_id),
  );
};

export default reviewsRoutes;
