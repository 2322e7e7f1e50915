import {
  type ActivityVerb,
  actionCreateBodySchema,
  actionListSchema,
  actionParamsSchema,
  actionSchema,
  actionUpdateBodySchema,
  championStatusListSchema,
  PAGE_SIZE,
  publicDraftSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionParamsSchema,
  sessionPatchBodySchema,
  sessionSchema,
  sessionWriteBodySchema,
  type WorkspaceCapability,
  workspaceFilterQuerySchema,
  workspaceMoveBodySchema,
} from "@draftroom/contracts";
import { championStatus } from "@draftroom/draft";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { publish } from "../../events.ts";
import { errorResponses, pageLinks } from "../accounts/http.ts";
import { championPool, championsByIds } from "../champions/service.ts";
import { actingUserId, authorizeList, authorizeMove, workspaceItemAccess } from "../workspaces/access.ts";
import { authorizeRouteMove } from "../workspaces/moves.ts";
import { addAction, replaceActionChampion, truncateFromAction } from "./owner-actions.ts";
import { peekSessionOwnership } from "./ownership-cache.ts";
import {
  deleteSession,
  findSession,
  findSessionOwnership,
  findSessionRow,
  listActionsOwned,
  listSessions,
  setSessionsWorkspace,
} from "./repository.ts";
import { draftRooms } from "./room-link.ts";
import { createSession, loadDraftContext, notFound, replay, updateSession } from "./service.ts";

/**
 * Sends JSON text as it is: a string with a JSON content type skips the serializer. The route's
 * typed reply only takes the schema's object shape, so the text goes through the untyped reply
 * (the text is that shape already: the actions cache stores `JSON.stringify` of the contract).
 */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text);
}

