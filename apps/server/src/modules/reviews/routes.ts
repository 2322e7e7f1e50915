import {
  idSchema,
  PAGE_SIZE,
  paginatedSchema,
  reviewListQuerySchema,
  reviewSchema,
  reviewWriteBodySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses, pageLinks } from "../accounts/http.ts";
import { listReviews } from "./repository.ts";
import { createReview, getReview, removeReview, replaceReview } from "./service.ts";

const reviewParamsSchema = z.object({ id: idSchema });

/** `/api/rosters/reviews/`: shared roster reviews; see service.ts for who may do what. */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/rosters/reviews/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "Roster reviews, newest first, filtered by league, team, season and status",
        querystring: reviewListQuerySchema,
        response: { 200: paginatedSchema(reviewSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, ...filters } = request.query;
      const { count, results } = await listReviews(app.db, user.id, filters, page);
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
        body: reviewWriteBodySchema,
        response: { 201: reviewSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createReview(app.db, requireUser(request).id, request.body)),
  );

  app.get(
    "/rosters/reviews/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["reviews"],
        summary: "One roster review",
        params: reviewParamsSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 404) },
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
        summary: "Replace a roster review (author only)",
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
        summary: "Delete a roster review (author only)",
        params: reviewParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeReview(app.db, request.params.id, requireUser(request).id);
      return reply.code(204).send(null);
    },
  );
};

export default reviewsRoutes;
