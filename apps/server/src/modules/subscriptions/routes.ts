import {
  PAGE_SIZE,
  pageQuerySchema,
  paginatedSchema,
  subscriptionCreateBodySchema,
  subscriptionSchema,
  tierSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { errorResponses, pageLinks } from "../accounts/http.ts";
import { listTiers } from "./repository.ts";
import { cancelSubscription, changePlan, currentSubscription } from "./service.ts";

/** A subscription is named by its public id, a uuid (decision 041). */
const subscriptionParamsSchema = z.object({ id: z.uuid() });

/**
 * Plans and the signed-in user's subscription. Exactly one subscription is active per user;
 * `GET /subscriptions/` lists it as a one-item page. Paid plans answer 402 until a payment
 * provider exists; the one-time Pro trial and Community need none.
 */
const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/subscriptions/tiers/",
    {
      schema: {
        tags: ["subscriptions"],
        summary: "Every plan with prices and features (public)",
        response: { 200: z.array(tierSchema) },
      },
    },
    async () => listTiers(app.db),
  );

  app.get(
    "/subscriptions/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "The current subscription, with usage, as a one-item page",
        querystring: pageQuerySchema,
        response: { 200: paginatedSchema(subscriptionSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const current = await currentSubscription(app.db, user.id);
      const { page } = request.query;
      return {
        count: 1,
        ...pageLinks("/api/subscriptions/", page, 1, PAGE_SIZE),
        results: page === 1 ? [current] : [],
      };
    },
  );

  app.post(
    "/subscriptions/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Start the Pro trial ({tier_id, trial: true}) or change plan",
        body: subscriptionCreateBodySchema,
        response: { 201: subscriptionSchema, ...errorResponses(400, 401, 402, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await changePlan(app.db, requireUser(request).id, request.body)),
  );

  app.put(
    "/subscriptions/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Change the plan of the active subscription",
        params: subscriptionParamsSchema,
        body: subscriptionCreateBodySchema,
        response: { 200: subscriptionSchema, ...errorResponses(400, 401, 402, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const current = await currentSubscription(app.db, user.id);
      if (current.id !== request.params.id) throw new AppError(404, "not_found", "Subscription not found.");
      return changePlan(app.db, user.id, request.body);
    },
  );

  app.delete(
    "/subscriptions/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["subscriptions"],
        summary: "Cancel the active plan or trial; Community takes over at once",
        params: subscriptionParamsSchema,
        response: { 200: subscriptionSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => cancelSubscription(app.db, requireUser(request).id, request.params.id),
  );
};

export default subscriptionsRoutes;
