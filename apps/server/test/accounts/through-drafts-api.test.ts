import { analyticsSchema, subscriptionSchema } from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";

/** Plan limit, usage and analytics observed through the drafts API (the drafts module's routes). */
describeEachDialect("plan limit and analytics through the drafts API", (ctx) => {
  let league: number;
  let blue: number;
  let red: number;
  let champions: number[];

  beforeAll(async () => {
    league = (
      await ctx.db.selectFrom("leagues").select("id").where("name", "=", "LCK").executeTakeFirstOrThrow()
    ).id;
    const teams = await ctx.db
      .selectFrom("teams")
      .select("id")
      .where("league_id", "=", league)
      .orderBy("id")
      .limit(2)
      .execute();
    [blue, red] = [teams[0]!.id, teams[1]!.id];
    champions = (await ctx.db.selectFrom("champions").select("id").orderBy("name").limit(20).execute()).map(
      (c) => c.id,
    );
  });

  const createSession = (user: TestUser, title: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/drafts/sessions/",
      headers: user.headers,
      payload: { title, league_id: league, blue_team_id: blue, red_team_id: red },
    });

  const subscription = async (user: TestUser) =>
    subscriptionSchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/subscriptions/", headers: user.headers })).json()
        .results[0],
    );

  it("a Community user's 4th session is a 403 plan_limit; the trial allows more", async () => {
    const user = await registerUser(ctx.app);
    for (let i = 1; i <= 3; i++) expect((await createSession(user, `Scrim ${i}`)).statusCode).toBe(201);
    expect((await subscription(user)).usage.drafts_used).toBe(3);
    const fourth = await createSession(user, "Scrim 4");
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe("plan_limit");

    const pro = await ctx.db
      .selectFrom("tiers")
      .select("id")
      .where("key", "=", "pro")
      .executeTakeFirstOrThrow();
    await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: pro.id, trial: true },
    });
    expect((await createSession(user, "Scrim 4")).statusCode).toBe(201);
    expect((await subscription(user)).usage.drafts_used).toBe(4);
  });

  it("analytics count a draft played through the API", async () => {
    const user = await registerUser(ctx.app);
    const pro = await ctx.db
      .selectFrom("tiers")
      .select("id")
      .where("key", "=", "pro")
      .executeTakeFirstOrThrow();
    await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: pro.id, trial: true },
    });
    const session = await createSession(user, "Full draft");
    expect(session.statusCode).toBe(201);
    const id = session.json().id as string;
    for (const step of DRAFT_SEQUENCE) {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/drafts/sessions/${id}/actions/`,
        headers: user.headers,
        payload: {
          champion_id: step.index === 1 ? null : champions[step.index]!,
          phase_number: step.index,
          action_type: step.type,
          team_side: step.side,
        },
      });
      expect(res.statusCode, `step ${step.index}: ${res.body}`).toBe(201);
    }
    const stats = analyticsSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: "/api/drafts/analytics/?days=7", headers: user.headers })
      ).json(),
    );
    expect(stats.sessions_created).toBe(1);
    expect(stats.sessions_completed).toBe(1);
    expect(stats.results.unrecorded).toBe(1);
    expect(stats.most_picked.reduce((sum, c) => sum + c.count, 0)).toBe(10);
    expect(stats.most_banned.reduce((sum, c) => sum + c.count, 0)).toBe(9);
    expect(stats.first_bans).toEqual([expect.objectContaining({ champion_id: champions[0], count: 1 })]);
    expect(stats.first_picks).toEqual([expect.objectContaining({ champion_id: champions[6], count: 1 })]);
    expect(stats.per_day.at(-1)).toMatchObject({ created: 1, completed: 1 });

    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${id}/`,
      headers: user.headers,
      payload: { winner: "RED" },
    });
    expect(patched.statusCode).toBe(200);
    const after = analyticsSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: "/api/drafts/analytics/?days=7", headers: user.headers })
      ).json(),
    );
    expect(after.results).toEqual({ blue_wins: 0, red_wins: 1, unrecorded: 0 });
  });
});
