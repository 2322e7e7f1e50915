import {
  apiErrorSchema,
  roomSchema,
  roomTimerSettingsSchema,
  seriesParamsSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../../auth-context.ts";
import { getSeriesRoom, openSeriesRoom } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * A series' one live room (decision 012): open it once, hand out its links for the whole series.
 * Starting the next game (`POST /api/series/{id}/games/`) moves it; see series/routes.ts.
 */
const seriesRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.post(
    "/series/:id/room/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["series"],
        summary: "Open the series' live room: one set of links for every game",
        description:
          "Captain links belong to a team (A/B), not a side: they keep working when the teams change sides. Tokens appear only in this answer.",
        params: seriesParamsSchema,
        body: roomTimerSettingsSchema,
        response: { 201: roomSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const room = await openSeriesRoom(app.db, requireUser(request).id, request.params.id, {
        turnMs: config.rooms.turnMsOverride ?? request.body.turn_seconds * 1000,
        bankMs: config.rooms.bankMsOverride ?? request.body.bank_seconds * 1000,
      });
      return reply.status(201).send(room);
    },
  );

  app.get(
    "/series/:id/room/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["series"],
        summary: "The series' live room and its links (without tokens)",
        params: seriesParamsSchema,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => getSeriesRoom(app.db, requireUser(request).id, request.params.id),
  );
};

export default seriesRoomRoutes;
