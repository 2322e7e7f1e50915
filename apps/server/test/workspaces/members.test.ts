import {
  apiErrorSchema,
  INVITES_PER_HOUR,
  type InvitePreview,
  type Workspace,
  type WorkspaceInvite,
  type WorkspaceMember,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { onMembershipEnded } from "../../src/modules/workspaces/members.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

const code = (body: unknown) => apiErrorSchema.parse(body).code;

const ended: string[] = [];
onMembershipEnded((workspaceId, userId) => {
  ended.push(`${workspaceId}:${userId}`);
});

describeEachDialect("workspaces: members and invites", (ctx) => {
  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    user?: TestUser,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

  async function invite(owner: TestUser, workspaceId: string, payload: object = { role: "player" }) {
    const res = await call("POST", `/api/workspaces/${workspaceId}/invites/`, owner, payload);
    if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
    return res.json() as WorkspaceInvite;
  }
  const members = async (user: TestUser, workspaceId: string) =>
    (await call("GET", `/api/workspaces/${workspaceId}/members/`, user)).json() as WorkspaceMember[];

  it("invites by link: preview, accept as the invited role, single use, owners only", async () => {
    const { workspace, members: team, outsider } = await teamWithEveryRole(ctx.app);
    const created = await invite(team.owner, workspace.id);
    expect(created).toMatchObject({ role: "player", max_uses: 1, uses: 0, state: "valid" });
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const preview = (await call("GET", `/api/invites/${created.id}/`)).json() as InvitePreview;
    expect(preview).toMatchObject({
      state: "valid",
      role: "player",
      workspace: { id: workspace.id, name: workspace.name },
    });

    const joiner = await registerUser(ctx.app);
    const accepted = await call("POST", `/api/invites/${created.id}/accept/`, joiner);
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as Workspace).role).toBe("player");
    const again = await call("POST", `/api/invites/${created.id}/accept/`, await registerUser(ctx.app));
    expect(again.statusCode).toBe(410);
    expect(code(again.json())).toBe("invite_used");
    expect(((await call("GET", `/api/invites/${created.id}/`)).json() as InvitePreview).state).toBe("used");

    for (const role of ["coach", "analyst", "player", "viewer"] as const) {
      const res = await call("POST", `/api/workspaces/${workspace.id}/invites/`, team[role], {
        role: "viewer",
      });
      expect(res.statusCode, role).toBe(403);
    }
    expect(
      (await call("POST", `/api/workspaces/${workspace.id}/invites/`, outsider, { role: "viewer" }))
        .statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/invites/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/")).statusCode).toBe(404);
  });

  it("makes exactly one member of 20 concurrent accepts of a single-use invite", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    const created = await invite(owner, workspace.id);
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(ctx.app)));
    const results = await Promise.all(
      users.map((user) => call("POST", `/api/invites/${created.id}/accept/`, user)),
    );
    expect(results.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => `${res.statusCode} ${code(res.json())}`)).toEqual(
      Array(19).fill("410 invite_used"),
    );
    expect((await members(owner, workspace.id)).length).toBe(2);
  });

  it("refuses revoked and expired invites with a clear reason, and lists only pending ones", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    const revoked = await invite(owner, workspace.id);
    const expired = await invite(owner, workspace.id, { role: "viewer", expires_in_days: 1 });
    const pending = await invite(owner, workspace.id, { role: "analyst", max_uses: null });
    expect(
      (await call("DELETE", `/api/workspaces/${workspace.id}/invites/${revoked.id}/`, owner)).statusCode,
    ).toBe(204);
    expect(
      (await call("DELETE", `/api/workspaces/${workspace.id}/invites/${revoked.id}/`, owner)).statusCode,
    ).toBe(404);
    await ctx.db
      .updateTable("workspace_invites")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expired.id)
      .execute();
    const user = await registerUser(ctx.app);
    const r1 = await call("POST", `/api/invites/${revoked.id}/accept/`, user);
    expect([r1.statusCode, code(r1.json())]).toEqual([410, "invite_revoked"]);
    const r2 = await call("POST", `/api/invites/${expired.id}/accept/`, user);
    expect([r2.statusCode, code(r2.json())]).toEqual([410, "invite_expired"]);
    expect(((await call("GET", `/api/invites/${expired.id}/`)).json() as InvitePreview).state).toBe(
      "expired",
    );
    const list = (
      await call("GET", `/api/workspaces/${workspace.id}/invites/`, owner)
    ).json() as WorkspaceInvite[];
    expect(list.map((row) => row.id)).toEqual([pending.id]);
    // A multi-use link serves several people.
    for (let i = 0; i < 2; i++) {
      expect(
        (await call("POST", `/api/invites/${pending.id}/accept/`, await registerUser(ctx.app))).statusCode,
      ).toBe(200);
    }
  });

  it("spends nothing when the workspace is full: 403 workspace_seats_full", async () => {
    const owner = await registerUser(ctx.app, { plan: "plus" });
    const workspace = await createWorkspace(ctx.app, owner);
    const link = await invite(owner, workspace.id, { role: "coach", max_uses: 5 });
    expect(
      (await call("POST", `/api/invites/${link.id}/accept/`, await registerUser(ctx.app))).statusCode,
    ).toBe(200);
    const full = await call("POST", `/api/invites/${link.id}/accept/`, await registerUser(ctx.app));
    expect(full.statusCode).toBe(403);
    expect(code(full.json())).toBe("workspace_seats_full");
    expect(apiErrorSchema.parse(full.json()).detail).toContain("/app/subscriptions");
    const row = await ctx.db
      .selectFrom("workspace_invites")
      .select("uses")
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.uses)).toBe(1);
  });

  it("invites by username: only that account sees and accepts it", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    const invitee = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const created = await invite(owner, workspace.id, {
      role: "viewer",
      username: invitee.username.toUpperCase(),
    });
    expect(created).toMatchObject({ invitee_username: invitee.username, max_uses: 1 });
    const unknown = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, {
      role: "viewer",
      username: "nobody-here",
    });
    expect(unknown.statusCode).toBe(400);
    expect((await call("GET", "/api/invites/", other)).json()).toEqual([]);
    expect((await call("POST", `/api/invites/${created.id}/accept/`, other)).statusCode).toBe(404);
    const mine = (await call("GET", "/api/invites/", invitee)).json() as { id: string }[];
    expect(mine.map((row) => row.id)).toEqual([created.id]);
    expect((await call("POST", `/api/invites/${created.id}/accept/`, invitee)).statusCode).toBe(200);
    expect((await call("GET", "/api/invites/", invitee)).json()).toEqual([]);
    const dup = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, {
      role: "viewer",
      username: invitee.username,
    });
    expect([dup.statusCode, code(dup.json())]).toEqual([409, "already_member"]);
  });

  it(`rate limits invites to ${INVITES_PER_HOUR} an hour per workspace`, async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    for (let i = 0; i < INVITES_PER_HOUR; i++) await invite(owner, workspace.id);
    const res = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, { role: "player" });
    expect([res.statusCode, code(res.json())]).toEqual([429, "rate_limited"]);
  });

  it("leaves, removes and suspends, keeping one owner, and ends memberships for live features", async () => {
    const { workspace, members: team } = await teamWithEveryRole(ctx.app);
    const base = `/api/workspaces/${workspace.id}`;
    const lone = await call("POST", `${base}/leave/`, team.owner);
    expect([lone.statusCode, code(lone.json())]).toEqual([409, "last_owner"]);
    const demote = await call("PATCH", `${base}/members/${team.owner.id}/`, team.owner, { role: "coach" });
    expect([demote.statusCode, code(demote.json())]).toEqual([409, "last_owner"]);
    // Leaving is the one way out: removing or suspending oneself would skip its checks (the bill).
    const selfRemove = await call("DELETE", `${base}/members/${team.owner.id}/`, team.owner);
    expect([selfRemove.statusCode, code(selfRemove.json())]).toEqual([409, "own_membership"]);
    const selfSuspend = await call("PATCH", `${base}/members/${team.owner.id}/`, team.owner, {
      status: "suspended",
    });
    expect([selfSuspend.statusCode, code(selfSuspend.json())]).toEqual([409, "own_membership"]);

    expect((await call("POST", `${base}/leave/`, team.player)).statusCode).toBe(204);
    expect((await call("GET", `${base}/`, team.player)).statusCode).toBe(404);
    expect(ended).toContain(`${workspace.id}:${team.player.id}`);

    expect((await call("DELETE", `${base}/members/${team.analyst.id}/`, team.coach)).statusCode).toBe(403);
    expect((await call("DELETE", `${base}/members/${team.analyst.id}/`, team.owner)).statusCode).toBe(204);
    expect((await call("GET", `${base}/`, team.analyst)).statusCode).toBe(404);
    expect(ended).toContain(`${workspace.id}:${team.analyst.id}`);

    const suspend = await call("PATCH", `${base}/members/${team.viewer.id}/`, team.owner, {
      status: "suspended",
    });
    expect(suspend.json()).toMatchObject({ status: "suspended", role: "viewer" });
    const blocked = await call("GET", `${base}/`, team.viewer);
    expect([blocked.statusCode, code(blocked.json())]).toEqual([403, "member_suspended"]);
    expect(ended).toContain(`${workspace.id}:${team.viewer.id}`);
    await call("PATCH", `${base}/members/${team.viewer.id}/`, team.owner, { status: "active" });
    expect((await call("GET", `${base}/`, team.viewer)).statusCode).toBe(200);

    const list = await members(team.owner, workspace.id);
    expect(list.map((m) => m.role).sort()).toEqual(["coach", "owner", "viewer"]);
  });

  it("transfers ownership: two owners, the bill moves, then the first may leave", async () => {
    const { workspace, members: team } = await teamWithEveryRole(ctx.app);
    const base = `/api/workspaces/${workspace.id}`;
    const refused = await call("POST", `${base}/transfer/`, team.owner, { user_id: team.coach.id });
    expect([refused.statusCode, code(refused.json())]).toEqual([403, "workspace_limit"]); // coach is on Community
    const { setPlan } = await import("../../src/cli/set-plan.ts");
    await setPlan(ctx.db, team.coach.username, "pro");
    const moved = await call("POST", `${base}/transfer/`, team.owner, { user_id: team.coach.id });
    expect(moved.statusCode).toBe(200);
    const owners = (await members(team.owner, workspace.id)).filter((m) => m.role === "owner");
    expect(owners.map((m) => m.user_id).sort()).toEqual([team.owner.id, team.coach.id].sort());
    const row = await ctx.db
      .selectFrom("workspaces")
      .select("billing_user_id")
      .where("id", "=", workspace.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.billing_user_id)).toBe(team.coach.id);
    expect((await call("POST", `${base}/leave/`, team.owner)).statusCode).toBe(204);
    expect((await call("GET", `${base}/`, team.coach)).json()).toMatchObject({
      role: "owner",
      read_only: false,
    });
  });
});
