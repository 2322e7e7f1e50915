import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { setPlan } from "../../src/cli/set-plan.ts";
import type { Database } from "../../src/db/schema.ts";
import { usePasswordHashCost } from "../../src/modules/accounts/password.ts";

/** The one user fixture of the integration tests: a fresh user registered through the API. */

let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
  /** `Authorization: Token <key>`, to spread into a request's headers. */
  headers: { authorization: string };
}

export function uniqueName(prefix = "user"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export function registerBody(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  return {
    username,
    email: `${username}@example.com`,
    password: "secret123",
    password_confirm: "secret123",
    first_name: "Ada",
    last_name: "Lovelace",
    ...overrides,
  };
}

export interface RegisterOptions {
  /** Fields of the registration body to override. */
  body?: Record<string, unknown>;
  /** Address the registration comes from (per-address limits). */
  remoteAddress?: string;
  /** Moves the user from Community to this plan once registered. */
  plan?: "plus" | "pro";
}

/** Registers a user through the API and returns its token and Authorization header. */
export async function registerUser(app: FastifyInstance, options: RegisterOptions = {}): Promise<TestUser> {
  const body = registerBody(options.body);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: body,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: number; username: string } };
  if (options.plan) await setPlan(app.db as Kysely<Database>, json.user.username, options.plan);
  return {
    id: json.user.id,
    username: json.user.username,
    password: String(body.password),
    token: json.token,
    headers: { authorization: `Token ${json.token}` },
  };
}

/**
 * Runs a test body with the product's scrypt cost instead of the tests' cheap one
 * (PASSWORD_HASH_FAST_OVERRIDE in testConfig), for the tests about how passwords are stored.
 */
export async function withProductPasswordCost<T>(body: () => Promise<T>): Promise<T> {
  usePasswordHashCost(false);
  try {
    return await body();
  } finally {
    usePasswordHashCost(true);
  }
}
