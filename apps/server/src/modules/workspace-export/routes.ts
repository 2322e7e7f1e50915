import { workspaceExportSchema, workspaceParamsSchema } from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { errorResponses } from "../accounts/http.ts";
import { exportWorkspace } from "./service.ts";

/** The workspace export (decision record 028). */
const workspaceExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/workspaces/:id/export/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Everything of the workspace as one JSON file (format draftroom.workspace, version 1)",
        description:
          "Owners, coaches and analysts (`export`). Sessions with actions, series with games, plans, roster with pools, members (username and role only) and comments. The file is versioned: `format` and `version` say how to read it.",
        params: workspaceParamsSchema,
        response: { 200: workspaceExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await exportWorkspace(app.db, requireUser(request).id, request.params.id);
      const name = `draftroom-${file.workspace.tag.toLowerCase()}-${file.exported_at.slice(0, 10)}.json`;
      return reply.header("content-disposition", `attachment; filename="${name}"`).send(file);
    },
  );
};

export default workspaceExportRoutes;
