import {
  apiErrorSchema,
  quickRoomClaimBodySchema,
  quickRoomClaimSchema,
  quickRoomCreateBodySchema,
  quickRoomSchema,
  roomDelayBodySchema,
  roomLinkParamsSchema,
  roomLinkSchema,
  roomSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../../auth-context.ts";
import { AppError } from "../../../errors.ts";
import {
  claimQuickRoom,
  createQuickRoom,
  deleteExpiredQuickRooms,
  quickRoomForOrganiser,
  rotateQuickRoomLink,
  setQuickRoomDelay,
} from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const HOUR_MS = 3_600_000;
/** The organiser link's token travels in a header, never in a URL (which servers and proxies log). */
const ROOM_TOKEN_HEADER = "x-room-token";
const roomParams = z.object({ id: z.uuid() });

function organiserToken(headers: Record<string, string | string[] | undefined>): string {
  const token = headers[ROOM_TOKEN_HEADER];
  if (typeof token !== "string" || token.length === 0)
    throw new AppError(401, "not_authenticated", "The organiser link's token is missing (X-Room-Token).");
  return token;
}
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

  // The organiser's room controls without an account (decision 026): the organiser link's token
  // in X-Room-Token, as the room's recommendations take a seat's token.
  const organiserDescription =
    "The organiser link's token goes in the `X-Room-Token` header: 401 without it, 404 for an unknown token, 403 for another seat's.";

  app.get(
    "/quick-rooms/:id/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["rooms"],
        summary: "A quick room for its organiser: settings, spectator delay and links (without tokens)",
        description: organiserDescription,
        params: roomParams,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) => quickRoomForOrganiser(app.db, request.params.id, organiserToken(request.headers)),
  );

  app.put(
    "/quick-rooms/:id/delay/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["rooms"],
        summary: "The quick room's organiser sets the spectator delay (0-300 s)",
        description: organiserDescription,
        params: roomParams,
        body: roomDelayBodySchema,
        response: { 200: roomSchema, ...errors },
      },
    },
    async (request) =>
      setQuickRoomDelay(
        app.db,
        request.params.id,
        organiserToken(request.headers),
        request.body.delay_seconds,
      ),
  );

  app.post(
    "/quick-rooms/:id/links/:link_id/rotate/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["rooms"],
        summary: "The quick room's organiser makes a new link (the old one stops working at once)",
        description: `${organiserDescription} The organiser's own link is not rotated here (403).`,
        params: roomLinkParamsSchema,
        response: { 200: roomLinkSchema, ...errors },
      },
    },
    async (request) =>
      rotateQuickRoomLink(app.db, request.params.id, organiserToken(request.headers), request.params.link_id),
  );
};

export default quickRoomRoutes;
