import {
  apiErrorSchema,
  imageQuerySchema,
  seriesParamsSchema,
  sessionParamsSchema,
  sessionSchema,
  workspaceFilterQuerySchema,
} from "@draftroom/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { publish } from "../../events.ts";
import { errorResponses } from "../accounts/http.ts";
import { onPortraitsChanged } from "../champions/service.ts";
import { notFound, sessionOwnership } from "../drafts/service.ts";
import { registerDraftCardSource } from "../integrations/draft-cards.ts";
import { seriesNotFound, seriesRef } from "../series/service.ts";
import { actingUserId, authorizeMove, workspaceItemAccess } from "../workspaces/access.ts";
import type { Card } from "./card-model.ts";
import { exportFileName } from "./export.ts";
import { SharedImageCache } from "./image-cache.ts";
import { PortraitStore } from "./portraits.ts";
import { PublicRenderLimit, PublicRenderLimitError } from "./render-limit.ts";
import { RenderPool, RenderQueueFullError } from "./render-pool.ts";
import { CardRenderer, type RenderedCard } from "./renderer.ts";
import { draftImage, exportDraft, exportSeries, importDraft, planImage, seriesImage } from "./service.ts";

const errors = { ...errorResponses(400, 401, 404), 503: apiErrorSchema };
const publicErrors = { ...errorResponses(400, 404), 429: apiErrorSchema, 503: apiErrorSchema };
const png = z.string().describe("PNG image (image/png), 1200×630 (social) or 1920×1080 (stream)");
const imageDescription =
  "`size` social (1200×630) or stream (1920×1080), `theme` light or dark, `lang` en or es. " +
  "Cached until the draft changes; the ETag answers `If-None-Match` with 304. When the render queue is " +
  "full: 503 `service_busy` with Retry-After. Public images: an address that causes too many new " +
  "renders a minute gets 429 `rate_limited` with Retry-After (cached images are never counted).";

/** The champion keys of a card, for the portrait part of its cache key. */
function cardChampionKeys(card: Card): string[] {
  if (card.kind === "plan") return [];
  const teams =
    card.kind === "draft" ? [card.blue, card.red] : card.games.flatMap((game) => [game.blue, game.red]);
  return teams.flatMap((team) =>
    [...team.picks, ...team.bans].flatMap((slot) => (slot.champion ? [slot.champion.key] : [])),
  );
}

/**
 * Sharing: draft and series images (PNG cards, the Open Graph image of the public views), the
 * JSON export of a draft or a series, and the import of an exported draft as a new session.
 */
