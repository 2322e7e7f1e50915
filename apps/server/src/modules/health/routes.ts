import { APP_VERSION, type HealthChecks, healthSchema, healthUnavailableSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";

const startedAt = Date.now();

/** A database that has not answered in this long is reported unreachable (the query goes on). */
const DATABASE_ANSWER_MS = 2000;

/**
 * `GET /api/health/`: 200 once the database answers a query and, on PostgreSQL, this process's
 * listening connection hears other processes (decision 049); otherwise 503 in the error shape,
 * with `checks` saying which part is wrong, for as long as it is wrong.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health/",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness, the database and the change listener",
        response: { 200: healthSchema, 503: healthUnavailableSchema },
      },
    },
    async (_request, reply) => {
      const { db, dialect, availability } = app.database;
      reply.header("cache-control", "no-store");
      const query =
        dialect === "postgres"
          ? sql<{ version: string }>`select current_setting('server_version') as version`
          : sql<{ version: string }>`select sqlite_version() as version`;
      let timer: NodeJS.Timeout | undefined;
      const version = await Promise.race([
        query.execute(db).then((result) => String(result.rows[0]?.version ?? "unknown")),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("the database did not answer in time")),
            DATABASE_ANSWER_MS,
          );
        }),
      ]).then(
        (answer) => answer,
        (error: unknown) => {
          app.log.warn({ err: error }, "health check: database unavailable");
          availability.report(error);
          return null;
        },
      );
      clearTimeout(timer);
      const checks: HealthChecks = {
        database: version === null ? "unreachable" : "ok",
        change_listener:
          dialect !== "postgres" ? "not_used" : app.database.changes().ready ? "ok" : "not_listening",
      };
      if (version === null || checks.change_listener === "not_listening") {
        return reply.code(503).send({
          detail:
            version === null
              ? "The database is not reachable: nothing can be read or saved."
              : "This server is not listening to the database's notifications: changes made on other servers are not heard until it reconnects.",
          code: "database_unavailable",
          checks,
        });
      }
      return {
        status: "ok" as const,
        version: APP_VERSION,
        database: { dialect, version },
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        checks,
      };
    },
  );
};

export default healthRoutes;
