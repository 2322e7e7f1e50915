import {
  activityPageSchema,
  activityQuerySchema,
  itemContextSchema,
  itemParamsSchema,
  workspaceParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { itemContext } from "./items.ts";
import { listActivity } from "./service.ts";

const errors = errorResponses(400, 401, 403, 404);

/** The workspace activity feed and an item's "last edited by" (decision record 028). */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/workspaces/:id/activity/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "The workspace's activity feed, newest first (members only; page with ?before=)",
        params: workspaceParamsSchema,
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => listActivity(app.db, requireUser(request).id, request.params.id, request.query.before),
  );

  app.get(
    "/items/:type/:id/context/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Which workspace holds a session, series or plan, and who changed it last",
        params: itemParamsSchema,
        response: { 200: itemContextSchema, ...errors },
      },
    },
    async (request) => itemContext(app.db, requireUser(request).id, request.params.type, request.params.id),
  );
};

export default activityRoutes;
