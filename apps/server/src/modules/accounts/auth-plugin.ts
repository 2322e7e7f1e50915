import type { FastifyInstance, FastifyRequest } from "fastify";
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

interface AuthenticatedToken {
  id: number;
  username: string;
  token_id: number;
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
  const signIn = (request: FastifyRequest, found: AuthenticatedToken | undefined): void => {
    if (found) {
      request.user = { id: found.id, username: found.username };
      request.authTokenId = found.token_id;
      return;
    }
    if (request.routeOptions.config?.allowInvalidToken) return;
    throw new AppError(401, "invalid_token", "Invalid token.");
  };
  /**
   * Decides the request from the header and the token cache alone; returns the token's hash when
   * the database must be asked. Throws the 401.
   */
  const signInCached = (request: FastifyRequest): string | undefined => {
    const token = tokenFromHeader(request.headers.authorization);
    if (token === undefined) return undefined;
    if (token === null) {
      signIn(request, undefined);
      return undefined;
    }
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (!cached) return tokenHash;
    signIn(request, cached);
    return undefined;
  };
  // A callback hook: a token the cache knows is decided in the same synchronous run as the rest
  // of the request (no promise per request; decision record 060). Others ask the database.
  app.addHook("onRequest", (request, _reply, done) => {
    let tokenHash: string | undefined;
    try {
      tokenHash = signInCached(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (tokenHash === undefined) {
      done();
      return;
    }
    const hash = tokenHash;
    const generation = cache.generation;
    findUserByTokenHash(app.db, hash)
      .then((found) => {
        if (found) cache.set(hash, found, generation);
        signIn(request, found);
      })
      .then(() => done(), done);
  });
}

export default fp(authentication, { name: "draftroom-authentication", fastify: "5.x" });
