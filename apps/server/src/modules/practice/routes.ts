import {
  apiErrorSchema,
  practiceLookupSchema,
  practiceSchema,
  practiceStartBodySchema,
  practiceStartSchema,
  practiceTeamListSchema,
  practiceTeamQuerySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { moveSessionToWorkspace, sessionOwnership } from "../drafts/service.ts";
import { registerRoomRuntime, roomRuntime } from "../rooms/runtime.ts";
import { actingUserId, workspaceItemAccess } from "../workspaces/access.ts";
import { requireWorkspaceRole } from "../workspaces/service.ts";
import { listPracticeTeams } from "./history.ts";
import { PracticeOpponent } from "./opponent-driver.ts";
import { getPractice, lookupPractice, practiceNotFound, resumePractice, startPractice } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const sessionParams = z.object({ id: z.uuid() });

/**
 * Practice against a modelled opponent (decision 017): the teams to practise against, starting
 * and resuming a practice (a live room with the opponent's seat played by the server), and the
 * practice with its review for anyone holding the session's public id.
 */
const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  // The opponent hears every committed room command of this process, after the room hub does.
  const opponent = new PracticeOpponent(
    app.db,
    roomRuntime(app.db),
    config.practice.opponentDelayMs,
    app.log,
  );
  registerRoomRuntime(app.db, opponent);
  app.addHook("onReady", () => opponent.start());
  app.addHook("preClose", () => opponent.stop());

  app.get(
    "/practice/teams/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["practice"],
        summary: "Teams to practise against: imported professional games and the caller's finished drafts",
        querystring: practiceTeamQuerySchema,
        response: { 200: practiceTeamListSchema, ...errors },
      },
    },
    async (request) => ({
      teams: await listPracticeTeams(
        app.db,
        requireUser(request).id,
        request.query.search,
        request.query.limit,
      ),
    }),
  );

  app.post(
    "/practice/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["practice"],
        summary: "Start a practice draft against a modelled team; the answer holds the caller's captain link",
        body: practiceStartBodySchema,
        response: { 201: practiceStartSchema, ...errors, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      // A practice inside a workspace (decision 029): checked before anything is created.
      if (body.workspace_id) await requireWorkspaceRole(app.db, user.id, body.workspace_id, "edit_practice");
      const started = await startPractice(app.db, user.id, body, {
        turnMs: config.rooms.turnMsOverride ?? body.turn_seconds * 1000,
        bankMs: config.rooms.bankMsOverride ?? body.bank_seconds * 1000,
      });
      opponent.forget(started.practice.room_id);
      if (body.workspace_id) {
        await moveSessionToWorkspace(app.db, user.id, started.practice.session_id, body.workspace_id);
      }
      return reply.status(201).send(started);
    },
  );

  app.get(
    "/practice/sessions/:id/",
    {
      // Like the public view: the session's id is the capability; a stale token must not hide it.
      config: { allowInvalidToken: true },
      schema: {
        tags: ["practice"],
        summary: "The practice of a session (opponent, side, review) for anyone with its public id",
        params: sessionParams,
        response: { 200: practiceSchema, ...errors },
      },
    },
    async (request) => getPractice(app.db, request.params.id),
  );

  app.get(
    "/practice/sessions/:id/lookup/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["practice"],
        summary: "The practice of a session, or null when the session is not one (never 404)",
        description:
          "For pages that show any draft: a plain draft answers `{practice: null}`, so asking is not an error.",
        params: sessionParams,
        response: { 200: practiceLookupSchema, ...errors },
      },
    },
    async (request) => ({ practice: await lookupPractice(app.db, request.params.id) }),
  );

  app.post(
    "/practice/sessions/:id/resume/",
    {
      onRequest: authenticate,
      // A workspace's practice: members who may practise resume it as its creator.
      preHandler: workspaceItemAccess(sessionOwnership, "edit_practice", practiceNotFound),
      schema: {
        tags: ["practice"],
        summary: "A new captain link for the caller's practice (the previous one stops working)",
        params: sessionParams,
        response: { 200: practiceStartSchema, ...errors },
      },
    },
    async (request) => resumePractice(app.db, actingUserId(request), request.params.id),
  );
};

export default practiceRoutes;
