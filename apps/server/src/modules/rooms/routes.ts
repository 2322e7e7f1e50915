import {
  apiErrorSchema,
  roomCreateBodySchema,
  roomDelayBodySchema,
  roomEventsSchema,
  roomJoinBodySchema,
  roomJoinSchema,
  roomLinkParamsSchema,
  roomLinkSchema,
  roomSchema,
  roomWatchBodySchema,
  roomWatchSchema,
  sessionRoomLookupSchema,
} from "@draftroom/contracts";
import websocket from "@fastify/websocket";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { createSession } from "../drafts/service.ts";
import { joinAnswer, setSpectatorDelay } from "./delay.ts";
import { HelloGate } from "./hello-gate.ts";
import {
  changeLink,
  describeRoom,
  getOwnedRoom,
  listEventsAfter,
  lookupRoomOfSession,
  openLiveRoom,
  roomOfSession,
  watchSession,
} from "./service.ts";
import { openRoomSocket } from "./socket-session.ts";
import { teamRoutes } from "./team-routes.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const roomParams = z.object({ id: z.uuid() });

/**
 * Live rooms: REST for creating rooms and managing links, and the WebSocket every seat uses
 * (decision 006). Handlers parse and answer; service.ts decides.
 */
const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  // One message per socket per turn of the event loop (not a whole TCP chunk of them at once): a
  // socket sending thousands of frames takes turns with every other socket instead of going first.
  await app.register(websocket, { options: { maxPayload: 16 * 1024, allowSynchronousEvents: false } });
  const { config } = app;
  const teams = await teamRoutes(app);

  app.post(
    "/rooms/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "Open a live room for a session (existing, or created from `session`) with its links",
        description:
          "The links' tokens are in this answer only (the database keeps their hash). Timers: turn 10-300 s, bank 0-600 s.",
        body: roomCreateBodySchema,
        response: { 201: roomSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      let sessionId = body.session_id;
      if (!sessionId) {
        if (!body.session) {
          return reply.status(400).send({
            detail: "Give session_id or session.",
            code: "validation_error",
            fields: { session_id: "Required" },
          });
        }
        sessionId = (await createSession(app.db, user.id, body.session)).id;
      }
      const room = await openLiveRoom(app.db, user.id, sessionId, {
        turnMs: config.rooms.turnMsOverride ?? body.turn_seconds * 1000,
        bankMs: config.rooms.bankMsOverride ?? body.bank_seconds * 1000,
        delaySeconds: body.spectator_delay_seconds,
        ourSide: body.our_side,
      });
      return reply.status(201).send(room);
    },
  );

  app.get(
    "/rooms/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "A room the caller may read and its links (without tokens)",
        description:
          "Its creator's, or a workspace room for any active member. Anyone else gets the answer of a missing room.",
        params: roomParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => describeRoom(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/drafts/sessions/:id/room/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "The live room of one of the caller's sessions",
        params: roomParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => roomOfSession(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/drafts/sessions/:id/live-room/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary:
          "The live room of one of the caller's sessions, or null when it has none (never 404 for that)",
        description:
          "404 only when the caller may not read the session (not its creator, nor a member of its workspace).",
        params: roomParams,
        response: { 200: sessionRoomLookupSchema, ...errors },
      },
    },
    async (request) => lookupRoomOfSession(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/rooms/:id/events/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "The room's event log after `after` (default 0), oldest first",
        params: roomParams,
        querystring: z.object({ after: z.coerce.number().int().min(0).default(0) }),
        response: { 200: roomEventsSchema, ...errors },
      },
    },
    async (request) => {
      await getOwnedRoom(app.db, requireUser(request).id, request.params.id, "read");
      return { events: await listEventsAfter(app.db, request.params.id, request.query.after) };
    },
  );

  app.put(
    "/rooms/:id/delay/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "Set the spectator delay (0-300 s) of the public view, the overlay and the spectator link",
        description:
          "Applies at once on every process: a delayed socket receives each event only once the database clock passes the event's time plus the delay in force, never earlier, and never hovers or private events.",
        params: roomParams,
        body: roomDelayBodySchema,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) =>
      setSpectatorDelay(app.db, requireUser(request).id, request.params.id, request.body.delay_seconds),
  );

  app.post(
    "/rooms/:id/links/:link_id/rotate/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "A new token for a link; the old one stops working and its sockets close",
        params: roomLinkParamsSchema,
        response: { 200: roomLinkSchema, ...errors },
      },
    },
    async (request) =>
      changeLink(app.db, requireUser(request).id, request.params.id, request.params.link_id, "rotate"),
  );

  app.delete(
    "/rooms/:id/links/:link_id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "Revoke a link (its sockets close with 4403)",
        params: roomLinkParamsSchema,
        response: { 200: roomLinkSchema, ...errors },
      },
    },
    async (request) =>
      changeLink(app.db, requireUser(request).id, request.params.id, request.params.link_id, "revoke"),
  );

  app.post(
    "/rooms/join/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["rooms"],
        summary: "What a link opens: the room, the seat and the session (404 when not valid)",
        body: roomJoinBodySchema,
        response: { 200: roomJoinSchema, ...errors },
      },
    },
    async (request) => joinAnswer(app.db, request.body.token),
  );

  app.post(
    "/rooms/watch/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["rooms"],
        summary: "The room a session's public id watches, as a read-only spectator (404 when unknown)",
        description:
          "Creates the session's solo room on first use. Join its socket with `hello {watch: session_id}`.",
        body: roomWatchBodySchema,
        response: { 200: roomWatchSchema, ...errors },
      },
    },
    async (request) => watchSession(app.db, request.body.session_id),
  );

  // ---- the WebSocket (socket-session.ts) --------------------------------------------------------

  // As many hellos at once as the pool has connections (a hello runs its queries one by one).
  const helloGate = new HelloGate(Math.max(2, app.config.dbPoolMax));

  app.get(
    "/rooms/:id/ws",
    { websocket: true, config: { allowInvalidToken: true }, schema: { hide: true, params: roomParams } },
    (socket, request) => openRoomSocket(app, teams, helloGate, socket, request.params.id, request.log),
  );
};

export default roomRoutes;
