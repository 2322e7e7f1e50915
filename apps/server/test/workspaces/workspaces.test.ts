import { apiErrorSchema, type Workspace, type WorkspaceMember } from "@draftroom/contracts";
import { describe, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { addMemberWithinSeats, requireWorkspaceRole } from "../../src/modules/workspaces/service.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

const code = (body: unknown) => apiErrorSchema.parse(body).code;

describeEachDialect("workspaces: membership core", (ctx) => {
  const get = (url: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: "GET", url, headers });

  describe("create, list, get", () => {
    it("refuses a Community account with 403 workspace_limit", async () => {
      const user = await registerUser(ctx.app);
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/workspaces/",
        headers: user.headers,
        payload: { name: "Solo", tag: "SOLO" },
      });
      expect(res.statusCode).toBe(403);
      expect(code(res.json())).toBe("workspace_limit");
    });

    it("creates a workspace whose creator is its owner, on one Plus staff seat of two", async () => {
      const owner = await registerUser(ctx.app, { plan: "plus" });
      const workspace = await createWorkspace(ctx.app, owner, {
        name: " Karmine  ",
        tag: "KC",
        colour: "#112233",
      });
      expect(workspace).toMatchObject({
        name: "Karmine",
        tag: "KC",
        colour: "#112233",
        role: "owner",
        read_only: false,
        seats: { staff_used: 1, staff_limit: 2, roster_used: 0, roster_limit: 10 },
      });
      expect(workspace.capabilities).toContain("manage_members");

      const list = (await get("/api/workspaces/", owner.headers)).json() as Workspace[];
      expect(list.map((w) => w.id)).toEqual([workspace.id]);
      const one = await get(`/api/workspaces/${workspace.id}/`, owner.headers);
      expect(one.statusCode).toBe(200);
      const members = (
        await get(`/api/workspaces/${workspace.id}/members/`, owner.headers)
      ).json() as WorkspaceMember[];
      expect(members).toEqual([
        expect.objectContaining({
          user_id: owner.id,
          username: owner.username,
          role: "owner",
          status: "active",
        }),
      ]);
      expect(members[0]!.last_seen_at).not.toBeNull();

      // Plus allows one workspace.
      const second = await ctx.app.inject({
        method: "POST",
        url: "/api/workspaces/",
        headers: owner.headers,
        payload: { name: "Academy", tag: "KCB" },
      });
      expect(second.statusCode).toBe(403);
      expect(code(second.json())).toBe("workspace_limit");
    });

    it("validates the body", async () => {
      const owner = await registerUser(ctx.app, { plan: "pro" });
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/workspaces/",
        headers: owner.headers,
        payload: { name: "", tag: "way-too-long", colour: "red" },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(res.json()).fields ?? {}).sort()).toEqual([
        "colour",
        "name",
        "tag",
      ]);
    });

    it("lets a Pro account create five workspaces and no more, even all at once", async () => {
      const owner = await registerUser(ctx.app, { plan: "pro" });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ctx.app.inject({
            method: "POST",
            url: "/api/workspaces/",
            headers: owner.headers,
            payload: { name: `Team ${i}`, tag: `T${i}` },
          }),
        ),
      );
      expect(results.filter((res) => res.statusCode === 201)).toHaveLength(5);
      expect(results.filter((res) => res.statusCode === 403)).toHaveLength(3);
      expect(((await get("/api/workspaces/", owner.headers)).json() as Workspace[]).length).toBe(5);
    });
  });

  describe("permission check", () => {
    it("answers 404 to non-members (no IDOR leak) and 401 anonymously", async () => {
      const { workspace, outsider } = await teamWithEveryRole(ctx.app);
      for (const url of [`/api/workspaces/${workspace.id}/`, `/api/workspaces/${workspace.id}/members/`]) {
        const res = await get(url, outsider.headers);
        expect(res.statusCode).toBe(404);
        expect(code(res.json())).toBe("not_found");
        // Same answer as a workspace that does not exist.
        const missing = await get(
          url.replace(workspace.id, "00000000-0000-4000-8000-000000000000"),
          outsider.headers,
        );
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual(res.json());
        expect((await get(url, {})).statusCode).toBe(401);
      }
      expect((await get("/api/workspaces/not-a-uuid/", outsider.headers)).statusCode).toBe(400);
      const patch = await ctx.app.inject({
        method: "PATCH",
        url: `/api/workspaces/${workspace.id}/`,
        headers: outsider.headers,
        payload: { name: "Hijacked" },
      });
      expect(patch.statusCode).toBe(404);
    });

    it("answers 403 to a role that cannot and passes a role that can", async () => {
      const { workspace, members } = await teamWithEveryRole(ctx.app);
      await expect(
        requireWorkspaceRole(ctx.db, members.coach.id, workspace.id, "edit_drafts"),
      ).resolves.toMatchObject({
        role: "coach",
      });
      await expect(
        requireWorkspaceRole(ctx.db, members.viewer.id, workspace.id, "edit_drafts"),
      ).rejects.toMatchObject({
        status: 403,
        code: "forbidden",
      });
      await expect(
        requireWorkspaceRole(ctx.db, members.player.id, workspace.id, "comment"),
      ).resolves.toMatchObject({ role: "player" });
      await expect(
        requireWorkspaceRole(ctx.db, members.player.id, workspace.id, "edit_series"),
      ).rejects.toMatchObject({
        status: 403,
      });
      for (const role of ["coach", "analyst", "player", "viewer"] as const) {
        const res = await ctx.app.inject({
          method: "PATCH",
          url: `/api/workspaces/${workspace.id}/`,
          headers: members[role].headers,
          payload: { name: "Renamed" },
        });
        expect(res.statusCode, role).toBe(403);
        expect((await get(`/api/workspaces/${workspace.id}/`, members[role].headers)).json()).toMatchObject({
          role,
        });
      }
      const renamed = await ctx.app.inject({
        method: "PATCH",
        url: `/api/workspaces/${workspace.id}/`,
        headers: members.owner.headers,
        payload: { name: "Renamed", colour: "#abcdef" },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: "Renamed", colour: "#abcdef", tag: "DR" });
    });

    it("turns a workspace read-only past its plan after a downgrade, deleting nothing", async () => {
      const { workspace, members } = await teamWithEveryRole(ctx.app);
      await setPlan(ctx.db, members.owner.username, "plus"); // 3 staff > 2 seats
      const seen = (await get(`/api/workspaces/${workspace.id}/`, members.coach.headers)).json() as Workspace;
      expect(seen.read_only).toBe(true);
      expect(seen.seats).toMatchObject({ staff_used: 3, staff_limit: 2 });
      await expect(
        requireWorkspaceRole(ctx.db, members.coach.id, workspace.id, "edit_drafts"),
      ).rejects.toMatchObject({
        status: 403,
        code: "workspace_read_only",
      });
      await expect(
        requireWorkspaceRole(ctx.db, members.viewer.id, workspace.id, "read"),
      ).resolves.toMatchObject({ role: "viewer" });
      expect(
        ((await get(`/api/workspaces/${workspace.id}/members/`, members.owner.headers)).json() as unknown[])
          .length,
      ).toBe(5);
      await setPlan(ctx.db, members.owner.username, "pro");
      await expect(
        requireWorkspaceRole(ctx.db, members.coach.id, workspace.id, "edit_drafts"),
      ).resolves.toMatchObject({ role: "coach" });
    });

    it("fills staff seats atomically and answers 403 workspace_seats_full", async () => {
      const owner = await registerUser(ctx.app, { plan: "plus" });
      const workspace = await createWorkspace(ctx.app, owner);
      const candidates = await Promise.all(Array.from({ length: 6 }, () => registerUser(ctx.app)));
      const results = await Promise.allSettled(
        candidates.map((user) => addMemberWithinSeats(ctx.db, workspace.id, user.id, "coach")),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected.map((r) => (r.reason as { code: string }).code)).toEqual(
        Array(5).fill("workspace_seats_full"),
      );
      const seen = (await get(`/api/workspaces/${workspace.id}/`, owner.headers)).json() as Workspace;
      expect(seen.seats.staff_used).toBe(2);
    });
  });
});
