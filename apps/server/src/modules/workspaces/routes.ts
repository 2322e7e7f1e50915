import {
  apiErrorSchema,
  workspaceCreateBodySchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceParamsSchema,
  workspaceSchema,
  workspaceUpdateBodySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { createWorkspace, getWorkspace, listMembers, listWorkspaces, updateWorkspace } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Team workspaces. Every handler only parses and answers; the service checks the caller's role
 * (`requireWorkspaceRole`): a workspace the caller is not a member of is a 404.
 */
const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/workspaces/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "The caller's workspaces (active memberships), with role, capabilities and seats",
        response: { 200: workspaceListSchema, ...errors },
      },
    },
    async (request) => listWorkspaces(app.db, requireUser(request).id),
  );

  app.post(
    "/workspaces/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Create a workspace billed to the caller, its first owner (403 workspace_limit past the plan)",
        body: workspaceCreateBodySchema,
        response: { 201: workspaceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(app.db, requireUser(request).id, request.body)),
  );

  app.get(
    "/workspaces/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "A workspace the caller belongs to (404 otherwise)",
        params: workspaceParamsSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) => getWorkspace(app.db, requireUser(request).id, request.params.id),
  );

  app.patch(
    "/workspaces/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Rename, retag, recolour or relink a workspace (owners)",
        params: workspaceParamsSchema,
        body: workspaceUpdateBodySchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) => updateWorkspace(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.get(
    "/workspaces/:id/members/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Members with role, status and last seen",
        params: workspaceParamsSchema,
        response: { 200: workspaceMemberListSchema, ...errors },
      },
    },
    async (request) => listMembers(app.db, requireUser(request).id, request.params.id),
  );
};

export default workspaceRoutes;
