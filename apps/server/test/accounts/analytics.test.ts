import { analyticsSchema } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "../workspaces/support.ts";
import { insertAction, insertSession } from "./support.ts";

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

describeEachDialect("analytics", (ctx) => {
  const startTrial = async (user: TestUser) => {
    const pro = await ctx.db
      .selectFrom("tiers")
      .select("id")
      .where("key", "=", "pro")
      .executeTakeFirstOrThrow();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: pro.id, trial: true },
    });
    expect(res.statusCode).toBe(201);
  };

  const champion = async (name: string) =>
    (await ctx.db.selectFrom("champions").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

  /** The caller's analytics, with `query` (`?days=…&workspace=…`) when given. */
  const analytics = (user: TestUser, query = "") =>
    ctx.app.inject({ method: "GET", url: `/api/drafts/analytics/${query}`, headers: user.headers });

  it("is a 403 forbidden for Community users and a 401 without a token", async () => {
    const user = await registerUser(ctx.app);
    const res = await analytics(user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "forbidden", detail: expect.stringMatching(/Pro plan/) });
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/drafts/analytics/" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("summarises the user's own sessions in the window for a Pro trial user", async () => {
    const user = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await startTrial(user);
    const [ahri, braum, jinx] = await Promise.all([champion("Ahri"), champion("Braum"), champion("Jinx")]);

    const recent = await insertSession(ctx.db, user.id, {
      created_at: daysAgo(2),
      completed_at: daysAgo(1),
      winner: "BLUE",
    });
    await insertAction(
      ctx.db,
      recent,
      { champion_id: ahri, phase_number: 0, action_type: "BAN", team_side: "BLUE" },
      daysAgo(2),
    );
    await insertAction(
      ctx.db,
      recent,
      { champion_id: null, phase_number: 1, action_type: "BAN", team_side: "RED" },
      daysAgo(2),
    );
    await insertAction(
      ctx.db,
      recent,
      { champion_id: jinx, phase_number: 6, action_type: "PICK", team_side: "BLUE" },
      daysAgo(2),
    );
    await insertAction(
      ctx.db,
      recent,
      { champion_id: braum, phase_number: 7, action_type: "PICK", team_side: "RED" },
      daysAgo(2),
    );
    const today = await insertSession(ctx.db, user.id);
    await insertAction(ctx.db, today, {
      champion_id: jinx,
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
    });
    await insertSession(ctx.db, user.id, {
      created_at: daysAgo(40),
      completed_at: daysAgo(39),
      winner: "RED",
    });
    const foreign = await insertSession(ctx.db, other.id, { completed_at: daysAgo(0), winner: "RED" });
    await insertAction(ctx.db, foreign, {
      champion_id: ahri,
      phase_number: 6,
      action_type: "PICK",
      team_side: "BLUE",
    });

    const res = await analytics(user);
    expect(res.statusCode).toBe(200);
    const stats = analyticsSchema.parse(res.json());
    expect(stats).toMatchObject({
      days: 30,
      sessions_created: 2,
      sessions_completed: 1,
      results: { blue_wins: 1, red_wins: 0, unrecorded: 0 },
      most_picked: [
        { champion_id: braum, name: "Braum", count: 1 },
        { champion_id: jinx, name: "Jinx", count: 1 },
      ],
      first_picks: [{ champion_id: jinx, name: "Jinx", count: 1 }],
      first_bans: [
        { champion_id: ahri, name: "Ahri", count: 1 },
        { champion_id: jinx, name: "Jinx", count: 1 },
      ],
    });
    expect(stats.most_banned.map((c) => c.champion_id).sort()).toEqual([ahri, jinx].sort());
    expect(stats.per_day).toHaveLength(30);
    expect(stats.per_day.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      created: 1,
      completed: 0,
    });
    expect(stats.per_day.reduce((sum, day) => sum + day.created, 0)).toBe(2);

    const year = analyticsSchema.parse((await analytics(user, "?days=365")).json());
    expect(year).toMatchObject({
      days: 365,
      sessions_created: 3,
      sessions_completed: 2,
      results: { red_wins: 1 },
    });
    expect(year.per_day).toHaveLength(365);

    const oneDay = analyticsSchema.parse((await analytics(user, "?days=1")).json());
    expect(oneDay).toMatchObject({ days: 1, sessions_created: 1, sessions_completed: 0 });
    expect(oneDay.most_banned).toEqual([{ champion_id: jinx, name: "Jinx", count: 1 }]);
  });

  it("validates days: 1 to 365, whole numbers", async () => {
    const user = await registerUser(ctx.app);
    await startTrial(user);
    for (const days of ["0", "366", "abc", "1.5", "-3"]) {
      const res = await analytics(user, `?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_error", fields: { days: expect.any(String) } });
    }
  });

  it("answers empty figures for a user without sessions", async () => {
    const user = await registerUser(ctx.app);
    await startTrial(user);
    const res = await analytics(user, "?days=7");
    expect(res.json()).toMatchObject({
      days: 7,
      sessions_created: 0,
      sessions_completed: 0,
      most_picked: [],
      most_banned: [],
      results: { blue_wins: 0, red_wins: 0, unrecorded: 0 },
    });
  });

  /** Puts a session into a workspace, as its move route does (the helper inserts it personal). */
  const intoWorkspace = (sessionId: string, workspaceId: string) =>
    ctx.db
      .withTables<{ draft_sessions: { id: string; workspace_id: string | null } }>()
      .updateTable("draft_sessions")
      .set({ workspace_id: workspaceId })
      .where("id", "=", sessionId)
      .execute();

  it("follows the space the lists show: a workspace's sessions for every member, the personal ones without it", async () => {
    // A Pro owner; the analyst and the player are on Community: the workspace's plan covers them.
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const { owner, analyst, player } = members;
    const jinx = await champion("Jinx");
    const byOwner = await insertSession(ctx.db, owner.id, { completed_at: daysAgo(0), winner: "RED" });
    await insertAction(ctx.db, byOwner, {
      champion_id: jinx,
      phase_number: 6,
      action_type: "PICK",
      team_side: "BLUE",
    });
    await intoWorkspace(byOwner, workspace.id);
    await intoWorkspace(await insertSession(ctx.db, analyst.id), workspace.id);
    await insertSession(ctx.db, owner.id); // personal: not the team's
    await insertSession(ctx.db, owner.id);

    for (const member of [owner, analyst, player]) {
      const res = await analytics(member, `?workspace=${workspace.id}`);
      expect(res.statusCode, member.username).toBe(200);
      expect(analyticsSchema.parse(res.json())).toMatchObject({
        sessions_created: 2,
        sessions_completed: 1,
        results: { blue_wins: 0, red_wins: 1, unrecorded: 0 },
        most_picked: [{ champion_id: jinx, count: 1 }],
      });
    }
    // The owner's personal space: only the two sessions outside the workspace.
    expect(analyticsSchema.parse((await analytics(owner)).json())).toMatchObject({
      sessions_created: 2,
      sessions_completed: 0,
      most_picked: [],
    });
    // Outside the workspace's plan, the analyst's own Community plan still says no.
    expect((await analytics(analyst)).statusCode).toBe(403);
    // Not a member (on Pro): the workspace is not found, its figures never shown.
    const foreign = await analytics(outsider, `?workspace=${workspace.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "not_found" });
    const malformed = await analytics(owner, "?workspace=nope");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: "validation_error",
      fields: { workspace: expect.any(String) },
    });
  });

  it("is a 403 in a workspace whose plan and the member's both lack analytics", async () => {
    const owner = await registerUser(ctx.app, { plan: "plus" });
    const workspace = await createWorkspace(ctx.app, owner);
    const res = await analytics(owner, `?workspace=${workspace.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: "forbidden" });
  });
});
