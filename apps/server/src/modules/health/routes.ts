import { APP_VERSION, apiErrorSchema, healthSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { AppError } from "../../errors.ts";

const startedAt = Date.now();

/** `GET /api/health/`: answers only once the database answers a query. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health/",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database status",
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const { db, dialect } = app.database;
      let version: string;
      try {
        const query =
          dialect === "postgres"
            ? sql<{ version: string }>`select current_setting('server_version') as version`
            : sql<{ version: string }>`select sqlite_version() as version`;
        const result = await query.execute(db);
        version = String(result.rows[0]?.version ?? "unknown");
      } catch (error) {
        app.log.error({ err: error }, "health check: database unavailable");
        throw new AppError(503, "internal_error", "The database is not available.");
      }
      reply.header("cache-control", "no-store");
      return {
        status: "ok" as const,
        version: APP_VERSION,
        database: { dialect, version },
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );
};

export default healthRoutes;
