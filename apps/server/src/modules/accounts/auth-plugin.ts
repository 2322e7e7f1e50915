import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../errors.ts";
import { findUserByTokenHash } from "./repository.ts";
import { TokenCache } from "./token-cache.ts";
import { hashToken, tokenFromHeader } from "./tokens.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Recently verified tokens of this process (see token-cache.ts); revocations must forget them. */
    authTokens: TokenCache;
  }
  interface FastifyRequest {
    /** Row id of the token that authenticated the request (logout revokes it); null when anonymous. */
    authTokenId: number | null;
  }
  interface FastifyContextConfig {
    /**
     * Routes that must work with a stale token (sign-in, registration, client error reports):
     * an unknown token makes the request anonymous instead of a 401 `invalid_token`.
     */
    allowInvalidToken?: boolean;
  }
}

/**
 * Reads `Authorization: Token <key>` on every API request and sets `request.user`. Registered
 * through fastify-plugin (not encapsulated) and before every other module, so all of them see it.
 * No header: anonymous. A malformed, unknown or revoked token: 401 `invalid_token`, except on
 * routes with `config.allowInvalidToken`. A token the database accepted is remembered for
 * AUTH_TOKEN_CACHE_MS (see token-cache.ts for what that means for revocation across processes).
 */
async function authentication(app: FastifyInstance) {
  const cache = new TokenCache(app.config.authTokenCacheMs);
  app.decorate("authTokens", cache);
  app.decorateRequest("authTokenId", null);
  app.addHook("onRequest", async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token === undefined) return;
    let found: { id: number; username: string; token_id: number } | undefined;
    if (token !== null) {
      const tokenHash = hashToken(token);
      found = cache.get(tokenHash);
      if (!found) {
        const generation = cache.generation;
        found = await findUserByTokenHash(app.db, tokenHash);
        if (found) cache.set(tokenHash, found, generation);
      }
    }
    if (found) {
      request.user = { id: found.id, username: found.username };
      request.authTokenId = found.token_id;
      return;
    }
    if (request.routeOptions.config?.allowInvalidToken) return;
    throw new AppError(401, "invalid_token", "Invalid token.");
  });
}

export default fp(authentication, { name: "draftroom-authentication", fastify: "5.x" });
