import { APP_NAME, APP_VERSION } from "@draftroom/contracts";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * OpenAPI document generated from the routes' Zod schemas: Swagger UI at /api/docs/, the JSON
 * at /api/docs/json. Register before the modules so every route is collected.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          "JSON API of Draftroom. Authenticate with `Authorization: Token <key>` (from /api/auth/login/ or " +
          "/api/auth/register/). Errors always have the shape `{detail, code, fields?}`.",
      },
      servers: [],
      components: {
        securitySchemes: {
          token: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description: "`Token <key>`",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}
