import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * `GET /api/metrics/`: Prometheus' text format, only with METRICS=1 (otherwise the path is an
 * ordinary 404). Not in the OpenAPI document: it is for a scraper, not an API client, and an
 * operator keeps it off the public proxy (decision 052).
 */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const metrics = app.metrics;
  if (!metrics) return;
  app.get("/metrics/", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("content-type", metrics.contentType).header("cache-control", "no-store");
    return metrics.render();
  });
};

export default metricsRoutes;
