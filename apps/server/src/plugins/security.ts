import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/** Data Dragon's CDN serves the champion icons and splash art the app shows. */
const IMAGE_HOSTS = ["https://ddragon.leagueoflegends.com"];

/** The Content-Security-Policy the built web app runs under (checked by the e2e smoke test). */
export function contentSecurityPolicy(
  config: Pick<Config, "clientErrorReportUrl">,
  scriptHashes: string[] = [],
) {
  const connect = ["'self'"];
  if (config.clientErrorReportUrl) connect.push(new URL(config.clientErrorReportUrl).origin);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // Inline scripts of the built index.html are allowed by hash only.
    scriptSrc: ["'self'", ...scriptHashes],
    // React sets style attributes (theme hues, positions); stylesheets come from 'self' only.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...IMAGE_HOSTS],
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
  // Helmet's middleware is built ONCE here (@fastify/helmet rebuilt it, CSP parsing included, on
  // every request) and applied to every response; the headers do not depend on the request.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes) },
    // HSTS only makes sense behind TLS, which a proxy in front of us terminates.
    strictTransportSecurity: config.trustProxy ? undefined : false,
  });
  const fail = (error?: unknown) => {
    if (error) throw error;
  };
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, fail);
    done();
  });

  if (config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      // Only the API is metered; static files and the SPA are not.
      allowList: (request) => !request.url.startsWith("/api/"),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          "rate_limited",
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        ),
    });
  }
}
