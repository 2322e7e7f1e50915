import {
  apiErrorSchema,
  type DraftSession,
  sessionListSchema,
  sessionSchema,
  VALIDATION_MESSAGES_EN,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";
import { createSession, firstLeagueWithTeams, newUser } from "./support.ts";

describeEachDialect("draft sessions API", (ctx) => {
  const post = (headers: Record<string, string>, payload: unknown) =>
    ctx.app.inject({ method: "POST", url: "/api/drafts/sessions/", headers, payload: payload as object });

  it("creates a session (201) with defaults, team-name fallbacks and derived draft fields", async () => {
    const user = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const res = await post(user.headers, {
      title: "  Scrim vs G2  ",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      red_team_name: "Our academy",
    });
    expect(res.statusCode).toBe(201);
    const session = sessionSchema.parse(res.json());
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session).toMatchObject({
      title: "Scrim vs G2",
      description: "",
      league: { id: league.id, name: league.name },
      blue_team: { id: teams[0]!.id, name: teams[0]!.name },
      red_team: { id: teams[1]!.id, name: teams[1]!.name },
      blue_team_name: teams[0]!.name,
      red_team_name: "Our academy",
      settings: { ban_timer: 30, pick_timer: 30, auto_advance: true },
      current_phase: 1,
      current_step: 0,
      status: "in_progress",
      winner: null,
    });
    expect(Date.parse(session.created_at)).not.toBeNaN();
    const again = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
    });
    expect(again.json()).toEqual(session);
  });

  it("answers every validation rule of a session with the English message on its field", async () => {
    const user = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const valid = { title: "T", league_id: league.id, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, title: "   " }, "title", VALIDATION_MESSAGES_EN.sessionNameRequired],
      [{ ...valid, title: undefined }, "title", VALIDATION_MESSAGES_EN.sessionNameRequired],
      [{ ...valid, league_id: undefined }, "league_id", VALIDATION_MESSAGES_EN.leagueRequired],
      [{ ...valid, blue_team_id: null }, "blue_team_id", VALIDATION_MESSAGES_EN.blueTeamRequired],
      [{ ...valid, red_team_id: undefined }, "red_team_id", VALIDATION_MESSAGES_EN.redTeamRequired],
      [{ ...valid, red_team_id: valid.blue_team_id }, "red_team_id", VALIDATION_MESSAGES_EN.teamsMustDiffer],
      [{ ...valid, settings: { ban_timer: 9 } }, "settings.ban_timer", VALIDATION_MESSAGES_EN.banTimerRange],
      [
        { ...valid, settings: { ban_timer: 301 } },
        "settings.ban_timer",
        VALIDATION_MESSAGES_EN.banTimerRange,
      ],
      [
        { ...valid, settings: { ban_timer: "abc" } },
        "settings.ban_timer",
        VALIDATION_MESSAGES_EN.banTimerRange,
      ],
      [
        { ...valid, settings: { pick_timer: 5 } },
        "settings.pick_timer",
        VALIDATION_MESSAGES_EN.pickTimerRange,
      ],
      [
        { ...valid, settings: { pick_timer: 1000 } },
        "settings.pick_timer",
        VALIDATION_MESSAGES_EN.pickTimerRange,
      ],
      // The workspace is chosen with `?workspace=`: a body field of that name is not dropped
      // silently (the session would land in the personal space), it is named.
      [
        { ...valid, workspace_id: "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001" },
        "workspace_id",
        VALIDATION_MESSAGES_EN.unknownField,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(user.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(body.code).toBe("validation_error");
      expect(body.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    // Nothing was saved by the rejected bodies.
    const listed = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/",
      headers: user.headers,
    });
    expect(listed.json().count).toBe(0);
    // The list's workspace is `?workspace=` too: `?workspace_id=` would list the personal space
    // without a word, so it is named; a parameter no route knows (a tracking tag) is ignored.
    const misnamed = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/?workspace_id=0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001",
      headers: user.headers,
    });
    expect(misnamed.statusCode).toBe(400);
    expect(apiErrorSchema.parse(misnamed.json()).fields).toEqual({
      workspace_id: VALIDATION_MESSAGES_EN.unknownField,
    });
    const tagged = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/?utm_source=newsletter",
      headers: user.headers,
    });
    expect(tagged.statusCode).toBe(200);
    const edges = await post(user.headers, { ...valid, settings: { ban_timer: 10, pick_timer: 300 } });
    expect(edges.statusCode).toBe(201);
    expect(edges.json().settings).toEqual({
      ban_timer: 10,
      pick_timer: 300,
      auto_advance: true,
      timed: true,
    });
  });

  it("stores a prep session without a clock (timed false) and switches it back on by PATCH", async () => {
    const user = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const created = await post(user.headers, {
      title: "Prep",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
      settings: { timed: false },
    });
    expect(created.statusCode).toBe(201);
    const session = sessionSchema.parse(created.json());
    expect(session.settings).toEqual({ ban_timer: 30, pick_timer: 30, auto_advance: true, timed: false });
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { settings: { timed: true } },
    });
    expect(patched.statusCode).toBe(200);
    expect(sessionSchema.parse(patched.json()).settings.timed).toBe(true);
    const bad = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { settings: { timed: "no" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).code).toBe("validation_error");
  });

  it("rejects teams from another league (league_mismatch) and unknown or foreign references", async () => {
    const user = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const leagues = (await ctx.app.inject({ method: "GET", url: "/api/drafts/leagues/" })).json() as Array<{
      id: number;
    }>;
    const otherLeague = leagues.find((candidate) => candidate.id !== league.id)!;
    const otherTeams = (
      await ctx.app.inject({ method: "GET", url: `/api/drafts/leagues/${otherLeague.id}/teams/` })
    ).json() as Array<{ id: number }>;
    const mismatch = await post(user.headers, {
      title: "x",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: otherTeams[0]!.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: "league_mismatch",
      fields: { red_team_id: expect.any(String) },
    });

    const unknown = await post(user.headers, {
      title: "x",
      league_id: 999999,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ league_id: VALIDATION_MESSAGES_EN.invalidValue });

    // Another user's custom team is invisible.
    const custom = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/leagues/${league.id}/teams/`,
      headers: other.headers,
      payload: { name: "Hidden Five" },
    });
    expect(custom.statusCode).toBe(201);
    const foreign = await post(user.headers, {
      title: "x",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: custom.json().id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ red_team_id: VALIDATION_MESSAGES_EN.invalidValue });
  });

  it("needs a token (401) on every private route", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const urls: Array<[string, string]> = [
      ["GET", "/api/drafts/sessions/"],
      ["POST", "/api/drafts/sessions/"],
      ["GET", `/api/drafts/sessions/${session.id}/`],
      ["PUT", `/api/drafts/sessions/${session.id}/`],
      ["PATCH", `/api/drafts/sessions/${session.id}/`],
      ["DELETE", `/api/drafts/sessions/${session.id}/`],
      ["GET", `/api/drafts/sessions/${session.id}/actions/`],
      ["POST", `/api/drafts/sessions/${session.id}/actions/`],
      ["GET", `/api/drafts/sessions/${session.id}/champions-status/`],
      ["GET", `/api/drafts/sessions/${session.id}/recommendations/`],
    ];
    for (const [method, url] of urls) {
      const res = await ctx.app.inject({
        method: method as "GET",
        url,
        payload: method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe("not_authenticated");
    }
  });

  it("lists 12 per page, newest first, with next/previous links and filters", async () => {
    const user = await newUser(ctx.app, "pro");
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const created: DraftSession[] = [];
    for (let i = 0; i < 14; i += 1) {
      created.push(
        await createSession(ctx.app, user, {
          title: `Session ${i}`,
          blue_team_id: teams[i % 3]!.id,
          red_team_id: teams[3]!.id,
        }),
      );
    }
    const first = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/",
      headers: user.headers,
    });
    expect(first.statusCode).toBe(200);
    const page1 = sessionListSchema.parse(first.json());
    expect(page1.count).toBe(14);
    expect(page1.results).toHaveLength(12);
    expect(page1.results[0]!.title).toBe("Session 13");
    expect(page1.previous).toBeNull();
    expect(page1.next).toBe("/api/drafts/sessions/?page=2");
    const second = sessionListSchema.parse(
      (await ctx.app.inject({ method: "GET", url: page1.next!, headers: user.headers })).json(),
    );
    expect(second.results.map((s) => s.title)).toEqual(["Session 1", "Session 0"]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe("/api/drafts/sessions/?page=1");

    const byTeam = sessionListSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/?team=${teams[1]!.id}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(byTeam.count).toBe(5);
    const byRedTeam = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/?team=${teams[3]!.id}&league=${league.id}`,
      headers: user.headers,
    });
    expect(byRedTeam.json().count).toBe(14);
    const otherLeague = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/?league=${league.id + 1000}`,
      headers: user.headers,
    });
    expect(otherLeague.json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    // Someone else's list stays empty.
    const stranger = await newUser(ctx.app);
    const theirs = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/",
      headers: stranger.headers,
    });
    expect(theirs.json().count).toBe(0);

    const bad = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/?page=0",
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("searches title, league and team names ignoring case and accents", async () => {
    const user = await newUser(ctx.app, "pro");
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    await createSession(ctx.app, user, { title: "Práctica de Élite" });
    await createSession(ctx.app, user, { title: "Other", blue_team_name: "Los Señores" });
    await createSession(ctx.app, user, { title: "100% draft_test" });
    const search = async (q: string) =>
      sessionListSchema
        .parse(
          (
            await ctx.app.inject({
              method: "GET",
              url: `/api/drafts/sessions/?search=${encodeURIComponent(q)}`,
              headers: user.headers,
            })
          ).json(),
        )
        .results.map((s) => s.title);
    expect(await search("ELITE")).toEqual(["Práctica de Élite"]);
    expect(await search("practica elite")).toEqual(["Práctica de Élite"]);
    expect(await search("señores")).toEqual(["Other"]);
    expect(await search("SENORES")).toEqual(["Other"]);
    expect((await search(league.name.toLowerCase())).length).toBe(3);
    expect((await search(teams[1]!.name.toUpperCase())).length).toBe(3);
    expect(await search("100%")).toEqual(["100% draft_test"]);
    expect(await search("_")).toEqual(["100% draft_test"]);
    expect(await search("nothing like this")).toEqual([]);
  });

  it("PUT replaces details and settings; PATCH changes a subset; names follow a changed team", async () => {
    const user = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const session = await createSession(ctx.app, user, { description: "first" });
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: {
        title: "Renamed",
        league_id: league.id,
        blue_team_id: teams[2]!.id,
        red_team_id: teams[1]!.id,
        settings: { ban_timer: 45, pick_timer: 60, auto_advance: false },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: "Renamed",
      description: "",
      blue_team: { id: teams[2]!.id },
      blue_team_name: teams[2]!.name,
      settings: { ban_timer: 45, pick_timer: 60, auto_advance: false },
    });
    const patch = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { red_team_id: teams[4]!.id, description: "notes" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      title: "Renamed",
      description: "notes",
      red_team: { id: teams[4]!.id },
      red_team_name: teams[4]!.name,
      settings: { ban_timer: 45 },
    });
    const clash = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { red_team_id: teams[2]!.id },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields).toEqual({ red_team_id: VALIDATION_MESSAGES_EN.teamsMustDiffer });
    const blank = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { title: " " },
    });
    expect(blank.json().fields).toEqual({ title: VALIDATION_MESSAGES_EN.sessionNameRequired });
  });

  it("records a winner only on a complete draft (409 draft_incomplete otherwise)", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const early = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { winner: "BLUE" },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("draft_incomplete");
    const wrong = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { winner: "GREEN" },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("limits a Community user to 3 saved sessions (403 plan_limit) and frees a slot on delete", async () => {
    const user = await newUser(ctx.app);
    const sessions = [];
    for (let i = 0; i < 3; i += 1) sessions.push(await createSession(ctx.app, user));
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const payload = {
      title: "fourth",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    };
    const fourth = await post(user.headers, payload);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe("plan_limit");
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${sessions[0]!.id}/`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await post(user.headers, payload)).statusCode).toBe(201);
  });

  it("lets exactly one of 12 simultaneous creates take a Community user's last slot", async () => {
    const user = await newUser(ctx.app);
    for (let i = 0; i < 2; i += 1) await createSession(ctx.app, user);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(user.headers, {
          title: `race ${i}`,
          league_id: league.id,
          blue_team_id: teams[0]!.id,
          red_team_id: teams[1]!.id,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(11).fill(403)]);
    for (const answer of answers.filter((a) => a.statusCode === 403)) {
      expect(answer.json().code).toBe("plan_limit");
    }
    const count = await ctx.db
      .selectFrom("draft_sessions")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });

  it("answers 404 for another user's session on every route, and changes nothing", async () => {
    const owner = await newUser(ctx.app);
    const other = await newUser(ctx.app);
    const session = await createSession(ctx.app, owner);
    const created = await ctx.app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${session.id}/actions/`,
      headers: owner.headers,
      payload: { phase_number: 0, action_type: "BAN", team_side: "BLUE", champion_id: null },
    });
    expect(created.statusCode).toBe(201);
    const actionId = created.json().id as number;
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const body = { title: "x", league_id: league.id, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id };
    const base = `/api/drafts/sessions/${session.id}`;
    const requests: Array<[string, string, unknown]> = [
      ["GET", `${base}/`, undefined],
      ["PUT", `${base}/`, body],
      ["PATCH", `${base}/`, { title: "stolen" }],
      ["DELETE", `${base}/`, undefined],
      ["GET", `${base}/actions/`, undefined],
      [
        "POST",
        `${base}/actions/`,
        { phase_number: 1, action_type: "BAN", team_side: "RED", champion_id: null },
      ],
      ["PUT", `${base}/actions/${actionId}/`, { champion_id: 266 }],
      ["DELETE", `${base}/actions/${actionId}/`, undefined],
      ["GET", `${base}/champions-status/`, undefined],
      ["GET", `${base}/recommendations/`, undefined],
    ];
    for (const [method, url, payload] of requests) {
      const res = await ctx.app.inject({
        method: method as "GET",
        url,
        headers: other.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe("not_found");
      expect(res.body).not.toContain(session.title);
    }
    const still = await ctx.app.inject({ method: "GET", url: `${base}/`, headers: owner.headers });
    expect(still.json()).toMatchObject({ title: session.title, current_step: 1 });
    const actions = await ctx.app.inject({ method: "GET", url: `${base}/actions/`, headers: owner.headers });
    expect(actions.json()).toHaveLength(1);
  });

  it("answers 404 for an unknown session and 400 for a malformed id", async () => {
    const user = await newUser(ctx.app);
    const missing = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/00000000-0000-4000-8000-000000000000/",
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/not-a-uuid/",
      headers: user.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("validation_error");
  });
});
