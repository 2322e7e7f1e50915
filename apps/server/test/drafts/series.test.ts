import { apiErrorSchema, type Series, seriesSchema, sessionSchema } from "@draftroom/contracts";
import { buildFormat, type DraftFormatSpec, SPEC_FORMAT } from "@draftroom/draft";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { migrateDown, migrateToLatest } from "../../src/db/migrate.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { type Caller, championIds, createSession, firstLeagueWithTeams, newUser } from "./support.ts";

describeEachDialect("fearless series API", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  async function createSeries(caller: Caller, overrides: Record<string, unknown> = {}) {
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    return ctx.app.inject({
      method: "POST",
      url: "/api/series/",
      headers: caller.headers,
      payload: {
        title: "Finals prep",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
        ...overrides,
      },
    });
  }

  const post = (caller: Caller, url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: caller.headers, payload });

  /** Plays a whole game; `champions[i]` is taken at step i (null skips a ban). */
  async function playGame(caller: Caller, sessionId: string, champions: readonly (number | null)[]) {
    const session = sessionSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/${sessionId}/`,
          headers: caller.headers,
        })
      ).json(),
    );
    const format = buildFormat(session.format as DraftFormatSpec);
    for (const step of format.steps) {
      const res = await post(caller, `/api/drafts/sessions/${sessionId}/actions/`, {
        phase_number: step.index,
        action_type: step.type,
        team_side: step.side,
        champion_id: champions[step.index] ?? null,
      });
      if (res.statusCode !== 201) throw new Error(`step ${step.index}: ${res.statusCode} ${res.body}`);
    }
  }

  const winner = async (caller: Caller, id: string, number: number, team: "A" | "B") => {
    const res = await ctx.app.inject({
      method: "PATCH",
      url: `/api/series/${id}/games/${number}/`,
      headers: caller.headers,
      payload: { winner: team },
    });
    expect(res.statusCode, res.body).toBe(200);
    return seriesSchema.parse(res.json());
  };

  it("plays a hard-fearless Bo3 through the API: locks, the 409 with its game, the score, the end at 2-0", async () => {
    const user = await newUser(ctx.app);
    const created = await createSeries(user, { side_choice: "alternate" });
    expect(created.statusCode, created.body).toBe(201);
    let series: Series = seriesSchema.parse(created.json());
    expect(series).toMatchObject({
      best_of: 3,
      preset: "hard",
      status: "in_progress",
      score: { A: 0, B: 0 },
    });
    expect(series.games).toHaveLength(1);
    expect(series.games[0]).toMatchObject({ number: 1, blue_team: "A", status: "in_progress" });
    // New sessions follow the official order by default.
    const game1 = series.games[0]!.session_id;
    const session1 = sessionSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${game1}/`, headers: user.headers })
      ).json(),
    );
    expect(session1.format).toEqual({ order: "tournament", disabled_slots: [], first_pick: "BLUE" });
    expect(session1.series).toEqual({ id: series.id, title: "Finals prep", game_number: 1 });
    // A game's draft is titled in the language of the member who started it (here, the account's
    // default), as the series page and the room show it.
    expect(session1.title).toBe("Finals prep · Game 1");

    // Game 1: champions pool[0..19]; team A (blue) picks pool[6] at step 6.
    await playGame(user, game1, pool.slice(0, 20));
    const early = await post(user, `/api/series/${series.id}/games/`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("game_in_progress");
    series = await winner(user, series.id, 1, "A");
    expect(series.score).toEqual({ A: 1, B: 0, winner: null });
    expect(series.locked_game).toBe(2);
    // Hard fearless: the ten picks lock for both teams, the bans do not.
    const picks1 = series.games[0]!.actions.filter((a) => a.action_type === "PICK").map((a) => a.champion_id);
    expect(series.locked.A.map((l) => l.champion_id).sort()).toEqual([...picks1].sort());
    expect(series.locked.B.find((l) => l.champion_id === pool[6])).toEqual({
      champion_id: pool[6],
      kind: "picked",
      team: "A",
      game: 1,
    });

    // Game 2: sides alternate (B on blue); a champion picked in game 1 is refused with its game.
    // The member now uses the app in Spanish: game 2's draft is titled in Spanish.
    const spanish = await ctx.app.inject({
      method: "PATCH",
      url: "/api/users/language/",
      headers: user.headers,
      payload: { language: "es" },
    });
    expect(spanish.statusCode, spanish.body).toBe(200);
    const started = await post(user, `/api/series/${series.id}/games/`, {});
    expect(started.statusCode, started.body).toBe(201);
    series = seriesSchema.parse(started.json());
    expect(series.games[1]).toMatchObject({ number: 2, blue_team: "B" });
    const game2 = series.games[1]!.session_id;
    const draft2 = sessionSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${game2}/`, headers: user.headers })
      ).json(),
    );
    expect(draft2.title).toBe("Finals prep · Partida 2");
    const locked = await post(user, `/api/drafts/sessions/${game2}/actions/`, {
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
      champion_id: pool[6],
    });
    expect(locked.statusCode).toBe(409);
    const error = apiErrorSchema.parse(locked.json());
    expect(error.code).toBe("champion_locked");
    expect(error.fields?.game).toBe("1");
    expect(error.detail).toContain("game 1");
    // A game-1 ban is free again.
    expect(pool[0]).toBeDefined();
    const statuses = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${game2}/champions-status/`,
        headers: user.headers,
      })
    ).json() as Array<{ champion_id: number; status: string }>;
    expect(statuses.find((s) => s.champion_id === pool[6])?.status).toBe("locked");
    expect(statuses.find((s) => s.champion_id === pool[0])?.status).toBe("available");
    // Recommendations never suggest a locked champion.
    const recs = (
      await ctx.app.inject({
        method: "GET",
        url: `/api/drafts/sessions/${game2}/recommendations/?limit=50`,
        headers: user.headers,
      })
    ).json() as { items: Array<{ champion_id: number }> };
    expect(recs.items.length).toBeGreaterThan(0);
    for (const item of recs.items) expect(picks1).not.toContain(item.champion_id);

    await playGame(user, game2, pool.slice(20, 40));
    series = await winner(user, series.id, 2, "A");
    expect(series).toMatchObject({ status: "complete", score: { A: 2, B: 0, winner: "A" } });
    expect(series.next).toEqual({ status: "complete", number: null, chooser: null });
    const over = await post(user, `/api/series/${series.id}/games/`, {});
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("series_complete");
    // Each game's session carries the winning side.
    const session2 = sessionSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${game2}/`, headers: user.headers })
      ).json(),
    );
    expect(session2.winner).toBe("RED");

    // The public view needs no token; the list shows the series.
    const publicView = await ctx.app.inject({ method: "GET", url: `/api/series/${series.id}/public/` });
    expect(publicView.statusCode).toBe(200);
    expect(seriesSchema.parse(publicView.json()).score).toEqual({ A: 2, B: 0, winner: "A" });
    const list = (await ctx.app.inject({ method: "GET", url: "/api/series/", headers: user.headers })).json();
    expect(list).toMatchObject({ count: 1, results: [{ id: series.id, status: "complete" }] });
    const other = await newUser(ctx.app);
    expect(
      (await ctx.app.inject({ method: "GET", url: `/api/series/${series.id}/`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("plays on as a scrim block once decided; the loser chooses sides; soft fearless locks own picks", async () => {
    const user = await newUser(ctx.app);
    let series = seriesSchema.parse(
      (
        await createSeries(user, {
          scrim_block: true,
          side_choice: "loser",
          rule: { from: "picks", scope: "own", reset_last_game: true },
          disabled_champions: [pool[100]],
        })
      ).json(),
    );
    expect(series.preset).toBe("soft");
    expect(series.locked.A).toEqual([{ champion_id: pool[100], kind: "disabled", team: null, game: null }]);
    const disabled = await post(user, `/api/drafts/sessions/${series.games[0]!.session_id}/actions/`, {
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
      champion_id: pool[100],
    });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toMatchObject({ code: "champion_locked" });

    await playGame(user, series.games[0]!.session_id, pool.slice(0, 20));
    series = await winner(user, series.id, 1, "A");
    expect(series.next).toEqual({ status: "ready", number: 2, chooser: { by: "team", team: "B" } });
    const noSide = await post(user, `/api/series/${series.id}/games/`, {});
    expect(noSide.statusCode).toBe(400);
    expect(noSide.json().code).toBe("side_required");
    series = seriesSchema.parse(
      (await post(user, `/api/series/${series.id}/games/`, { blue_team: "A" })).json(),
    );
    expect(series.games[1]).toMatchObject({ number: 2, blue_team: "A" });
    // Soft: team A's game-1 pick (step 6, blue) is locked for A only.
    expect(series.locked.A.some((l) => l.champion_id === pool[6])).toBe(true);
    expect(series.locked.B.some((l) => l.champion_id === pool[6])).toBe(false);
    const game2 = series.games[1]!.session_id;
    // Red (B) bans pool[6] at step 1: allowed for B.
    const first = await post(user, `/api/drafts/sessions/${game2}/actions/`, {
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
      champion_id: null,
    });
    expect(first.statusCode).toBe(201);
    const byB = await post(user, `/api/drafts/sessions/${game2}/actions/`, {
      phase_number: 1,
      action_type: "BAN",
      team_side: "RED",
      champion_id: pool[6],
    });
    expect(byB.statusCode, byB.body).toBe(201);
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${game2}/actions/${(byB.json() as { id: number }).id}/`,
      headers: user.headers,
    });
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${game2}/actions/${(first.json() as { id: number }).id}/`,
      headers: user.headers,
    });
    await playGame(user, game2, pool.slice(20, 40));
    series = await winner(user, series.id, 2, "A");
    // Decided at 2-0, but a scrim block plays game 3, with the full pool (last-game reset).
    expect(series).toMatchObject({ status: "in_progress", score: { A: 2, B: 0, winner: "A" } });
    expect(series.next).toMatchObject({ status: "ready", number: 3 });
    series = seriesSchema.parse(
      (await post(user, `/api/series/${series.id}/games/`, { blue_team: "B" })).json(),
    );
    expect(series.locked_game).toBe(3);
    expect(series.locked.A.map((l) => l.champion_id)).toEqual([pool[100]]);
    await playGame(user, series.games[2]!.session_id, pool.slice(0, 20));
    // A result recorded on the game's draft (the draft page) is the series' result too.
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${series.games[2]!.session_id}/`,
      headers: user.headers,
      payload: { winner: "BLUE" },
    });
    expect(patched.statusCode).toBe(200);
    series = seriesSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: `/api/series/${series.id}/`, headers: user.headers })
      ).json(),
    );
    expect(series).toMatchObject({ status: "complete", score: { A: 2, B: 1, winner: "A" } });
    expect(series.games[2]!.winner).toBe("B");
  });

  it("counts a series as one saved draft on the Community plan", async () => {
    const user = await newUser(ctx.app);
    const series = seriesSchema.parse(
      (await createSeries(user, { best_of: 5, side_choice: "alternate" })).json(),
    );
    await createSession(ctx.app, user);
    await createSession(ctx.app, user);
    // Three saved drafts (a series and two sessions): the fourth is refused, series or not.
    const refused = await createSeries(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("plan_limit");
    // Later games of the series do not count.
    await playGame(user, series.games[0]!.session_id, pool.slice(0, 20));
    await winner(user, series.id, 1, "B");
    expect((await post(user, `/api/series/${series.id}/games/`, {})).statusCode).toBe(201);
    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/series/${series.id}/`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const game = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${series.games[0]!.session_id}/`,
      headers: user.headers,
    });
    expect(game.statusCode).toBe(404);
    expect((await createSeries(user)).statusCode).toBe(201);
  });

  it("validates the body: teams must differ, picks cannot be disabled, best-of is 1, 3, 5 or 7", async () => {
    const user = await newUser(ctx.app);
    const { teams } = await firstLeagueWithTeams(ctx.app);
    const same = await createSeries(user, { team_b_id: teams[0]!.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toHaveProperty("team_b_id");
    const badFormat = await createSeries(user, { format: { order: "tournament", disabled_slots: [6] } });
    expect(badFormat.statusCode).toBe(400);
    expect((await createSeries(user, { best_of: 4 })).statusCode).toBe(400);
  });

  it("follows a custom format with three bans each and red first pick", async () => {
    const user = await newUser(ctx.app);
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/drafts/sessions/",
      headers: user.headers,
      payload: {
        title: "Three bans",
        league_id: league.id,
        blue_team_id: teams[0]!.id,
        red_team_id: teams[1]!.id,
        format: { order: "spec", disabled_slots: [4, 5, 14, 15], first_pick: "RED" },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = sessionSchema.parse(res.json());
    await playGame(user, session.id, pool.slice(0, 16));
    const done = sessionSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/${session.id}/`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(done).toMatchObject({ status: "complete", current_step: 16 });
    const past = await post(user, `/api/drafts/sessions/${session.id}/actions/`, {
      phase_number: 16,
      action_type: "PICK",
      team_side: "RED",
      champion_id: pool[50],
    });
    expect(past.statusCode).toBe(409);
    expect(past.json().code).toBe("draft_complete");
  });

  it("records the spec order on sessions that existed before formats", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    // Revert down to (and including) the formats migration, whatever came after it, then re-apply.
    let reverted: string[] = [];
    do reverted = await migrateDown(ctx.db);
    while (reverted.length > 0 && reverted[0] !== "20261124030000_drafts_formats");
    expect(reverted).toEqual(["20261124030000_drafts_formats"]);
    await migrateToLatest(ctx.db);
    const { rows } = await sql<{
      format: unknown;
    }>`select format from draft_sessions where id = ${session.id}`.execute(ctx.db);
    const stored = typeof rows[0]!.format === "string" ? JSON.parse(rows[0]!.format) : rows[0]!.format;
    expect(buildFormat(stored)).toBe(SPEC_FORMAT);
  });
});
