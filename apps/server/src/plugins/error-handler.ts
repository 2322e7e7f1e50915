import { type ErrorCode, validationMessageEn } from "@draftroom/contracts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { unavailableDetail, unavailableReason } from "../db/availability.ts";
import { isAppError } from "../errors.ts";

/**
 * The single error handler: every 4xx/5xx leaves as `{ detail, code, fields? }`. Bad input is always a 4xx; anything unexpected is a 500 whose message and stack
 * stay in the log, never in the answer.
 */

interface ErrorBody {
  detail: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: "validation_error",
  401: "not_authenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

const STATUS_DETAILS: Partial<Record<number, string>> = {
  400: "The request is not valid.",
  401: "Authentication credentials were not provided.",
  403: "You do not have permission to perform this action.",
  404: "Not found.",
  405: "Method not allowed.",
  409: "The request conflicts with the current state.",
  413: "The request body is too large.",
  415: "Unsupported media type: send application/json.",
  429: "Too many requests. Please wait and try again.",
};

/** "/settings/ban_timer" -> "settings.ban_timer"; a whole-body issue -> "non_field_errors". */
function fieldName(instancePath: string): string {
  const path = instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".");
  return path === "" ? "non_field_errors" : path;
}

export function toErrorBody(error: unknown): { status: number; body: ErrorBody } {
  if (isAppError(error)) {
    const body: ErrorBody = { detail: error.detail, code: error.code };
    if (error.fields) body.fields = error.fields;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath);
      fields[name] ??= validationMessageEn(issue.message ?? "invalidValue");
    }
    return { status: 400, body: { detail: "Invalid input.", code: "validation_error", fields } };
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, body: { detail: "The request body is not valid JSON.", code: "malformed_json" } };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, body: { detail: STATUS_DETAILS[413]!, code: "payload_too_large" } };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, body: { detail: STATUS_DETAILS[415]!, code: "unsupported_media_type" } };
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return { status: 400, body: { detail: "The request body is not valid JSON.", code: "malformed_json" } };
  }
  // The database could not take the request (unreachable, locked, disk full): nothing was written,
  // and the client may try again (decision 049). Not a 500: nothing is wrong with the server's code.
  const unavailable = unavailableReason(error);
  if (unavailable) {
    return { status: 503, body: { detail: unavailableDetail(unavailable), code: "database_unavailable" } };
  }
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return {
      status,
      body: {
        detail: STATUS_DETAILS[status] ?? "The request could not be processed.",
        code: STATUS_CODES[status] ?? "validation_error",
      },
    };
  }
  return { status: 500, body: { detail: "An unexpected error occurred.", code: "internal_error" } };
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** A route index of the API, so an unmatched method on a known path answers 405 with Allow. */
function createRouteIndex() {
  const routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  return {
    add(url: string, method: string | string[]) {
      if (!url.startsWith("/api/") || url.includes("*")) return;
      const body = url
        .replace(/\/+$/, "")
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      const pattern = new RegExp(`^${body}/?$`);
      const methods = Array.isArray(method) ? method : [method];
      const existing = routes.find((route) => route.pattern.source === pattern.source);
      if (existing) for (const m of methods) existing.methods.add(m);
      else routes.push({ pattern, methods: new Set(methods) });
    },
    allowed(path: string): string[] {
      const methods = new Set<string>();
      for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
      return [...methods].sort();
    },
  };
}

export interface ErrorHandlingOptions {
  /** Answers non-API GET/HEAD requests that matched no route (the SPA fallback); false if none. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply> | false;
}

/** Installs the error handler, the 404/405 handler and the route index. Call before any route. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  const index = createRouteIndex();
  app.addHook("onRoute", (route) => index.add(route.url, route.method));

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (body.code === "database_unavailable") request.log.warn({ err: error }, "database unavailable");
    else if (status >= 500) request.log.error({ err: error }, "unhandled error");
    else if (body.code === "validation_error" || body.code === "malformed_json") {
      request.log.info({ code: body.code, fields: body.fields }, "rejected request");
    }
    return sendError(reply, status, body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isApi = path === "/api" || path.startsWith("/api/");
    if (isApi) {
      const allowed = index.allowed(path);
      if (allowed.length > 0) {
        reply.header("allow", allowed.join(", "));
        return sendError(reply, 405, {
          detail: `Method "${request.method}" not allowed.`,
          code: "method_not_allowed",
        });
      }
    } else if ((request.method === "GET" || request.method === "HEAD") && options.fallback) {
      const answered = options.fallback(request, reply);
      if (answered) return answered;
    }
    return sendError(reply, 404, { detail: STATUS_DETAILS[404]!, code: "not_found" });
  });
}
