import type { Workspace, WorkspaceRole } from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/db/schema.ts";
import { addMemberWithinSeats } from "../../src/modules/workspaces/service.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";

/** Helpers of the workspace integration tests. */

export async function createWorkspace(
  app: FastifyInstance,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Workspace> {
  const res = await app.inject({
    method: "POST",
    url: "/api/workspaces/",
    headers: owner.headers,
    payload: { name: "Team Draftroom", tag: "DR", ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create workspace: ${res.statusCode} ${res.body}`);
  return res.json() as Workspace;
}

/** A Pro owner's workspace with one member of every other role, added through the service. */
export async function teamWithEveryRole(app: FastifyInstance) {
  const owner = await registerUser(app, { plan: "pro" });
  const workspace = await createWorkspace(app, owner);
  const members: Record<WorkspaceRole, TestUser> = { owner } as Record<WorkspaceRole, TestUser>;
  for (const role of ["coach", "analyst", "player", "viewer"] as const) {
    const user = await registerUser(app);
    await addMemberWithinSeats(app.db as Kysely<Database>, workspace.id, user.id, role);
    members[role] = user;
  }
  const outsider = await registerUser(app, { plan: "pro" });
  return { workspace, members, outsider };
}
