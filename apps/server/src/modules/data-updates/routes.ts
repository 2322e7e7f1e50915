import {
  dataFreshnessSchema,
  dataSourceParamsSchema,
  dataSourcesSchema,
  dataUpdateRunSchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { AppError } from "../../errors.ts";
import { errorResponses } from "../accounts/http.ts";
import { dataFreshness, dataSources } from "./service.ts";
import { sourceUrl } from "./sources.ts";
import { DataUpdater, UpdateRunningError } from "./updater.ts";

/**
 * Scheduled data updates (docs/decisions/021): the scheduler starts with the server (unless
 * DATA_UPDATES=off); `GET /data/sources/` shows each source's state and runs; data admins start
 * an update with `POST /data/sources/:source/update/`; `GET /data/freshness/` says whether the
 * data behind the recommendations is stale.
 */
const dataUpdateRoutes: FastifyPluginAsyncZod = async (app) => {
  const updater = new DataUpdater(app.db, app.config, app.log);
  const isAdmin = (username: string) => app.config.dataAdmins.includes(username.toLowerCase());
  app.addHook("onReady", async () => updater.start());
  app.addHook("onClose", async () => updater.stop());

  app.get(
    "/data/sources/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["data"],
        summary: "Each data source: last update, version, next check, last error and recent runs",
        response: { 200: dataSourcesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return dataSources(
        app.db,
        app.config,
        isAdmin(user.username),
        (source) => updater.isRunning(source),
        (source) => updater.progressOf(source),
      );
    },
  );

  app.post(
    "/data/sources/:source/update/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["data"],
        summary: "Update a source now (data admins); answers 202 with the run once it started",
        description:
          "The run goes on after the answer: follow it on `GET /data/sources/` (`running.progress`). 409 `update_running` when it is already running (here or in another process); 400 when the source has no URL; 403 for users outside DATA_ADMINS and with DATA_UPDATES=off.",
        params: dataSourceParamsSchema,
        response: { 202: dataUpdateRunSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!isAdmin(user.username)) {
        throw new AppError(403, "forbidden", "Only a data administrator may update data.");
      }
      if (!app.config.dataUpdates.enabled) {
        throw new AppError(403, "forbidden", "Data updates are off on this server (DATA_UPDATES=off).");
      }
      const { source } = request.params;
      if (!sourceUrl(app.config, source)) {
        throw new AppError(400, "validation_error", "This source has no URL configured.", {
          source: "This source has no URL configured.",
        });
      }
      try {
        const { started } = await updater.begin(source, "manual");
        if (!started) throw new UpdateRunningError();
        return reply.status(202).send(started);
      } catch (error) {
        if (error instanceof UpdateRunningError) {
          throw new AppError(409, "update_running", "An update of this source is already running.");
        }
        throw error;
      }
    },
  );

  app.get(
    "/data/freshness/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["data"],
        summary: "Whether the data behind the recommendations is stale (old match data, or a newer patch)",
        response: { 200: dataFreshnessSchema, ...errorResponses(401) },
      },
    },
    async () => dataFreshness(app.db),
  );
};

export default dataUpdateRoutes;