const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { render } = app.config;
  const portraits = new PortraitStore(app.config.championImages.dir);
  const pool = new RenderPool({
    size: render.threads,
    maxWaiting: render.queueMax,
    portraitDir: app.config.championImages.dir,
  });
  const renderer = new CardRenderer({
    draw: pool.draw,
    shared: new SharedImageCache(app.db),
    portraitSignature: (card) =>
      cardChampionKeys(card)
        .filter((key) => portraits.has(key))
        .join(","),
  });
  const limit = new PublicRenderLimit(render.publicPerMinute);
  if (render.warmUp) {
    // Not awaited: start-up does not wait; the first real render queues behind the warm-up.
    app.addHook("onReady", async () => {
      pool.warmUp().catch((error) => app.log.warn({ err: error }, "image render warm-up failed"));
    });
  }
  // Portraits fetched by the data updates: drawn from the next render on (the cache key changes too).
  const stopListening = onPortraitsChanged(() => {
    portraits.forgetMissing();
    pool.portraitsChanged();
  });
  // A workspace's "draft finished" Discord post carries the draft's social card (decision 086),
  // drawn by this pool as the public view would show it (the post already waited out the delay).
  const stopDraftCards = registerDraftCardSource(app.db, async (sessionId, lang) => {
    const image = await draftImage(app.db, renderer, null, sessionId, {
      size: "social",
      theme: "dark",
      lang,
    });
    return image.png;
  });
  app.addHook("onClose", async () => {
    stopListening();
    stopDraftCards();
    await pool.close();
  });

  /** Runs a render, turning a full queue into 503 and a spent address into 429, both with Retry-After. */
  const rendering = async (reply: FastifyReply, work: () => Promise<RenderedCard>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof RenderQueueFullError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
        throw new AppError(503, "service_busy", "Too many images are being drawn. Try again shortly.");
      }
      if (error instanceof PublicRenderLimitError) {
        reply.header("retry-after", String(error.retryAfterSeconds));
        throw new AppError(429, "rate_limited", "Too many new images from this address. Try again shortly.");
      }
      throw error;
    }
  };
  const publicDraw = (request: FastifyRequest) => ({ beforeDraw: () => limit.take(request.ip) });

  const sendImage = (
    request: FastifyRequest,
    reply: FastifyReply,
    image: RenderedCard,
    isPublic: boolean,
  ) => {
    // Revalidated on every use (the draft may change); an unchanged draft costs a 304.
    reply.header("cache-control", `${isPublic ? "public" : "private"}, no-cache`).header("etag", image.etag);
    if (request.headers["if-none-match"] === image.etag) return reply.status(304).send();
    return reply.type("image/png").send(image.png);
  };

  app.get(
    "/drafts/sessions/:id/image.png",
    {
      onRequest: authenticate,
      preHandler: workspaceItemAccess(sessionOwnership, "read", notFound),
      schema: {
        tags: ["drafts"],
        summary: "The draft as a PNG card (its creator; in a workspace, every member who reads it)",
        description: imageDescription,
        params: sessionParamsSchema,
        querystring: imageQuerySchema,
        response: { 200: png, ...errors },
      },
    },
    async (request, reply) => {
      const image = await rendering(reply, () =>
        draftImage(app.db, renderer, actingUserId(request), request.params.id, request.query),
      );
      return sendImage(request, reply, image, false);
    },
  );

  app.get(
    "/draft-plans/:id/sheet.png",
    {
      onRequest: authenticate,
      schema: {
        tags: ["draft-plans"],
        summary: "A draft plan as a one-page printable sheet (PNG, A4 at 150 dpi; readers of the plan)",
        description: "`lang` en or es; `size` and `theme` do not apply (the sheet is for paper).",
        params: z.object({ id: z.uuid() }),
        querystring: imageQuerySchema,
        response: { 200: png, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const query = { ...request.query, size: "social" as const, theme: "light" as const };
      const image = await rendering(reply, () =>
        planImage(app.db, renderer, user.id, request.params.id, query),
      );
      reply.header("content-disposition", 'inline; filename="draft-plan.png"');
      return sendImage(request, reply, image, false);
    },
  );

  app.get(
    "/drafts/sessions/:id/public/image.png",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["drafts"],
        summary: "Anyone with the link: the draft as a PNG card",
        description: imageDescription,
        params: sessionParamsSchema,
        querystring: imageQuerySchema,
        response: { 200: png, ...publicErrors },
      },
    },
    async (request, reply) => {
      const image = await rendering(reply, () =>
        draftImage(app.db, renderer, null, request.params.id, request.query, publicDraw(request)),
      );
      return sendImage(request, reply, image, true);
    },
  );

  app.get(
    "/series/:id/image.png",
    {
      onRequest: authenticate,
      preHandler: workspaceItemAccess(seriesRef, "read", seriesNotFound),
      schema: {
        tags: ["series"],
        summary:
          "The series as a PNG card: score and every game (its creator; in a workspace, every member who reads it)",
        description: imageDescription,
        params: seriesParamsSchema,
        querystring: imageQuerySchema,
        response: { 200: png, ...errors },
      },
    },
    async (request, reply) => {
      const image = await rendering(reply, () =>
        seriesImage(app.db, renderer, actingUserId(request), request.params.id, request.query),
      );
      return sendImage(request, reply, image, false);
    },
  );

  app.get(
    "/series/:id/public/image.png",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["series"],
        summary: "Anyone with the link: the series as a PNG card",
        description: imageDescription,
        params: seriesParamsSchema,
        querystring: imageQuerySchema,
        response: { 200: png, ...publicErrors },
      },
    },
    async (request, reply) => {
      const image = await rendering(reply, () =>
        seriesImage(app.db, renderer, null, request.params.id, request.query, publicDraw(request)),
      );
      return sendImage(request, reply, image, true);
    },
  );

  app.get(
    "/drafts/sessions/:id/export/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "The draft as a JSON file (format draftroom.draft, version 1)",
        params: sessionParamsSchema,
        response: { 200: z.looseObject({}).describe("A draftroom.draft export"), ...errors },
      },
    },
    async (request, reply) => {
      const { title, body } = await exportDraft(app.db, requireUser(request).id, request.params.id);
      reply.header("content-disposition", `attachment; filename="${exportFileName("draft", title)}"`);
      return body;
    },
  );

  app.get(
    "/series/:id/export/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["series"],
        summary: "The series as a JSON file (format draftroom.series, version 1)",
        params: seriesParamsSchema,
        response: { 200: z.looseObject({}).describe("A draftroom.series export"), ...errors },
      },
    },
    async (request, reply) => {
      const { title, body } = await exportSeries(app.db, requireUser(request).id, request.params.id);
      reply.header("content-disposition", `attachment; filename="${exportFileName("series", title)}"`);
      return body;
    },
  );

  app.post(
    "/drafts/sessions/import/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["drafts"],
        summary: "Import an exported draft as a new session (400 import_invalid lists each problem)",
        description:
          "The body is a `draftroom.draft` export. Champions are found by key; the steps are checked " +
          "against the draft's format. Counts as a saved draft (403 plan_limit past the plan). With " +
          "`?workspace=`, the session is imported into that workspace (`edit_drafts` there; its plan " +
          "covers it), as a create is.",
        querystring: workspaceFilterQuerySchema,
        body: z.unknown(),
        response: { 201: sessionSchema, ...errorResponses(400, 401, 403, 404), 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { workspace } = request.query;
      if (workspace) await authorizeMove(request, workspace, "edit_drafts");
      const session = await importDraft(app.db, user.id, request.body, workspace);
      if (workspace) {
        await publish(app.db, "session.changed", {
          db: app.db,
          workspaceId: workspace,
          actorId: user.id,
          verb: "created",
          id: session.id,
          title: session.title,
        });
      }
      return reply.status(201).send(session);
    },
  );
};

export default shareRoutes;
