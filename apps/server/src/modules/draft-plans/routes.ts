import {
  apiErrorSchema,
  draftPlanAnalysisSchema,
  draftPlanBudgetBodySchema,
  draftPlanBudgetSchema,
  draftPlanCreateBodySchema,
  draftPlanDrillBodySchema,
  draftPlanDuplicateBodySchema,
  draftPlanFileSchema,
  draftPlanImportBodySchema,
  draftPlanListQuerySchema,
  draftPlanListSchema,
  draftPlanLiveAnswerSchema,
  draftPlanLiveRoomBodySchema,
  draftPlanLiveRoomParamsSchema,
  draftPlanLiveRoomSeatSchema,
  draftPlanLiveSessionBodySchema,
  draftPlanParamsSchema,
  draftPlanReviewBodySchema,
  draftPlanReviewSchema,
  draftPlanSchema,
  draftPlanSessionParamsSchema,
  draftPlanUpdateBodySchema,
  draftPlanVersionDetailSchema,
  draftPlanVersionListSchema,
  draftPlanVersionParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import {
  reviewRoomLive,
  reviewSessionLive,
  roomLive,
  selectRoomPlan,
  selectSessionPlan,
  sessionLive,
} from "./live.ts";
import {
  analysePlan,
  createPlan,
  deletePlan,
  duplicatePlan,
  exportPlan,
  getPlan,
  getSessionReview,
  getVersion,
  listPlans,
  listVersions,
  planBudget,
  restoreVersion,
  reviewSession,
  updatePlan,
} from "./service.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const tags = ["draft-plans"];

/**
 * Draft plans (decision 020): `/draft-plans/…`. Every route needs an account; workspace plans
 * follow the workspace's roles (read: any member; edit: `edit_plans`), personal plans their owner.
 */
const draftPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const user = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

  app.get(
    "/draft-plans/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A workspace's draft plans, or the caller's personal ones",
        querystring: draftPlanListQuerySchema,
        response: { 200: draftPlanListSchema, ...errors },
      },
    },
    async (request) => ({ results: await listPlans(db, user(request), request.query.workspace_id) }),
  );

  app.post(
    "/draft-plans/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Create a draft plan (version 1)",
        body: draftPlanCreateBodySchema,
        response: { 201: draftPlanSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPlan(db, user(request), request.body.workspace_id, request.body.content)),
  );

  app.post(
    "/draft-plans/import/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Import an exported plan file as a new plan",
        body: draftPlanImportBodySchema,
        response: { 201: draftPlanSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createPlan(db, user(request), request.body.workspace_id, request.body.file.plan, "imported"),
        ),
  );

  app.post(
    "/draft-plans/budget/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The fearless budget of a series' plans: what each game spends, and the warnings",
        body: draftPlanBudgetBodySchema,
        response: { 200: draftPlanBudgetSchema, ...errors },
      },
    },
    async (request) => planBudget(db, user(request), request.body.games),
  );

  app.get(
    "/draft-plans/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "One draft plan",
        params: draftPlanParamsSchema,
        response: { 200: draftPlanSchema, ...errors },
      },
    },
    async (request) => getPlan(db, user(request), request.params.id),
  );

  app.put(
    "/draft-plans/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Save a new version of a plan (409 conflict when base_version is stale)",
        params: draftPlanParamsSchema,
        body: draftPlanUpdateBodySchema,
        response: { 200: draftPlanSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      updatePlan(db, user(request), request.params.id, request.body.content, request.body.base_version),
  );

  app.delete(
    "/draft-plans/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Delete a plan and its versions",
        params: draftPlanParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePlan(db, user(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/draft-plans/:id/duplicate/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Copy a plan (version 1), in its workspace or another",
        params: draftPlanParamsSchema,
        body: draftPlanDuplicateBodySchema,
        response: { 201: draftPlanSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicatePlan(db, user(request), request.params.id, request.body)),
  );

  app.get(
    "/draft-plans/:id/versions/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A plan's versions, newest first",
        params: draftPlanParamsSchema,
        response: { 200: draftPlanVersionListSchema, ...errors },
      },
    },
    async (request) => ({ results: await listVersions(db, user(request), request.params.id) }),
  );

  app.get(
    "/draft-plans/:id/versions/:version/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "One version of a plan with its content",
        params: draftPlanVersionParamsSchema,
        response: { 200: draftPlanVersionDetailSchema, ...errors },
      },
    },
    async (request) => getVersion(db, user(request), request.params.id, request.params.version),
  );

  app.post(
    "/draft-plans/:id/versions/:version/restore/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Restore a version: a new version with its content",
        params: draftPlanVersionParamsSchema,
        response: { 200: draftPlanSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => restoreVersion(db, user(request), request.params.id, request.params.version),
  );

  app.get(
    "/draft-plans/:id/export/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The plan as a versioned JSON file",
        params: draftPlanParamsSchema,
        response: { 200: draftPlanFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await exportPlan(db, user(request), request.params.id);
      return reply.header("content-disposition", 'attachment; filename="draft-plan.json"').send(file);
    },
  );

  app.post(
    "/draft-plans/:id/analysis/",
    {
      onRequest: authenticate,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Drill the plan against the modelled opponent: branch likelihood, coverage, silent steps",
        params: draftPlanParamsSchema,
        body: draftPlanDrillBodySchema,
        response: { 200: draftPlanAnalysisSchema, ...errors },
      },
    },
    async (request) => analysePlan(db, user(request), request.params.id, request.body),
  );

  app.post(
    "/draft-plans/:id/reviews/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Review one of the caller's drafts against the plan; the review is saved with the session",
        params: draftPlanParamsSchema,
        body: draftPlanReviewBodySchema,
        response: { 201: draftPlanReviewSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reviewSession(
            db,
            user(request),
            request.params.id,
            request.body.session_id,
            request.body.side,
          ),
        ),
  );

  app.get(
    "/draft-plans/sessions/:sessionId/review/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The plan-vs-actual review saved with a session of the caller",
        params: draftPlanSessionParamsSchema,
        response: { 200: draftPlanReviewSchema, ...errors },
      },
    },
    async (request) => getSessionReview(db, user(request), request.params.sessionId),
  );

  // ---- live (decision 027): the plan a board follows; never on a shared channel ----------------

  const live = { ...errors, 409: apiErrorSchema };

  app.get(
    "/draft-plans/live/sessions/:sessionId/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The plan the owner's board follows in a session (null: none)",
        params: draftPlanSessionParamsSchema,
        response: { 200: draftPlanLiveAnswerSchema, ...errors },
      },
    },
    async (request) => ({ selection: await sessionLive(db, user(request), request.params.sessionId) }),
  );

  app.put(
    "/draft-plans/live/sessions/:sessionId/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Follow a plan (a plan the owner may read) on the session's board, or stop (null)",
        params: draftPlanSessionParamsSchema,
        body: draftPlanLiveSessionBodySchema,
        response: { 200: draftPlanLiveAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      selection: await selectSessionPlan(
        db,
        user(request),
        request.params.sessionId,
        request.body.plan_id,
        request.body.side,
      ),
    }),
  );

  app.post(
    "/draft-plans/live/sessions/:sessionId/review/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Save plan vs actual of the complete draft with the session (409 draft_incomplete before)",
        params: draftPlanSessionParamsSchema,
        response: { 200: draftPlanLiveAnswerSchema, ...live },
      },
    },
    async (request) => ({ selection: await reviewSessionLive(db, user(request), request.params.sessionId) }),
  );

  app.post(
    "/draft-plans/live/rooms/:roomId/view/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags,
        summary: "The plan a room team follows, for its seats (link token) or an organiser who may read it",
        params: draftPlanLiveRoomParamsSchema,
        body: draftPlanLiveRoomSeatSchema,
        response: { 200: draftPlanLiveAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      selection: await roomLive(db, request.user?.id ?? null, request.params.roomId, request.body),
    }),
  );

  app.put(
    "/draft-plans/live/rooms/:roomId/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A team seat (link token) or the organiser picks the plan the team follows (null: none)",
        description: "The caller must be able to read the plan. The team's seats hear `team_plan`.",
        params: draftPlanLiveRoomParamsSchema,
        body: draftPlanLiveRoomBodySchema,
        response: { 200: draftPlanLiveAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      selection: await selectRoomPlan(
        db,
        user(request),
        request.params.roomId,
        request.body,
        request.body.plan_id,
      ),
    }),
  );

  app.post(
    "/draft-plans/live/rooms/:roomId/review/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags,
        summary: "Save plan vs actual for a room team once the draft is complete",
        params: draftPlanLiveRoomParamsSchema,
        body: draftPlanLiveRoomSeatSchema,
        response: { 200: draftPlanLiveAnswerSchema, ...live },
      },
    },
    async (request) => ({
      selection: await reviewRoomLive(db, request.user?.id ?? null, request.params.roomId, request.body),
    }),
  );
};

export default draftPlanRoutes;
