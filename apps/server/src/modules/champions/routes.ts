import { championPositionsSchema, championSchema } from "@draftroom/contracts";
import { championPositionMap } from "@draftroom/draft";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getMatchStatistics } from "../matches/service.ts";
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

  app.get(
    "/drafts/champions/positions/",
    {
      schema: {
        tags: ["drafts"],
        summary: "The positions each champion plays: from imported match data, else from its roles",
        response: { 200: championPositionsSchema },
      },
    },
    async () => {
      const [champions, { statistics }] = await Promise.all([
        listChampions(app.db),
        getMatchStatistics(app.db),
      ]);
      const map = championPositionMap(champions, statistics);
      return {
        source: statistics && statistics.games > 0 ? ("statistics" as const) : ("roles" as const),
        positions: Object.fromEntries([...map].map(([id, positions]) => [String(id), positions])),
      };
    },
  );
};

export default championRoutes;