const errors = errorResponses(400, 401, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Draft sessions and their actions. Every route but the
 * public view needs a user, and another user's session is a 404 everywhere.
 */
const sessionAccess = (capability: WorkspaceCapability) =>
  workspaceItemAccess(findSessionOwnership, capability, notFound, peekSessionOwnership);

const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The workspace feed's entry for a step on a workspace session, by the signed-in member. */
  const noteActivity = async (
    request: FastifyRequest,
    verb: ActivityVerb,
    id: string,
    workspaceId: string | null | undefined = request.actingWorkspaceId,
    title?: string,
  ) => {
    if (!workspaceId) return;
    const itemTitle = title ?? (await findSession(app.db, null, id))?.title ?? "";
    await publish(app.db, "session.changed", {
      db: app.db,
      workspaceId,
      actorId: requireUser(request).id,
      verb,
      id,
      title: itemTitle,
    });
  };

  // Every route below that changes a session's actions, or deletes a session, must call
  // `actionsCache.invalidate(id)` once its transaction has ended and before it answers.
  const { actionsCache } = app;
  const invalidating = async <T>(sessionId: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      actionsCache.invalidate(sessionId);
    }
  };

  app.get(
    "/drafts/sessions/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "The caller's sessions, newest first, 12 per page",
        description:
          "`search` matches title, league and team names, ignoring case and accents; `league` and `team` filter by id.",
        querystring: sessionListQuerySchema.extend(workspaceFilterQuerySchema.shape),
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, league, team, search, workspace } = request.query;
      await authorizeList(request, workspace);
      const { count, results } = await listSessions(app.db, user.id, {
        page,
        league,
        team,
        search,
        workspace,
      });
      const filters = { league, team, search, workspace };
      return { count, ...pageLinks("/api/drafts/sessions/", page, count, PAGE_SIZE, filters), results };
    },
  );

  app.post(
    "/drafts/sessions/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "Create a session (403 plan_limit past the plan's saved drafts)",
        description: "With `?workspace=`, the session is created in that workspace (`edit_drafts` there).",
        querystring: workspaceFilterQuerySchema,
        body: sessionWriteBodySchema,
        response: { 201: sessionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { workspace } = request.query;
      if (workspace) await authorizeMove(request, workspace, "edit_drafts");
      // In a workspace, its plan covers the session, not the creator's (decision 053).
      const session = await createSession(app.db, user.id, request.body, {
        inCoveredWorkspace: Boolean(workspace),
      });
      if (!workspace) return reply.status(201).send(session);
      await setSessionsWorkspace(app.db, user.id, [session.id], workspace);
      await noteActivity(request, "created", session.id, workspace, session.title);
      return reply.status(201).send(session);
    },
  );

  app.get(
    "/drafts/sessions/:id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("read"),
      schema: {
        tags: ["drafts"],
        summary: "One of the caller's sessions",
        params: sessionParamsSchema,
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const session = await findSession(app.db, userId, request.params.id);
      if (!session) throw notFound();
      return session;
    },
  );

  app.put(
    "/drafts/sessions/:id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Replace a session's details and settings",
        params: sessionParamsSchema,
        body: sessionWriteBodySchema,
        response: { 200: sessionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const session = await updateSession(
        app.db,
        userId,
        request.params.id,
        request.body,
        "put",
        requireUser(request).id,
      );
      await noteActivity(request, "changed", session.id, undefined, session.title);
      return session;
    },
  );

  app.patch(
    "/drafts/sessions/:id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Change some fields, or record the winner of a complete draft",
        params: sessionParamsSchema,
        body: sessionPatchBodySchema,
        response: { 200: sessionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const session = await updateSession(
        app.db,
        userId,
        request.params.id,
        request.body,
        "patch",
        requireUser(request).id,
      );
      // A series game's result: the series' live room (if any) shows the new score.
      if (request.body.winner !== undefined)
        await publish(app.db, "session.result_recorded", { db: app.db, sessionId: session.id });
      await noteActivity(request, "changed", session.id, undefined, session.title);
      return session;
    },
  );

  app.delete(
    "/drafts/sessions/:id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Delete a session and its actions",
        params: sessionParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      const userId = actingUserId(request);
      const { id } = request.params;
      const title = (await findSession(app.db, userId, id))?.title;
      if (!(await invalidating(id, () => deleteSession(app.db, userId, id)))) throw notFound();
      await noteActivity(request, "deleted", id, undefined, title);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/drafts/sessions/:id/actions/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("read"),
      schema: {
        tags: ["drafts"],
        summary: "The session's actions in step order",
        params: sessionParamsSchema,
        response: { 200: actionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The hot read: rows are mapped to the contract shape in the repository (covered by the
      // integration tests) and the JSON text is kept in the actions cache, so the answer is sent
      // as text, without a second validation or serialization pass.
      const userId = actingUserId(request);
      const { id } = request.params;
      let body = actionsCache.get(id, userId);
      if (body === undefined) {
        const mark = actionsCache.mark();
        const actions = await listActionsOwned(app.db, userId, id);
        if (!actions) throw notFound();
        body = JSON.stringify(actions);
        actionsCache.store(id, userId, body, mark);
      }
      return sendJsonText(reply, body);
    },
  );

  app.post(
    "/drafts/sessions/:id/actions/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Take the next step (409 with the rule's code otherwise); champion_id null skips a ban",
        params: sessionParamsSchema,
        body: actionCreateBodySchema,
        response: { 201: actionSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const userId = actingUserId(request);
      const { id } = request.params;
      const action = await invalidating(id, () => addAction(app.db, userId, id, request.body));
      await noteActivity(request, "locked", id);
      return reply.status(201).send(action);
    },
  );

  app.put(
    "/drafts/sessions/:id/actions/:action_id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Swap the champion of a saved action, keeping later actions (409 if not free)",
        params: actionParamsSchema,
        body: actionUpdateBodySchema,
        response: { 200: actionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const { id, action_id } = request.params;
      const action = await invalidating(id, () =>
        replaceActionChampion(app.db, userId, id, action_id, request.body.champion_id),
      );
      await noteActivity(request, "changed", id);
      return action;
    },
  );

  app.delete(
    "/drafts/sessions/:id/actions/:action_id/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts"],
        summary: "Modify from this point: delete the action and every later one; returns what remains",
        params: actionParamsSchema,
        response: { 200: actionListSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const { id, action_id } = request.params;
      const remaining = await invalidating(id, () => truncateFromAction(app.db, userId, id, action_id));
      await noteActivity(request, "changed", id);
      return remaining;
    },
  );

  app.get(
    "/drafts/sessions/:id/public/",
    {
      // A stale token in the viewer's browser must not hide a public draft.
      config: { allowInvalidToken: true },
      schema: {
        tags: ["drafts"],
        summary: "Anyone with the link: the session, its actions and the champions they use",
        params: sessionParamsSchema,
        response: { 200: publicDraftSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const current = await findSession(app.db, null, request.params.id);
      if (!current) throw notFound();
      // A live room with a spectator delay: the public view shows the draft as it stood then.
      const delayed = await draftRooms().publicDelayed(app.db, current.id);
      const session = delayed?.session ?? current;
      const actions = delayed?.actions ?? (await listActionsOwned(app.db, null, session.id)) ?? [];
      const ids = actions.map((action) => action.champion_id).filter((id): id is number => id !== null);
      const champions = await championsByIds(app.db, ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      champions.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { session, actions, champions };
    },
  );

  app.get(
    "/drafts/sessions/:id/champions-status/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("read"),
      schema: {
        tags: ["drafts"],
        summary: "Every champion of the pool: available, picked, banned or locked in this draft",
        params: sessionParamsSchema,
        response: { 200: championStatusListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const [session, actions, champions] = await Promise.all([
        findSessionRow(app.db, userId, request.params.id),
        listActionsOwned(app.db, userId, request.params.id),
        championPool(app.db),
      ]);
      if (!session || !actions) throw notFound();
      const state = replay(actions, await loadDraftContext(app.db, session.id, session.format));
      return champions.map((champion) => ({
        champion_id: champion.id,
        status: championStatus(state, champion.id),
      }));
    },
  );

  app.put(
    "/drafts/sessions/:id/workspace/",
    {
      onRequest: authenticate,
      preHandler: sessionAccess("edit_drafts"),
      schema: {
        tags: ["drafts", "workspaces"],
        summary: "Move to workspace (or back to its creator's personal space with null)",
        params: sessionParamsSchema,
        body: workspaceMoveBodySchema,
        response: { 200: sessionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const userId = actingUserId(request);
      const { id } = request.params;
      await authorizeRouteMove(request, request.body.workspace_id, "edit_drafts");
      if ((await setSessionsWorkspace(app.db, userId, [id], request.body.workspace_id)) === 0)
        throw notFound();
      const session = await findSession(app.db, userId, id);
      if (!session) throw notFound();
      const from = request.actingWorkspaceId ?? null;
      const to = request.body.workspace_id;
      if (from !== to) {
        // null is the personal space (no feed), never "the acting workspace" by default.
        await noteActivity(request, "moved_out", id, from, session.title);
        await noteActivity(request, "moved_in", id, to, session.title);
      }
      return session;
    },
  );
};

export default draftRoutes;
