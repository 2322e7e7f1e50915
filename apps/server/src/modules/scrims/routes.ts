import {
  PAGE_SIZE,
  scrimAgendaSchema,
  scrimAuditTrailSchema,
  scrimCreateBodySchema,
  scrimDraftLogBodySchema,
  scrimGameParamsSchema,
  scrimLedgerQuerySchema,
  scrimLedgerSchema,
  scrimListQuerySchema,
  scrimListSchema,
  scrimOfDraftParamsSchema,
  scrimOfDraftSchema,
  scrimParamsSchema,
  scrimResultBodySchema,
  scrimReviewBodySchema,
  scrimSchema,
  scrimTagSuggestionsSchema,
  scrimUpdateBodySchema,
  scrimWorkspaceParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses, pageLinks } from "../accounts/http.ts";
import { logGameDraft } from "./game-drafts.ts";
import { clearResult, saveResult } from "./game-results.ts";
import { gameHistory, saveReview } from "./game-reviews.ts";
import { ledger } from "./ledger.ts";
import { scrimOfDraft } from "./of-draft.ts";
import {
  createScrim,
  deleteScrim,
  getScrim,
  listScrims,
  scrimAgenda,
  tagSuggestions,
  updateScrim,
} from "./service.ts";

const tags = ["scrims"];

/**
 * The scrim ledger (decision 050): `/workspaces/{id}/scrims/…` for a workspace's list, tags and
 * ledger, `/scrims/{id}/…` for one scrim and its games. Members only: another workspace's scrim is
 * the same 404 as a missing one. Never public: no route here answers without a member's token.
 */
const scrimRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const user = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

  app.get(
    "/workspaces/:id/scrims/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "A workspace's scrims and official matches, latest first",
        params: scrimWorkspaceParamsSchema,
        querystring: scrimListQuerySchema,
        response: { 200: scrimListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { count, results } = await listScrims(db, user(request), request.params.id, request.query);
      const path = `/api/workspaces/${request.params.id}/scrims/`;
      return { count, ...pageLinks(path, request.query.page, count, PAGE_SIZE, request.query), results };
    },
  );

  app.post(
    "/workspaces/:id/scrims/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Plan a scrim (owners, coaches, analysts); its games' rooms are prepared",
        params: scrimWorkspaceParamsSchema,
        body: scrimCreateBodySchema,
        response: { 201: scrimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createScrim(db, user(request), request.params.id, request.body)),
  );

  app.get(
    "/workspaces/:id/scrims/agenda/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The next open scrims, soonest first, and the open ones whose results are due",
        params: scrimWorkspaceParamsSchema,
        response: { 200: scrimAgendaSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => scrimAgenda(db, user(request), request.params.id),
  );

  app.get(
    "/workspaces/:id/scrims/tags/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Tag suggestions: the defaults, then the workspace's own by use",
        params: scrimWorkspaceParamsSchema,
        response: { 200: scrimTagSuggestionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tagSuggestions(db, user(request), request.params.id),
  );

  app.get(
    "/workspaces/:id/scrims/ledger/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The ledger: one row per game for the filters (scrims by default; `kind=all` says it mixes)",
        params: scrimWorkspaceParamsSchema,
        querystring: scrimLedgerQuerySchema,
        response: { 200: scrimLedgerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ledger(db, user(request), request.params.id, request.query),
  );

  app.get(
    "/scrims/of-draft/:session_id/",
    {
      // Asked from a live room too, whose captain may carry a revoked account token: that caller,
      // like one without a token, is nobody and gets null, not a 401 that signs the page out.
      config: { allowInvalidToken: true },
      schema: {
        tags,
        summary:
          "The scrim game a draft was drafted for (null: no scrim game's, a scrim the caller may not read, or no caller)",
        params: scrimOfDraftParamsSchema,
        response: { 200: scrimOfDraftSchema, ...errorResponses(400) },
      },
    },
    async (request) =>
      request.user ? scrimOfDraft(db, request.user.id, request.params.session_id) : { game: null },
  );

  app.get(
    "/scrims/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "One scrim with its games",
        params: scrimParamsSchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getScrim(db, user(request), request.params.id),
  );

  app.patch(
    "/scrims/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Change a scrim (owners, coaches, analysts)",
        params: scrimParamsSchema,
        body: scrimUpdateBodySchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateScrim(db, user(request), request.params.id, request.body),
  );

  app.delete(
    "/scrims/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Delete a scrim and its ledger entries (the drafts stay in the workspace)",
        params: scrimParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteScrim(db, user(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/scrims/:id/games/:game_id/draft/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Log a game's draft after the fact: picks and bans in order, or a Draftroom JSON export",
        params: scrimGameParamsSchema,
        body: scrimDraftLogBodySchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      logGameDraft(db, user(request), request.params.id, request.params.game_id, request.body),
  );

  app.put(
    "/scrims/:id/games/:game_id/result/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          "Enter or correct a game's result (staff; players for their own games); corrections are audited",
        params: scrimGameParamsSchema,
        body: scrimResultBodySchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveResult(db, user(request), request.params.id, request.params.game_id, request.body),
  );

  app.delete(
    "/scrims/:id/games/:game_id/result/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "Clear a game's result (owners, coaches, analysts); audited",
        params: scrimGameParamsSchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => clearResult(db, user(request), request.params.id, request.params.game_id),
  );

  app.put(
    "/scrims/:id/games/:game_id/review/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: "The staff's verdict, tags, notes per position and plan + branch of a game",
        params: scrimGameParamsSchema,
        body: scrimReviewBodySchema,
        response: { 200: scrimSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => saveReview(db, user(request), request.params.id, request.params.game_id, request.body),
  );

  app.get(
    "/scrims/:id/games/:game_id/history/",
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary:
          "A game's audit trail: drafts attached or logged, results entered, corrected, cleared, reviews",
        params: scrimGameParamsSchema,
        response: { 200: scrimAuditTrailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => gameHistory(db, user(request), request.params.id, request.params.game_id),
  );
};

export default scrimRoutes;
