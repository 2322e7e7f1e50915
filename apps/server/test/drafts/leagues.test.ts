import {
  leagueListSchema,
  leagueSchema,
  teamListSchema,
  teamPrioritiesSchema,
  VALIDATION_MESSAGES_EN,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { championIds, firstLeagueWithTeams, newUser } from "./support.ts";

describeEachDialect("leagues, teams and priorities API", (ctx) => {
  it("lists the seeded leagues and their teams, also without a token", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/" });
    expect(res.statusCode).toBe(200);
    const leagues = leagueListSchema.parse(res.json());
    expect(leagues.length).toBeGreaterThan(3);
    expect(leagues.every((league) => !league.is_custom)).toBe(true);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    expect(teams.length).toBeGreaterThan(5);
    expect(teams.every((team) => team.league_id === league.id)).toBe(true);
    const byQuery = teamListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: `/api/drafts/teams/?league=${league.id}` })).json(),
    );
    expect(byQuery).toEqual(teams);
    const all = teamListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/teams/" })).json(),
    );
    expect(all.length).toBeGreaterThan(teams.length);
    const missing = await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/999999/teams/" });
    expect(missing.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: "GET", url: "/api/drafts/teams/?league=abc" });
    expect(bad.statusCode).toBe(400);
  });

  it("creates leagues and teams visible only to their creator beside the seeded ones", async () => {
    const owner = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/drafts/leagues/",
      headers: owner.headers,
      payload: { name: "  Tuesday Scrims  ", region: "EUW" },
    });
    expect(created.statusCode).toBe(201);
    const league = leagueSchema.parse(created.json());
    expect(league).toMatchObject({
      name: "Tuesday Scrims",
      short_name: "TS",
      region: "EUW",
      is_custom: true,
    });

    const team = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/leagues/${league.id}/teams/`,
      headers: owner.headers,
      payload: { name: "Night Owls", short_name: "OWL" },
    });
    expect(team.statusCode).toBe(201);
    expect(team.json()).toMatchObject({
      name: "Night Owls",
      short_name: "OWL",
      league_id: league.id,
      is_custom: true,
    });

    const mine = leagueListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/", headers: owner.headers })).json(),
    );
    expect(mine.map((l) => l.id)).toContain(league.id);
    expect(mine.at(-1)!.id).toBe(league.id);
    const theirs = leagueListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/", headers: other.headers })).json(),
    );
    expect(theirs.map((l) => l.id)).not.toContain(league.id);
    const anonymous = leagueListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/" })).json(),
    );
    expect(anonymous.map((l) => l.id)).not.toContain(league.id);

    for (const headers of [other.headers, {}]) {
      const teams = await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/leagues/${league.id}/teams/`,
        headers,
      });
      expect(teams.statusCode).toBe(404);
    }
    const intruder = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/leagues/${league.id}/teams/`,
      headers: other.headers,
      payload: { name: "Crashers" },
    });
    expect(intruder.statusCode).toBe(404);

    // A custom team in a seeded league stays private too.
    const { league: seeded } = await firstLeagueWithTeams(ctx.app);
    const academy = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/leagues/${seeded.id}/teams/`,
      headers: owner.headers,
      payload: { name: "Our Academy" },
    });
    expect(academy.statusCode).toBe(201);
    const seen = (headers: Record<string, string>) =>
      ctx.app
        .inject({ method: "GET", url: `/api/drafts/teams/?league=${seeded.id}`, headers })
        .then((res) => (res.json() as Array<{ id: number }>).map((t) => t.id));
    expect(await seen(owner.headers)).toContain(academy.json().id);
    expect(await seen(other.headers)).not.toContain(academy.json().id);
  });

  it("validates names and needs a token to create", async () => {
    const user = await newUser(ctx.app);
    const blank = await ctx.app.inject({
      method: "POST",
      url: "/api/drafts/leagues/",
      headers: user.headers,
      payload: { name: "  " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: VALIDATION_MESSAGES_EN.nameRequired });
    const long = await ctx.app.inject({
      method: "POST",
      url: "/api/drafts/leagues/",
      headers: user.headers,
      payload: { name: "x".repeat(101) },
    });
    expect(long.json().fields).toEqual({ name: VALIDATION_MESSAGES_EN.tooLong });
    const anonymous = await ctx.app.inject({
      method: "POST",
      url: "/api/drafts/leagues/",
      payload: { name: "A" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("stores team priorities per user and team, replaced as a whole", async () => {
    const user = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    const pool = await championIds(ctx.app);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    const url = `/api/drafts/teams/${teams[0]!.id}/priorities/`;
    const empty = await ctx.app.inject({ method: "GET", url, headers: user.headers });
    expect(empty.json()).toEqual({ team_id: teams[0]!.id, priorities: [], updated_at: null });

    const put = await ctx.app.inject({
      method: "PUT",
      url,
      headers: user.headers,
      payload: {
        priorities: [
          { champion_id: pool[5], tier: "S", positions: ["mid"], note: " comfort pick " },
          { champion_id: pool[9], tier: "B", positions: ["top", "jungle"] },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const saved = teamPrioritiesSchema.parse(put.json());
    expect(saved.priorities).toMatchObject([
      { champion_id: pool[5], tier: "S", positions: ["mid"], note: "comfort pick" },
      { champion_id: pool[9], tier: "B", positions: ["top", "jungle"], note: "" },
    ]);
    expect(saved.priorities[0]!.champion_name).toBeTruthy();
    expect(saved.updated_at).not.toBeNull();
    expect((await ctx.app.inject({ method: "GET", url, headers: user.headers })).json()).toEqual(saved);
    // Another user has their own (empty) list for the same team.
    expect((await ctx.app.inject({ method: "GET", url, headers: other.headers })).json().priorities).toEqual(
      [],
    );

    const replaced = await ctx.app.inject({
      method: "PUT",
      url,
      headers: user.headers,
      payload: { priorities: [{ champion_id: pool[1], tier: "A", positions: [] }] },
    });
    expect(replaced.json().priorities.map((p: { champion_id: number }) => p.champion_id)).toEqual([pool[1]]);

    const invalid = await ctx.app.inject({
      method: "PUT",
      url,
      headers: user.headers,
      payload: {
        priorities: [
          { champion_id: 999_999, tier: "A", positions: [] },
          { champion_id: pool[1], tier: "A", positions: [] },
          { champion_id: pool[1], tier: "B", positions: [] },
        ],
      },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      "priorities.0.champion_id": VALIDATION_MESSAGES_EN.invalidValue,
      "priorities.2.champion_id": VALIDATION_MESSAGES_EN.invalidValue,
    });
    const badTier = await ctx.app.inject({
      method: "PUT",
      url,
      headers: user.headers,
      payload: { priorities: [{ champion_id: pool[1], tier: "Z", positions: ["mid"] }] },
    });
    expect(badTier.statusCode).toBe(400);
    expect(Object.keys(badTier.json().fields)).toEqual(["priorities.0.tier"]);
    const missing = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/teams/999999/priorities/",
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("hides another user's custom team priorities route (404)", async () => {
    const owner = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    const { league } = await firstLeagueWithTeams(ctx.app);
    const team = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/leagues/${league.id}/teams/`,
      headers: owner.headers,
      payload: { name: "Secret Squad" },
    });
    const url = `/api/drafts/teams/${team.json().id}/priorities/`;
    expect((await ctx.app.inject({ method: "GET", url, headers: other.headers })).statusCode).toBe(404);
    const put = await ctx.app.inject({
      method: "PUT",
      url,
      headers: other.headers,
      payload: { priorities: [] },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url, headers: owner.headers })).statusCode).toBe(200);
  });
});
