import {
  apiErrorSchema,
  type WorkspaceChoice,
  type WorkspaceInvite,
  type WorkspaceMember,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace } from "./support.ts";

// Where an account lands (decision record 054): the space it last chose, created or joined, kept
// per account so a second device lands in the same place.
describeEachDialect("workspaces: where a member lands", (ctx) => {
  const call = (
    method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE",
    url: string,
    user: TestUser,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const landing = async (user: TestUser) => {
    const res = await call("GET", "/api/workspaces/current/", user);
    expect(res.statusCode).toBe(200);
    return res.json() as WorkspaceChoice;
  };

  it("lands in the workspace just created or joined, then in what the switcher chose", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    expect(await landing(owner)).toEqual({ workspace_id: null, chosen: false });
    const workspace = await createWorkspace(ctx.app, owner);
    expect(await landing(owner)).toEqual({ workspace_id: workspace.id, chosen: true });

    const player = await registerUser(ctx.app);
    const invite = (
      await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, { role: "player" })
    ).json() as WorkspaceInvite;
    expect((await call("POST", `/api/invites/${invite.id}/accept/`, player)).statusCode).toBe(200);
    expect(await landing(player)).toEqual({ workspace_id: workspace.id, chosen: true });

    // Members are named as the team knows them: the account's name, then the roster's once linked.
    const named = async () =>
      (
        (await call("GET", `/api/workspaces/${workspace.id}/members/`, owner)).json() as WorkspaceMember[]
      ).find((member) => member.user_id === player.id)?.name;
    expect(await named()).toBe("Ada Lovelace");
    const linked = await call("POST", `/api/workspaces/${workspace.id}/roster/`, owner, {
      name: "Ana Pérez",
      position: "support",
      user_id: player.id,
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(await named()).toBe("Ana Pérez");

    // The personal space is a choice too, and it is the player's alone.
    const personal = await call("PUT", "/api/workspaces/current/", player, { workspace_id: null });
    expect(personal.json()).toEqual({ workspace_id: null, chosen: true });
    expect(await landing(player)).toEqual({ workspace_id: null, chosen: true });
    expect((await landing(owner)).workspace_id).toBe(workspace.id);

    const back = await call("PUT", "/api/workspaces/current/", player, { workspace_id: workspace.id });
    expect(back.json()).toEqual({ workspace_id: workspace.id, chosen: true });
    expect((await landing(player)).workspace_id).toBe(workspace.id);
  });

  it("refuses a workspace the caller is not in and forgets one they no longer are", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    const outsider = await registerUser(ctx.app);
    const refused = await call("PUT", "/api/workspaces/current/", outsider, { workspace_id: workspace.id });
    expect(refused.statusCode).toBe(404);
    expect(apiErrorSchema.parse(refused.json()).code).toBe("not_found");
    const bad = await call("PUT", "/api/workspaces/current/", outsider, { workspace_id: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).code).toBe("validation_error");
    expect(await landing(outsider)).toEqual({ workspace_id: null, chosen: false });

    // A player suspended after joining lands in the personal space, not on a 403.
    const player = await registerUser(ctx.app);
    const invite = (
      await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, { role: "player" })
    ).json() as WorkspaceInvite;
    await call("POST", `/api/invites/${invite.id}/accept/`, player);
    const suspended = await call("PATCH", `/api/workspaces/${workspace.id}/members/${player.id}/`, owner, {
      status: "suspended",
    });
    expect(suspended.statusCode).toBe(200);
    expect(await landing(player)).toEqual({ workspace_id: null, chosen: true });

    // A deleted workspace leaves its owner in the personal space.
    expect((await call("DELETE", `/api/workspaces/${workspace.id}/`, owner)).statusCode).toBe(204);
    expect(await landing(owner)).toEqual({ workspace_id: null, chosen: true });
  });

  it("a pending invite link says whom it is for; a label too long is a 400, not a 500", async () => {
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const workspace = await createWorkspace(ctx.app, owner);
    const made = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, {
      role: "player",
      label: "  Ana, our support ",
    });
    expect(made.statusCode).toBe(201);
    expect((made.json() as WorkspaceInvite).label).toBe("Ana, our support");
    const plain = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, { role: "viewer" });
    expect((plain.json() as WorkspaceInvite).label).toBeNull();
    const pending = (
      await call("GET", `/api/workspaces/${workspace.id}/invites/`, owner)
    ).json() as WorkspaceInvite[];
    expect(pending.map((invite) => [invite.role, invite.label]).sort()).toEqual([
      ["player", "Ana, our support"],
      ["viewer", null],
    ]);
    const long = await call("POST", `/api/workspaces/${workspace.id}/invites/`, owner, {
      role: "player",
      label: "x".repeat(81),
    });
    expect(long.statusCode).toBe(400);
    expect(apiErrorSchema.parse(long.json()).fields).toHaveProperty("label");
  });
});
