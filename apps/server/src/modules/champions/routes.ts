import { championSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listChampions } from "./repository.ts";

/** `GET /api/drafts/champions/`: the whole pool, not paginated. */
const championRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/drafts/champions/",
    {
      schema: {
        tags: ["drafts"],
        summary: "Every champion in the pool, by name",
        response: { 200: z.array(championSchema) },
      },
    },
    async () => listChampions(app.db),
  );
};

export default championRoutes;
