import type { DraftSession, Workspace } from "@draftroom/contracts";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { createDatabase } from "../../src/db/index.ts";
import { createSession } from "../drafts/support.ts";
import { describeEachDialect, testConfig } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * The access decision is cached per process (decision record 044). These tests warm the cache
 * with a permitted request, change what it rests on, and check that the very next request is
 * decided on the change: by this process (in place), and by another connection (a second
 * database handle writing SQL, as another server process or psql would), which SQLite shows at
 * the next read and PostgreSQL within its NOTIFY's delivery.
 */
describeEachDialect("workspace access cache", (ctx) => {
  let workspace: Workspace;
  let members: Awaited<ReturnType<typeof teamWithEveryRole>>["members"];
  let session: DraftSession;

  const read = (user: TestUser) =>
    ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${session.id}/`, headers: user.headers });
  const rename = (user: TestUser, title: string) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { title },
    });
  const patchMember = (userId: number, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/workspaces/${workspace.id}/members/${userId}/`,
      headers: members.owner.headers,
      payload: body,
    });
  const code = (res: { json(): unknown }) => (res.json() as { code?: string }).code;

  beforeAll(async () => {
    ({ workspace, members } = await teamWithEveryRole(ctx.app));
    const personal = await createSession(ctx.app, members.owner);
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${personal.id}/workspace/`,
      headers: members.owner.headers,
      payload: { workspace_id: workspace.id },
    });
    expect(moved.statusCode).toBe(200);
    session = personal;
  });

  it("a role change, a suspension and a removal by this process decide the next request", async () => {
    const coach = members.coach;
    expect((await rename(coach, "Warm")).statusCode).toBe(200);
    expect((await read(coach)).statusCode).toBe(200);

    expect((await patchMember(coach.id, { role: "viewer" })).statusCode).toBe(200);
    const demoted = await rename(coach, "As a viewer");
    expect([demoted.statusCode, code(demoted)]).toEqual([403, "forbidden"]);
    expect((await read(coach)).statusCode).toBe(200);

    expect((await patchMember(coach.id, { status: "suspended" })).statusCode).toBe(200);
    const suspended = await read(coach);
    expect([suspended.statusCode, code(suspended)]).toEqual([403, "member_suspended"]);

    expect((await patchMember(coach.id, { status: "active", role: "coach" })).statusCode).toBe(200);
    expect((await rename(coach, "Coach again")).statusCode).toBe(200);

    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/workspaces/${workspace.id}/members/${coach.id}/`,
      headers: members.owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await read(coach)).statusCode).toBe(404);
  });

  it("a plan change turns the workspace read-only at the next write, and writable again", async () => {
    const analyst = members.analyst;
    expect((await rename(analyst, "Before the downgrade")).statusCode).toBe(200);
    // Community owns no workspace: past its plan, nothing is deleted and reads go on.
    await setPlan(ctx.db, members.owner.username, "community");
    const refused = await rename(analyst, "After the downgrade");
    expect([refused.statusCode, code(refused)]).toEqual([403, "workspace_read_only"]);
    expect((await read(analyst)).statusCode).toBe(200);
    const listed = await ctx.app.inject({
      method: "GET",
      url: `/api/workspaces/${workspace.id}/`,
      headers: analyst.headers,
    });
    const answer = listed.json() as Workspace;
    expect(answer.read_only).toBe(true);
    expect(answer.capabilities).toEqual(["read", "export"]);

    await setPlan(ctx.db, members.owner.username, "pro");
    expect((await rename(analyst, "Upgraded again")).statusCode).toBe(200);
  });

  it("a change written by another connection decides the requests after it", async () => {
    const player = members.player;
    const other = createDatabase(testConfig(ctx.env));
    try {
      expect((await read(player)).statusCode).toBe(200);
      await sql`update workspace_members set status = 'suspended'
        where workspace_id = ${workspace.id} and user_id = ${player.id}`.execute(other.db);
      // SQLite sees another connection's commit at the next read; PostgreSQL once its NOTIFY
      // arrives (a few milliseconds), so the check waits for it, within a bound.
      await expect.poll(async () => (await read(player)).statusCode, { timeout: 5000 }).toBe(403);
      if (ctx.dialect === "sqlite") expect((await read(player)).statusCode).toBe(403);

      await sql`update workspace_members set status = 'active'
        where workspace_id = ${workspace.id} and user_id = ${player.id}`.execute(other.db);
      await expect.poll(async () => (await read(player)).statusCode, { timeout: 5000 }).toBe(200);

      await sql`update draft_sessions set workspace_id = null where id = ${session.id}`.execute(other.db);
      // Back in its creator's personal space: the members lose it, the creator keeps it.
      await expect.poll(async () => (await read(player)).statusCode, { timeout: 5000 }).toBe(404);
      expect((await read(members.owner)).statusCode).toBe(200);
    } finally {
      await other.destroy();
    }
  });
});
