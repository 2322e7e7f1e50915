import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.ts";
import { nowIso } from "../../src/db/values.ts";

/** Helpers shared by the accounts, subscriptions, reviews and analytics integration tests. */

let counter = 0;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  token: string;
  auth: { authorization: string };
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

/** Registers a user through the API and returns its token and an Authorization header. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  remoteAddress?: string,
): Promise<TestUser> {
  const body = registerBody(overrides);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register/",
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: number; username: string } };
  return {
    id: json.user.id,
    username: json.user.username,
    password: String(body.password),
    token: json.token,
    auth: { authorization: `Token ${json.token}` },
  };
}

type DraftTables = {
  draft_sessions: {
    id: string;
    user_id: number;
    title: string;
    blue_team_name: string;
    red_team_name: string;
    status: string;
    winner: string | null;
    created_at: string;
    updated_at: string;
    completed_at: string | null;
  };
  draft_actions: {
    session_id: string;
    champion_id: number | null;
    phase_number: number;
    action_type: string;
    team_side: string;
    is_auto: boolean;
    created_at: string;
  };
};

/** Inserts a draft session row straight into part B's table (for usage and analytics tests). */
export async function insertSession(
  db: Kysely<Database>,
  userId: number,
  values: { created_at?: string; completed_at?: string | null; winner?: "BLUE" | "RED" | null } = {},
): Promise<string> {
  const id = randomUUID();
  const created = values.created_at ?? nowIso();
  await db
    .withTables<DraftTables>()
    .insertInto("draft_sessions")
    .values({
      id,
      user_id: userId,
      title: "Scrim",
      blue_team_name: "Blue Team",
      red_team_name: "Red Team",
      status: values.completed_at ? "complete" : "in_progress",
      winner: values.winner ?? null,
      created_at: created,
      updated_at: created,
      completed_at: values.completed_at ?? null,
    })
    .execute();
  return id;
}

export async function insertAction(
  db: Kysely<Database>,
  sessionId: string,
  action: {
    champion_id: number | null;
    phase_number: number;
    action_type: "BAN" | "PICK";
    team_side: "BLUE" | "RED";
  },
  createdAt = nowIso(),
) {
  await db
    .withTables<DraftTables>()
    .insertInto("draft_actions")
    .values({ ...action, session_id: sessionId, is_auto: action.champion_id === null, created_at: createdAt })
    .execute();
}
