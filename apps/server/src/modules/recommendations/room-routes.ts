import { apiErrorSchema, recommendationsSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import { roomTeamRecommendations } from "./room-advice.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The link's token travels in a header, never in a URL (which servers and proxies log). */
export const ROOM_TOKEN_HEADER = "x-room-token";

/** A live room's team seat asks the recommendation engine for its own side (captains, members). */
const roomRecommendationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/rooms/:id/recommendations/",
    {
      schema: {
        tags: ["rooms"],
        summary:
          "Recommendations for the team of the room link in the X-Room-Token header (its own side only)",
        params: z.object({ id: z.uuid() }),
        querystring: z.object({
          action: z.enum(["BAN", "PICK"]).optional(),
          limit: z.coerce.number().int().min(1).max(20).default(8),
        }),
        response: { 200: recommendationsSchema, ...errors },
      },
    },
    async (request) => {
      const token = request.headers[ROOM_TOKEN_HEADER];
      if (typeof token !== "string" || token.length === 0)
        throw new AppError(401, "not_authenticated", "The room link's token is missing.");
      return roomTeamRecommendations(app.db, request.params.id, token, request.query);
    },
  );
};

export default roomRecommendationRoutes;
