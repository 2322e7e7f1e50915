import { clientErrorBodySchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../accounts/http.ts";

const FORWARD_TIMEOUT_MS = 5000;

/**
 * `POST /api/client-errors/`: the web app's error boundary reports here. No token needed (a
 * stale one is ignored); metered per address (CLIENT_ERRORS_PER_MINUTE); `context` is a flat
 * record of at most 16 short fields. Each report is logged at warn (its level is in the line) and, when CLIENT_ERROR_REPORT_URL is set, forwarded in the background: the answer
 * never waits for the forward, and a failed forward is only logged.
 */
const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const perMinute = app.config.clientErrorsPerMinute;
  const reportUrl = app.config.clientErrorReportUrl;

  app.post(
    "/client-errors/",
    {
      config: {
        allowInvalidToken: true,
        rateLimit: { max: perMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ["client-errors"],
        summary: "Report an error that happened in the browser",
        body: clientErrorBodySchema,
        response: { 204: z.null().describe("Logged"), ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const report = {
        ...request.body,
        user_id: request.user?.id ?? null,
        user_agent: request.headers["user-agent"] ?? null,
        received_at: new Date().toISOString(),
      };
      // Warn, whatever the browser's level: a client can send these at will, and an error-level
      // line must stay a sign that the server itself failed.
      request.log.warn({ clientError: report }, `client error: ${request.body.message.slice(0, 200)}`);
      if (reportUrl) {
        void fetch(reportUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(report),
          signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
        })
          .then((response) => {
            if (!response.ok) request.log.warn({ status: response.status }, "client error forward rejected");
          })
          .catch((error: unknown) => request.log.warn({ err: error }, "client error forward failed"));
      }
      return reply.code(204).send(null);
    },
  );
};

export default clientErrorsRoutes;
