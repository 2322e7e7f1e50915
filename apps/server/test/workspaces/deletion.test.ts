import type { DraftPlan, DraftSession, Paginated, Review, Series, Workspace } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, firstLeagueWithTeams, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * Deleting a workspace (decision 038): owners only; sessions, series and plans return to their
 * creators' personal space; reviews (which would otherwise become readable by every user),
 * comments, membership and the workspace itself are gone.
 */
describeEachDialect("workspaces: deletion", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });

  it("returns sessions, series and plans to their creators and deletes reviews, comments and membership (owners only)", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const inWorkspace = { workspace_id: workspace.id };

    // a coach's session with a lock and a player's comment on it
    const session = await createSession(ctx.app, members.coach);
    expect(
      (await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.coach, inWorkspace))
        .statusCode,
    ).toBe(200);
    await playSteps(ctx.app, members.coach, session.id, pool, 1);
    const comment = await call("POST", "/api/comments/", members.player, {
      item_type: "session",
      item_id: session.id,
      body: "Ban their jungler",
    });
    expect(comment.statusCode, comment.body).toBe(201);
    // the owner's series
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const series = (
      await call("POST", "/api/series/", members.owner, {
        title: "Finals prep",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
      })
    ).json() as Series;
    expect(
      (await call("PUT", `/api/series/${series.id}/workspace/`, members.owner, inWorkspace)).statusCode,
    ).toBe(200);
    // an analyst's plan and review
    const plan = (
      await call("POST", "/api/draft-plans/", members.analyst, {
        ...inWorkspace,
        content: { name: "vs Red" },
      })
    ).json() as DraftPlan;
    expect(plan.workspace_id).toBe(workspace.id);
    const review = await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, members.analyst, {
      league_id: league.id,
      team_id: teams[0]!.id,
      season: "2026 Spring",
      title: "Their mid lane",
      description: "What we expect",
      review_text: "They swap mid laners in scrims.",
    });
    expect(review.statusCode, review.body).toBe(201);
    const reviewId = (review.json() as Review).id;

    // only an owner deletes it; anyone outside gets the same 404 as for a workspace that does not exist
    for (const role of ["coach", "analyst", "player", "viewer"] as const) {
      const refused = await call("DELETE", `/api/workspaces/${workspace.id}/`, members[role]);
      expect([role, refused.statusCode, refused.json().code]).toEqual([role, 403, "forbidden"]);
    }
    expect((await call("DELETE", `/api/workspaces/${workspace.id}/`, outsider)).statusCode).toBe(404);
    expect((await call("GET", `/api/workspaces/${workspace.id}/`, members.viewer)).statusCode).toBe(200);

    const deleted = await call("DELETE", `/api/workspaces/${workspace.id}/`, members.owner);
    expect(deleted.statusCode, deleted.body).toBe(204);

    // the workspace and its membership are gone for everybody
    for (const user of [members.owner, members.coach, members.viewer]) {
      expect((await call("GET", `/api/workspaces/${workspace.id}/`, user)).statusCode).toBe(404);
      const mine = (await call("GET", "/api/workspaces/", user)).json() as Workspace[];
      expect(mine.map((w) => w.id)).not.toContain(workspace.id);
    }
    expect((await call("DELETE", `/api/workspaces/${workspace.id}/`, members.owner)).statusCode).toBe(404);

    // the session, with its lock, is the coach's own again; the others no longer see it
    // (a personal list holds no workspace items: it is there, so it is personal)
    const own = (await call("GET", "/api/drafts/sessions/", members.coach)).json() as Paginated<DraftSession>;
    expect(own.results.map((s) => s.id)).toEqual([session.id]);
    const actions = (
      await call("GET", `/api/drafts/sessions/${session.id}/actions/`, members.coach)
    ).json() as {
      phase_number: number;
    }[];
    expect(actions).toHaveLength(1);
    expect((await call("GET", `/api/drafts/sessions/${session.id}/`, members.player)).statusCode).toBe(404);
    // its comments went with the workspace
    expect(
      (await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, members.coach)).statusCode,
    ).toBe(404);
    // the series is the owner's, the plan the analyst's
    const ownSeries = (await call("GET", "/api/series/", members.owner)).json() as Paginated<Series>;
    expect(ownSeries.results.map((s) => s.id)).toEqual([series.id]);
    const ownPlan = await call("GET", `/api/draft-plans/${plan.id}/`, members.analyst);
    expect(ownPlan.statusCode).toBe(200);
    expect((ownPlan.json() as DraftPlan).workspace_id).toBeNull();
    expect((await call("GET", `/api/draft-plans/${plan.id}/`, members.coach)).statusCode).toBe(404);
    // the review is deleted, not published as a personal one
    expect((await call("GET", `/api/rosters/reviews/${reviewId}/`, members.analyst)).statusCode).toBe(404);
    const shared = (await call("GET", "/api/rosters/reviews/", outsider)).json() as Paginated<Review>;
    expect(shared.results.map((r) => r.id)).not.toContain(reviewId);
  });
});
