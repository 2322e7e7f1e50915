import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { championImageOrigin } from "../modules/champions/image-source.ts";

/**
 * The Content-Security-Policy the built web app runs under (checked by the e2e smoke test). The
 * champion pictures' origin follows `CHAMPION_IMAGE_BASE_URL` (Data Dragon's CDN by default).
 */
export function contentSecurityPolicy(
  config: Pick<Config, "clientErrorReportUrl"> & Partial<Pick<Config, "championImages">>,
  scriptHashes: string[] = [],
) {
  const imageOrigin = championImageOrigin(config.championImages?.source ?? { kind: "cdn" });
  const connect = ["'self'"];
  if (config.clientErrorReportUrl) connect.push(new URL(config.clientErrorReportUrl).origin);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // Inline scripts of the built index.html are allowed by hash only.
    scriptSrc: ["'self'", ...scriptHashes],
    // React sets style attributes (theme hues, positions); stylesheets come from 'self' only.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...(imageOrigin ? [imageOrigin] : [])],
    fontSrc: ["'self'", "data:"],
    connectSrc: [...connect, "ws:", "wss:"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Served over plain HTTP on loopback by default: do not force https subresources.
    upgradeInsecureRequests: null,
  };
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  scriptHashes: string[] = [],
): Promise<void> {
  // Helmet's middleware is built and run ONCE here, against a recording response, and the headers
  // it sets are added to every reply: they do not depend on the request (no nonces), and a plain
  // object handed to Fastify costs far less per request than helmet's dozen raw setHeader calls.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes) },
    // HSTS only makes sense behind TLS, which a proxy in front of us terminates.
    strictTransportSecurity: config.trustProxy ? undefined : false,
  });
  const headers = recordHeaders(securityHeaders);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Every API answer may carry a token or private data (the matched route decides, whatever the
  // spelling of the URL): no cache may keep it. Routes that choose their own policy keep it.
  app.addHook("onSend", (request, reply, _payload, done) => {
    if (isPrivateApiRoute(request) && !reply.hasHeader("cache-control"))
      reply.header("cache-control", "no-store");
    done();
  });

  if (config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      // Only the API is metered; static files and the SPA are not. Decided on the matched route,
      // never on the raw URL, which a client can spell in many ways ("/%61pi/…").
      allowList: (request) => !isApiRoute(request),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          "rate_limited",
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  }
}

/** True when the request matched a route of the JSON API (the router has decoded the path). */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith("/api/") ?? false;
}

/** API routes other than the public OpenAPI document and Swagger UI. */
function isPrivateApiRoute(request: FastifyRequest): boolean {
  return isApiRoute(request) && !request.routeOptions.url!.startsWith("/api/docs");
}

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a synchronous, request-independent middleware such as helmet's sets. */
export function recordHeaders(middleware: NodeMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("recordHeaders: the middleware did not finish synchronously");
  return headers;
}
