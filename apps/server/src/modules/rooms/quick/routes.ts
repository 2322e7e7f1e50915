import {
  apiErrorSchema,
  quickRoomClaimBodySchema,
  quickRoomClaimSchema,
  quickRoomCreateBodySchema,
  quickRoomSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../../auth-context.ts";
import { claimQuickRoom, createQuickRoom, deleteExpiredQuickRooms } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const HOUR_MS = 3_600_000;
/** How often expired quick rooms are deleted (also once at start-up). */
const CLEANUP_EVERY_MS = HOUR_MS;

/**
 * Quick rooms (decision 012): `POST /api/quick-rooms/` without an account, metered per address
 * on the matched route (so every spelling of the path shares one budget), and the claim into
 * an account. Expired, unclaimed rooms are deleted at start-up and every hour.
 */
const quickRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  let cleanup: NodeJS.Timeout | undefined;
  const clean = () =>
    deleteExpiredQuickRooms(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, "deleting expired quick rooms failed"),
    );
  app.addHook("onReady", async () => {
    await clean();
    cleanup = setInterval(() => void clean(), CLEANUP_EVERY_MS);
    cleanup.unref();
  });
  app.addHook("onClose", async () => {
    if (cleanup) clearInterval(cleanup);
  });

  app.post(
    "/quick-rooms/",
    {
      config: {
        allowInvalidToken: true,
        rateLimit: { max: config.quickRoomsPerHour, timeWindow: HOUR_MS },
      },
      schema: {
        tags: ["rooms"],
        summary: "Create a live room without an account (kept 7 days unless claimed)",
        description:
          "Answers the room with its captain and spectator links and the organiser's link; tokens appear only here. Metered per address (429 `rate_limited` with Retry-After).",
        body: quickRoomCreateBodySchema,
        response: { 201: quickRoomSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const quick = await createQuickRoom(app.db, body, {
        turnMs: config.rooms.turnMsOverride ?? body.turn_seconds * 1000,
        bankMs: config.rooms.bankMsOverride ?? body.bank_seconds * 1000,
      });
      return reply.status(201).send(quick);
    },
  );

  app.post(
    "/quick-rooms/:id/claim/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["rooms"],
        summary: "Save a quick room into the caller's account (counts toward the plan)",
        description:
          "`token` is the organiser's link token. 403 `plan_limit` when the plan is full (nothing changes); 409 `room_claimed` when another account saved it.",
        params: z.object({ id: z.uuid() }),
        body: quickRoomClaimBodySchema,
        response: { 200: quickRoomClaimSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => claimQuickRoom(app.db, requireUser(request).id, request.params.id, request.body.token),
  );
};

export default quickRoomRoutes;
