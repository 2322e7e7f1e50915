import {
  commentCreateBodySchema,
  commentListQuerySchema,
  commentListSchema,
  commentParamsSchema,
  commentSchema,
  commentUpdateBodySchema,
  mentionListSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import {
  createComment,
  deleteComment,
  editComment,
  listComments,
  listMentions,
  readMentions,
} from "./service.ts";

const errors = errorResponses(400, 401, 403, 404);
const tags = ["comments"];

/**
 * Comments on workspace sessions and series, and the caller's @mentions (decision record 028).
 * Members only: anyone else gets the 404 of a missing item.
 */
const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

  app.get(
    "/comments/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "An item's comments, oldest first, threads by parent_id (members only)",
        querystring: commentListQuerySchema,
        response: { 200: commentListSchema, ...errors },
      },
    },
    async (request) => listComments(app.db, user(request), request.query.item_type, request.query.item_id),
  );

  app.post(
    "/comments/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Comment or reply; @username mentions a member (players and staff; viewers read)",
        body: commentCreateBodySchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createComment(app.db, user(request), request.body)),
  );

  app.patch(
    "/comments/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Edit one's own comment (its mentions follow the new text)",
        params: commentParamsSchema,
        body: commentUpdateBodySchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) => editComment(app.db, user(request), request.params.id, request.body.body),
  );

  app.delete(
    "/comments/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Delete one's own comment (owners: any); a thread with replies keeps a placeholder",
        params: commentParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      await deleteComment(app.db, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/mentions/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Where the caller was @mentioned (newest 50) and how many are unread",
        response: { 200: mentionListSchema, ...errors },
      },
    },
    async (request) => listMentions(app.db, user(request)),
  );

  app.post(
    "/mentions/read/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Mark every mention of the caller as read",
        response: { 204: z.null().describe("Read"), ...errors },
      },
    },
    async (request, reply) => {
      await readMentions(app.db, user(request));
      return reply.status(204).send(null);
    },
  );
};

export default commentRoutes;
