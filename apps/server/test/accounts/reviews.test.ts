import { paginatedSchema, reviewSchema } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";

const pageSchema = paginatedSchema(reviewSchema);

describeEachDialect("roster reviews", (ctx) => {
  let lck: { id: number; teamA: number; teamB: number };
  let lpl: { id: number; team: number };

  beforeAll(async () => {
    const league = async (name: string) =>
      (await ctx.db.selectFrom("leagues").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const teams = async (leagueId: number) =>
      (
        await ctx.db
          .selectFrom("teams")
          .select("id")
          .where("league_id", "=", leagueId)
          .orderBy("id")
          .execute()
      ).map((t) => t.id);
    const lckId = await league("LCK");
    const lplId = await league("LPL");
    const [a, b] = await teams(lckId);
    const [c] = await teams(lplId);
    lck = { id: lckId, teamA: a!, teamB: b! };
    lpl = { id: lplId, team: c! };
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    league_id: lck.id,
    team_id: lck.teamA,
    season: "2026 Spring",
    title: "New jungler?",
    description: "Rumours about the jungle position",
    review_text: "Several sources say the team is trying a new jungler in scrims.",
    status: "rumor",
    players: [
      { name: "Canyon", position: "jungle", status: "smoke" },
      { name: "Chovy", position: "mid", status: "confirmed" },
    ],
    ...overrides,
  });

  const create = async (user: TestUser, overrides: Record<string, unknown> = {}) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/rosters/reviews/",
      headers: user.headers,
      payload: body(overrides),
    });
    expect(res.statusCode, res.body).toBe(201);
    return reviewSchema.parse(res.json());
  };

  it("creates a review with players and answers it with names, author and is_owner", async () => {
    const user = await registerUser(ctx.app);
    const review = await create(user);
    expect(review).toMatchObject({
      league: { id: lck.id, name: "LCK" },
      team: { id: lck.teamA },
      season: "2026 Spring",
      status: "rumor",
      // A personal review is read by every user: its author goes by username only.
      author: { id: user.id, username: user.username, name: null },
      is_owner: true,
    });
    expect(review.players).toEqual(body().players);
    const fetched = await ctx.app.inject({
      method: "GET",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: user.headers,
    });
    expect(fetched.json()).toEqual(review);
  });

  it("defaults status to rumor and players to none", async () => {
    const user = await registerUser(ctx.app);
    const { status: _s, players: _p, ...rest } = body();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/rosters/reviews/",
      headers: user.headers,
      payload: rest,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "rumor", players: [] });
  });

  const required: Array<[string, string]> = [
    ["league_id", "League is required"],
    ["season", "Season is required"],
    ["team_id", "Team is required"],
    ["title", "Title is required"],
    ["description", "Description is required"],
    ["review_text", "Review text is required"],
  ];
  for (const [field, message] of required) {
    it(`requires ${field}: "${message}"`, async () => {
      const user = await registerUser(ctx.app);
      const missing: Record<string, unknown> = body();
      delete missing[field];
      const blank = body({ [field]: field.endsWith("_id") ? 0 : "  " });
      for (const payload of [missing, blank]) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/rosters/reviews/",
          headers: user.headers,
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: "validation_error", fields: { [field]: message } });
      }
    });
  }

  it("validates statuses, player entries and lengths", async () => {
    const user = await registerUser(ctx.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ status: "maybe" }, "status"],
      [{ players: [{ name: "", position: "mid", status: "signed" }] }, "players.0.name"],
      [{ players: [{ name: "Faker", position: "adc", status: "signed" }] }, "players.0.position"],
      [{ players: [{ name: "Faker", position: "mid", status: "retired" }] }, "players.0.status"],
      [{ players: "Faker" }, "players"],
      [{ title: "x".repeat(151) }, "title"],
    ];
    for (const [overrides, field] of cases) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/rosters/reviews/",
        headers: user.headers,
        payload: body(overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }
  });

  it("rejects a team of another league, an unknown league and a user's own league", async () => {
    const user = await registerUser(ctx.app);
    const custom = await ctx.db
      .insertInto("leagues")
      .values({
        name: "My scrims",
        short_name: "MS",
        region: "",
        is_custom: true,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ team_id: lpl.team }, "team_id"],
      [{ team_id: 2_000_000_000 }, "team_id"],
      [{ league_id: 2_000_000_000 }, "league_id"],
      [{ league_id: custom.id }, "league_id"],
      [{ league_id: 3_000_000_000 }, "league_id"],
    ];
    for (const [overrides, field] of cases) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/rosters/reviews/",
        headers: user.headers,
        payload: body(overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_error", fields: { [field]: expect.any(String) } });
    }
  });

  it("other users read reviews but cannot change or delete them (403)", async () => {
    const author = await registerUser(ctx.app);
    const reader = await registerUser(ctx.app);
    const review = await create(author);
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: reader.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ is_owner: false, author: { username: author.username } });
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: reader.headers,
      payload: body({ title: "Hijacked" }),
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe("forbidden");
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: reader.headers,
    });
    expect(del.statusCode).toBe(403);
    const still = await ctx.app.inject({
      method: "GET",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: author.headers,
    });
    expect(still.json().title).toBe(review.title);
  });

  it("the author replaces and deletes a review", async () => {
    const author = await registerUser(ctx.app);
    const review = await create(author);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: author.headers,
      payload: body({ title: "Confirmed!", status: "confirmed", team_id: lck.teamB, players: [] }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: review.id,
      title: "Confirmed!",
      status: "confirmed",
      team: { id: lck.teamB },
      players: [],
    });
    expect(Date.parse(put.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(review.updated_at));
    const invalid = await ctx.app.inject({
      method: "PUT",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: author.headers,
      payload: body({ review_text: "" }),
    });
    expect(invalid.statusCode).toBe(400);
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: author.headers,
    });
    expect(del.statusCode).toBe(204);
    for (const method of ["GET", "DELETE"] as const) {
      const gone = await ctx.app.inject({
        method,
        url: `/api/rosters/reviews/${review.id}/`,
        headers: author.headers,
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe("not_found");
    }
    const putGone = await ctx.app.inject({
      method: "PUT",
      url: `/api/rosters/reviews/${review.id}/`,
      headers: author.headers,
      payload: body(),
    });
    expect(putGone.statusCode).toBe(404);
  });

  it("lists newest first in pages of 12 with league, team, season and status filters", async () => {
    const user = await registerUser(ctx.app);
    const season = `S-${user.username}`;
    for (let i = 0; i < 13; i++) {
      await create(user, {
        season,
        title: `Review ${i}`,
        status: i % 2 === 0 ? "confirmed" : "denied",
        ...(i < 3 ? { league_id: lpl.id, team_id: lpl.team } : {}),
      });
    }
    const first = await ctx.app.inject({
      method: "GET",
      url: `/api/rosters/reviews/?season=${season}`,
      headers: user.headers,
    });
    const page1 = pageSchema.parse(first.json());
    expect(page1.count).toBe(13);
    expect(page1.results).toHaveLength(12);
    expect(page1.results[0]!.title).toBe("Review 12");
    expect(page1.next).toBe(`/api/rosters/reviews/?season=${season}&page=2`);
    expect(page1.previous).toBeNull();
    const second = pageSchema.parse(
      (await ctx.app.inject({ method: "GET", url: page1.next!, headers: user.headers })).json(),
    );
    expect(second.results.map((r) => r.title)).toEqual(["Review 0"]);
    expect(second.next).toBeNull();

    const byLeague = pageSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/rosters/reviews/?season=${season}&league=${lpl.id}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(byLeague.count).toBe(3);
    const byTeam = pageSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/rosters/reviews/?season=${season}&team=${lck.teamA}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(byTeam.count).toBe(10);
    const byStatus = pageSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/rosters/reviews/?season=${season}&status=denied`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(byStatus.count).toBe(6);
    expect(byStatus.results.every((r) => r.status === "denied")).toBe(true);

    for (const query of ["status=maybe", "league=abc", "page=0", "team=-1"]) {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/rosters/reviews/?${query}`,
        headers: user.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("requires a token on every route and answers 400 for a malformed id", async () => {
    for (const [method, url] of [
      ["GET", "/api/rosters/reviews/"],
      ["POST", "/api/rosters/reviews/"],
      ["GET", "/api/rosters/reviews/1/"],
      ["PUT", "/api/rosters/reviews/1/"],
      ["DELETE", "/api/rosters/reviews/1/"],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        ...(method === "POST" || method === "PUT" ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/rosters/reviews/abc/",
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
