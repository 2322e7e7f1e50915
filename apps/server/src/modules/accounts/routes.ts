import {
  authResponseSchema,
  loginBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  registerBodySchema,
  userSchema,
} from "@draftroom/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { RateLimitedError } from "./attempts.ts";
import { errorResponses } from "./http.ts";
import { changePassword, getProfile, login, logout, register, updateProfile } from "./service.ts";
import { accountsSettings } from "./settings.ts";

/**
 * Rate limits, two layers:
 * - every call to login and register is metered per address by @fastify/rate-limit
 *   (AUTH_RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS, in memory: a cheap burst guard, which also
 *   bounds registrations per address);
 * - failed sign-ins are counted in the database, before the password is checked, per username
 *   from one address, per address and per username from every address
 *   (LOGIN_FAILURES_PER_USERNAME / _PER_IP / _PER_ACCOUNT per LOGIN_FAILURE_WINDOW_SECONDS), so
 *   the brute-force limits hold across server processes, restarts and concurrent requests, which
 *   an in-memory store cannot promise.
 * Both answer 429 `rate_limited` with `Retry-After` in seconds.
 */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = accountsSettings(app.config);
  const limitsEnabled = app.config.rateLimit.enabled;
  const authRateLimit = {
    rateLimit: { max: app.config.rateLimit.authMax, timeWindow: app.config.rateLimit.windowMs },
    allowInvalidToken: true,
  };
  const context = (ip: string) => ({ ip, settings, limitsEnabled });

  /** Copies a limiter's wait into Retry-After before the error handler renders the 429. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      throw error;
    }
  };

  app.post(
    "/auth/register/",
    {
      config: authRateLimit,
      schema: {
        tags: ["auth"],
        summary: "Create an account (with a Community subscription) and sign in",
        body: registerBodySchema,
        response: { 201: authResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await register(app.db, request.body)),
  );

  app.post(
    "/auth/login/",
    {
      config: authRateLimit,
      schema: {
        tags: ["auth"],
        summary: "Exchange username and password for a token",
        body: loginBodySchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => withRetryAfter(reply, () => login(app.db, request.body, context(request.ip))),
  );

  app.post(
    "/auth/logout/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["auth"],
        summary: "Revoke the token of this request",
        response: { 204: z.null().describe("Signed out"), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      requireUser(request);
      if (request.authTokenId !== null) {
        await logout(app.db, request.authTokenId);
        app.authTokens.forgetToken(request.authTokenId);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/auth/profile/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["auth"],
        summary: "The signed-in user with their preferences",
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => getProfile(app.db, requireUser(request).id),
  );

  app.patch(
    "/auth/profile/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["auth"],
        summary: "Change first name, last name or email",
        body: profileUpdateBodySchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => updateProfile(app.db, requireUser(request).id, request.body),
  );

  app.post(
    "/auth/password/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["auth"],
        summary: "Change the password (other devices are signed out)",
        body: passwordChangeBodySchema,
        response: { 204: z.null().describe("Password changed"), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await withRetryAfter(reply, () =>
        changePassword(app.db, user, request.authTokenId ?? undefined, request.body, context(request.ip)),
      );
      app.authTokens.forgetUserTokens(user.id, request.authTokenId ?? undefined);
      return reply.code(204).send(null);
    },
  );
};

export default accountsRoutes;
