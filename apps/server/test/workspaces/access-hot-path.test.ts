import { randomUUID } from "node:crypto";
import type { DraftSession, Workspace } from "@draftroom/contracts";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { accessChanged } from "../../src/db/access-changes.ts";
import { addMemberWithinSeats } from "../../src/modules/workspaces/service.ts";
import { championIds, createSession, stepBody } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { processEnv } from "../helpers/server-process.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { newSessionBody, startServer, waitExit } from "../rooms/support.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

/**
 * The hot path of a workspace item (decision record 044): a session's actions read and the next
 * step, decided from the process's caches in one synchronous run (session ownership, member,
 * plan, one change-feed check). Each test warms every cache with permitted requests, changes
 * what the grant rests on, and checks that the very next request is decided on the change:
 * a removal, a suspension, a lowered role, a plan cancelled, a trial that runs out by the clock;
 * and (PostgreSQL) the same changes made through another server process, decided there once
 * their NOTIFY has arrived.
 */
describeEachDialect("workspace access on the cached read path", (ctx) => {
  let workspace: Workspace;
  let members: Awaited<ReturnType<typeof teamWithEveryRole>>["members"];
  let session: DraftSession;
  let pool: number[];
  let step = 0;

  const actionsUrl = (id: string) => `/api/drafts/sessions/${id}/actions/`;
  const readActions = (user: TestUser, id = session.id) =>
    ctx.app.inject({ method: "GET", url: actionsUrl(id), headers: user.headers });
  /** The session's next step; `step` moves on only when it is taken. */
  const takeStep = async (user: TestUser, id = session.id) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: actionsUrl(id),
      headers: user.headers,
      payload: stepBody(step, pool[step]!),
    });
    if (res.statusCode === 201) step += 1;
    return res;
  };
  const answer = (res: { statusCode: number; json(): unknown }) => [
    res.statusCode,
    (res.json() as { code?: string }).code,
  ];
  const patchMember = (userId: number, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/workspaces/${workspace.id}/members/${userId}/`,
      headers: members.owner.headers,
      payload: body,
    });
  /** Two permitted reads: the second is answered from the warmed caches. */
  const warm = async (user: TestUser, id = session.id) => {
    expect((await readActions(user, id)).statusCode).toBe(200);
    expect((await readActions(user, id)).statusCode).toBe(200);
  };

  beforeAll(async () => {
    ({ workspace, members } = await teamWithEveryRole(ctx.app));
    pool = await championIds(ctx.app);
    session = await createSession(ctx.app, members.owner);
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/workspace/`,
      headers: members.owner.headers,
      payload: { workspace_id: workspace.id },
    });
    expect(moved.statusCode).toBe(200);
  });

  it("a removed member's very next read is the answer for an id that never existed", async () => {
    const viewer = members.viewer;
    await warm(viewer);
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/workspaces/${workspace.id}/members/${viewer.id}/`,
      headers: members.owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const refused = await readActions(viewer);
    const never = await readActions(viewer, randomUUID());
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(never.json());
    expect((await readActions(members.owner)).statusCode).toBe(200);
  });

  it("a suspension refuses the very next read, and lifting it lets the next one through", async () => {
    const player = members.player;
    await warm(player);
    expect((await patchMember(player.id, { status: "suspended" })).statusCode).toBe(200);
    expect(answer(await readActions(player))).toEqual([403, "member_suspended"]);
    expect((await patchMember(player.id, { status: "active" })).statusCode).toBe(200);
    expect((await readActions(player)).statusCode).toBe(200);
  });

  it("a lowered role refuses the very next step and still reads", async () => {
    const coach = members.coach;
    await warm(coach);
    expect((await takeStep(coach)).statusCode).toBe(201);
    expect((await patchMember(coach.id, { role: "viewer" })).statusCode).toBe(200);
    expect(answer(await takeStep(coach))).toEqual([403, "forbidden"]);
    expect((await readActions(coach)).statusCode).toBe(200);
    expect((await patchMember(coach.id, { role: "coach" })).statusCode).toBe(200);
    expect((await takeStep(coach)).statusCode).toBe(201);
  });

  it("a cancelled plan turns the very next step read-only, and a new plan writable again", async () => {
    const analyst = members.analyst;
    await warm(analyst);
    expect((await takeStep(analyst)).statusCode).toBe(201);
    await setPlan(ctx.db, members.owner.username, "community");
    expect(answer(await takeStep(analyst))).toEqual([403, "workspace_read_only"]);
    expect((await readActions(analyst)).statusCode).toBe(200);
    await setPlan(ctx.db, members.owner.username, "pro");
    expect((await takeStep(analyst)).statusCode).toBe(201);
  });

  it("a trial that runs out by the clock refuses the first step after its end", async () => {
    // Its own owner and workspace: nothing of them is cached before the trial is set.
    const owner = await registerUser(ctx.app, { plan: "pro" });
    const team = await createWorkspace(ctx.app, owner, { name: "Trial team", tag: "TRL" });
    const own = await createSession(ctx.app, owner);
    const moved = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${own.id}/workspace/`,
      headers: owner.headers,
      payload: { workspace_id: team.id },
    });
    expect(moved.statusCode).toBe(200);
    const endsAt = Date.now() + 3000;
    const trial = ctx.dialect === "sqlite" ? 1 : true;
    await sql`update subscriptions set is_trial = ${trial}, expires_at = ${new Date(endsAt).toISOString()}
      where user_id = ${owner.id} and is_active = ${trial}`.execute(ctx.db);
    // As the subscriptions repository does when it starts a trial.
    accessChanged(null);
    const step = (index: number) =>
      ctx.app.inject({
        method: "POST",
        url: actionsUrl(own.id),
        headers: owner.headers,
        payload: stepBody(index, pool[index]!),
      });
    await warm(owner, own.id);
    expect((await step(0)).statusCode).toBe(201);
    // The grant above was decided (and cached) before the trial's end, or the check proves nothing.
    expect(Date.now()).toBeLessThan(endsAt);
    await expect.poll(() => Date.now(), { timeout: 10_000, interval: 50 }).toBeGreaterThan(endsAt);
    expect(answer(await step(1))).toEqual([403, "workspace_read_only"]);
    expect((await readActions(owner, own.id)).statusCode).toBe(200);
  });

  if (ctx.dialect === "postgres")
    it("a suspension, a lowered role, a removal and a plan change made elsewhere decide this process's requests within their NOTIFY", {
      timeout: 90_000,
    }, async () => {
      const env = processEnv(ctx.env);
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      try {
        const register = async (url: string, plan?: "pro") => {
          const username = `hot${randomUUID().slice(0, 8)}`;
          const res = await fetch(`${url}/api/auth/register/`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              username,
              email: `${username}@example.com`,
              password: "hot-path-password",
              password_confirm: "hot-path-password",
              first_name: "Hot",
              last_name: "Path",
            }),
          });
          expect(res.status).toBe(201);
          const { token, user } = (await res.json()) as { token: string; user: { id: number } };
          if (plan) await setPlan(ctx.db, username, plan);
          return {
            id: user.id,
            username,
            headers: { authorization: `Token ${token}` },
          };
        };
        const owner = await register(a.url, "pro");
        const coach = await register(a.url);
        const call = (url: string, path: string, init: RequestInit = {}) =>
          fetch(`${url}${path}`, {
            ...init,
            headers: { ...owner.headers, ...(init.body ? { "content-type": "application/json" } : {}) },
          });
        const created = await call(a.url, "/api/workspaces/", {
          method: "POST",
          body: JSON.stringify({ name: "Two processes", tag: "TWO" }),
        });
        const team = (await created.json()) as Workspace;
        await addMemberWithinSeats(ctx.db, team.id, coach.id, "coach");
        const sessionRes = await call(a.url, `/api/drafts/sessions/?workspace=${team.id}`, {
          method: "POST",
          body: JSON.stringify(await newSessionBody(a.url)),
        });
        expect(sessionRes.status).toBe(201);
        const { id } = (await sessionRes.json()) as { id: string };
        const readOn = (url: string) => fetch(`${url}${actionsUrl(id)}`, { headers: coach.headers });
        let taken = 0;
        const stepOn = async (url: string) => {
          const res = await fetch(`${url}${actionsUrl(id)}`, {
            method: "POST",
            headers: { ...coach.headers, "content-type": "application/json" },
            body: JSON.stringify(stepBody(taken, pool[taken]!)),
          });
          if (res.status === 201) taken += 1;
          return [res.status, ((await res.json()) as { code?: string }).code];
        };
        const patchOnA = async (body: Record<string, unknown>) => {
          const res = await call(a.url, `/api/workspaces/${team.id}/members/${coach.id}/`, {
            method: "PATCH",
            body: JSON.stringify(body),
          });
          expect(res.status).toBe(200);
        };
        // The member changes below are made through A, and B, whose caches hold the coach's
        // grant, hears them through the database's NOTIFY. PostgreSQL signals B's listening
        // backend at A's commit, but that backend and B's own event loop deliver it when they next
        // run: on a loaded machine B has answered the test's next request first (a CI run of this
        // test got 201 for a step right after the coach became a viewer). That is decision 044's
        // window, so B is asked until it has heard (5 s at most; a few milliseconds here). Without
        // the cache's NOTIFY subscription B never hears, and every wait below fails.
        const heard = { timeout: 5000, interval: 20 };
        for (const url of [a.url, b.url, b.url]) expect((await readOn(url)).status).toBe(200);
        expect((await stepOn(b.url))[0]).toBe(201);

        await patchOnA({ status: "suspended" });
        await expect.poll(async () => (await readOn(b.url)).status, heard).toBe(403);
        expect((await stepOn(b.url))[1]).toBe("member_suspended");
        await patchOnA({ status: "active" });
        await expect.poll(async () => (await readOn(b.url)).status, heard).toBe(200);

        await patchOnA({ role: "viewer" });
        await expect.poll(() => stepOn(b.url), heard).toEqual([403, "forbidden"]);
        await patchOnA({ role: "coach" });
        await expect.poll(async () => (await stepOn(b.url))[0], heard).toBe(201);

        // The CLI's set-plan answers nobody over HTTP: B is asked until it has heard it too.
        await setPlan(ctx.db, owner.username, "community");
        await expect.poll(() => stepOn(b.url), heard).toEqual([403, "workspace_read_only"]);
        expect((await readOn(b.url)).status).toBe(200);
        await setPlan(ctx.db, owner.username, "pro");
        await expect.poll(async () => (await stepOn(b.url))[0], heard).toBe(201);

        const removed = await call(a.url, `/api/workspaces/${team.id}/members/${coach.id}/`, {
          method: "DELETE",
        });
        expect(removed.status).toBe(204);
        // A wrote it: A's own next request is decided at once (its in-process invalidation).
        expect((await readOn(a.url)).status).toBe(404);
        await expect.poll(async () => (await readOn(b.url)).status, heard).toBe(404);
      } finally {
        for (const server of [a, b]) server.child.kill("SIGTERM");
        await Promise.all([waitExit(a.child), waitExit(b.child)]);
      }
    });
});
