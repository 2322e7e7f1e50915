import { APP_NAME, APP_VERSION, apiErrorSchema } from "@draftroom/contracts";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { authenticate } from "../auth-context.ts";

const TOKEN_SCHEME = "token";

/**
 * OpenAPI document generated from the routes' Zod schemas: Swagger UI at /api/docs/, the JSON
 * at /api/docs/json. Register before the modules so every route is collected. It is served in
 * production too: the API is public (docs/decisions/005-asvs-hardening.md).
 *
 * Each operation gets, unless its schema sets them itself:
 * - `security`: the Token scheme when the route requires a signed-in user (`authenticate`), none
 *   for sign-in, registration and error reports (a token there is ignored), and "optional" for
 *   the other public routes (a token may change the answer, e.g. a user's own leagues);
 * - an `operationId` made of the method and the path, e.g. `getDraftsSessionsByIdActions`;
 * - a 429 answer, which the global rate limit can give on any of them.
 * `npm test` lints the document with Redocly's recommended rules (redocly.yaml).
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
          "/api/auth/register/). Errors always have the shape `{detail, code, fields?}`. A JSON body's " +
          "top-level field that its route does not take is a 400 naming it, never ignored; so is a query " +
          "parameter named as a declared one with or without `_id` (`workspace_id` for `workspace`).",
        license: { name: "UNLICENSED" },
      },
      // Relative: Swagger UI and clients call the server that served the document.
      servers: [{ url: "/", description: "The server that serves this document" }],
      components: {
        securitySchemes: {
          [TOKEN_SCHEME]: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description: "`Token <key>`",
          },
        },
      },
    },
    // Named (recursive) schemas of the registry, such as a draft plan's branch, go to components,
    // written in OpenAPI 3.0 terms (the registry's JSON Schema uses newer keywords).
    transformObject: (input) => toOpenApi30(jsonSchemaTransformObject(input)),
    transform: (input) => {
      // The global rate limit can answer 429 on every operation; a copy, the route keeps its own.
      const given: FastifySchema = input.schema ?? {};
      const response = { 429: apiErrorSchema, ...(given.response as object | undefined) };
      const transformed = jsonSchemaTransform({ ...input, schema: { ...given, response } });
      const route = input.route as RouteOptions;
      const schema = transformed.schema as FastifySchema & { security?: Security; operationId?: string };
      const documented: FastifySchema = {
        ...schema,
        security: schema.security ?? securityOf(route),
        operationId: schema.operationId ?? operationId(route.method, input.url),
      };
      return { ...transformed, schema: documented };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true },
  });
}

type Security = Array<Record<string, string[]>>;

function securityOf(route: RouteOptions): Security {
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
  if (hooks.includes(authenticate)) return [{ [TOKEN_SCHEME]: [] }];
  if (route.config?.allowInvalidToken) return [];
  return [{}, { [TOKEN_SCHEME]: [] }];
}

/** `post /api/drafts/sessions/{id}/actions/` -> `postDraftsSessionsByIdActions`. */
export function operationId(method: RouteOptions["method"], url: string): string {
  const verb = (Array.isArray(method) ? method[0]! : method).toLowerCase();
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$|^:(.+)$/.exec(segment);
      const name = param ? (param[1] ?? param[2]!) : segment;
      const pascal = name
        .split(/[^A-Za-z0-9]+/)
        .map(capital)
        .join("");
      return param ? `By${pascal}` : pascal;
    });
  return verb + words.join("");
}

/**
 * JSON Schema keywords OpenAPI 3.0 spells differently: `{const: x}` becomes `{enum: [x]}`, and a
 * numeric `exclusiveMinimum`/`exclusiveMaximum` becomes `minimum`/`maximum` with the boolean flag,
 * and `anyOf: [A, {type: "null"}]` becomes A with `nullable: true`.
 */
function toOpenApi30<T>(value: T): T {
  if (Array.isArray(value)) return value.map(toOpenApi30) as T;
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const anyOf = record.anyOf;
  if (Array.isArray(anyOf) && anyOf.some((s) => (s as { type?: unknown })?.type === "null")) {
    const rest = anyOf.filter((s) => (s as { type?: unknown })?.type !== "null");
    const { anyOf: _dropped, ...others } = record;
    const base = rest.length === 1 ? { ...others, ...(rest[0] as object) } : { ...others, anyOf: rest };
    return toOpenApi30({ ...base, nullable: true }) as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "const") out.enum = [item];
    else if ((key === "exclusiveMinimum" || key === "exclusiveMaximum") && typeof item === "number") {
      out[key === "exclusiveMinimum" ? "minimum" : "maximum"] = item;
      out[key] = true;
    } else out[key] = toOpenApi30(item);
  }
  return out as T;
}
