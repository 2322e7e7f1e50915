import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { AppError } from "./errors.ts";

/**
 * Who is calling. The app decorates every request with `request.user = null`; the accounts
 * module registers, through fastify-plugin so it is NOT encapsulated, an `onRequest`
 * hook that reads `Authorization: Token <key>`, looks the token up and sets `request.user`
 * (a bad token answers 401 `invalid_token`). Routes never parse the header themselves:
 *
 * @example
 * app.get("/drafts/sessions/", async (request) => {
 *   const user = requireUser(request); // 401 not_authenticated when anonymous
 *   return listSessions(app.db, user.id);
 * });
 */
export interface AuthUser {
  id: number;
  username: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. Set by the accounts module. */
    user: AuthUser | null;
  }
}

/** The signed-in user, or a 401 `not_authenticated` error for an anonymous request. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw new AppError(401, "not_authenticated", "Authentication credentials were not provided.");
  }
  return request.user;
}

/**
 * A hook form of requireUser, for route options: `{ onRequest: authenticate }`. A callback hook,
 * not an async one: a signed-in request goes on in the same synchronous run (no promise to wait
 * for on every authenticated request; decision record 060).
 */
export function authenticate(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.user) {
    done();
    return;
  }
  try {
    requireUser(request);
  } catch (error) {
    done(error as Error);
  }
}
