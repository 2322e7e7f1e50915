import type { ActivityPage, Paginated, Review, WorkspaceExport } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * Roster reviews in workspaces (decision 033): members only (404 for anyone else), staff write,
 * personal reviews stay shared with every user, "Move to workspace", the feed and the export.
 * The role x route cells are in items.test.ts's permission matrix.
 */
describeEachDialect("workspaces: roster reviews", (ctx) => {
  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function body(title: string) {
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    return {
      league_id: league.id,
      team_id: teams[0]!.id,
      season: "2026 Spring",
      title,
      description: "What we expect",
      review_text: "They swap mid laners in scrims.",
    };
  }

  it("keeps a workspace review among its members and personal reviews shared, and moves them", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const created = await call(
      "POST",
      `/api/rosters/reviews/?workspace=${workspace.id}`,
      members.analyst,
      await body("Their mid lane"),
    );
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json() as Review;
    expect(review).toMatchObject({ workspace_id: workspace.id, is_owner: true, can_edit: true });

    // A coach edits the analyst's review; the player reads it but may not edit.
    const asCoach = (await call("GET", `/api/rosters/reviews/${review.id}/`, members.coach)).json() as Review;
    expect(asCoach).toMatchObject({ is_owner: false, can_edit: true });
    const asPlayer = (
      await call("GET", `/api/rosters/reviews/${review.id}/`, members.player)
    ).json() as Review;
    expect(asPlayer).toMatchObject({ is_owner: false, can_edit: false });
    const edited = await call("PUT", `/api/rosters/reviews/${review.id}/`, members.coach, {
      ...(await body("Their mid lane (confirmed)")),
      status: "confirmed",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Inside the workspace its author is named as the members list names them.
    expect((edited.json() as Review).author).toEqual({
      id: members.analyst.id,
      username: members.analyst.username,
      name: "Ada Lovelace",
    });

    // Nobody outside sees it: not by id, not in the shared list, not through the workspace filter.
    expect((await call("GET", `/api/rosters/reviews/${review.id}/`, outsider)).statusCode).toBe(404);
    expect(
      (await call("PUT", `/api/rosters/reviews/${review.id}/`, outsider, await body("x"))).statusCode,
    ).toBe(404);
    const shared = (await call("GET", "/api/rosters/reviews/", outsider)).json() as Paginated<Review>;
    expect(shared.results.map((r) => r.id)).not.toContain(review.id);
    expect((await call("GET", `/api/rosters/reviews/?workspace=${workspace.id}`, outsider)).statusCode).toBe(
      404,
    );
    const listed = (
      await call("GET", `/api/rosters/reviews/?workspace=${workspace.id}`, members.viewer)
    ).json() as Paginated<Review>;
    expect(listed.results.map((r) => [r.id, r.can_edit, r.author.name])).toEqual([
      [review.id, false, "Ada Lovelace"],
    ]);

    // A personal review keeps today's behaviour (everyone reads it), until it is moved in.
    const personal = (
      await call("POST", "/api/rosters/reviews/", members.coach, await body("Personal notes"))
    ).json() as Review;
    expect(personal).toMatchObject({ workspace_id: null, can_edit: true });
    const read = (await call("GET", `/api/rosters/reviews/${personal.id}/`, outsider)).json() as Review;
    // Every user reads a personal review: its author goes by username, never by their own name.
    expect(read).toMatchObject({ is_owner: false, can_edit: false, author: { name: null } });
    // Only its author moves a personal review, and only into a workspace where they may edit.
    expect(
      (
        await call("PUT", `/api/rosters/reviews/${personal.id}/workspace/`, members.owner, {
          workspace_id: workspace.id,
        })
      ).statusCode,
    ).toBe(403);
    const moved = await call("PUT", `/api/rosters/reviews/${personal.id}/workspace/`, members.coach, {
      workspace_id: workspace.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call("GET", `/api/rosters/reviews/${personal.id}/`, outsider)).statusCode).toBe(404);
    // Out of the workspace: owners and coaches only (move_items, decision 042); to personal, the
    // author only. The analyst author may not take the team's review out, nor a coach someone else's.
    const back = { workspace_id: null };
    expect(
      (await call("PUT", `/api/rosters/reviews/${review.id}/workspace/`, members.coach, back)).statusCode,
    ).toBe(403);
    expect(
      (await call("PUT", `/api/rosters/reviews/${review.id}/workspace/`, members.analyst, back)).statusCode,
    ).toBe(403);
    expect((await call("GET", `/api/rosters/reviews/${review.id}/`, outsider)).statusCode).toBe(404);
    // The coach, its author, takes their review back to personal (shared again), then in again.
    expect(
      (await call("PUT", `/api/rosters/reviews/${personal.id}/workspace/`, members.coach, back)).statusCode,
    ).toBe(200);
    expect((await call("GET", `/api/rosters/reviews/${personal.id}/`, outsider)).statusCode).toBe(200);
    expect(
      (
        await call("PUT", `/api/rosters/reviews/${personal.id}/workspace/`, members.coach, {
          workspace_id: workspace.id,
        })
      ).statusCode,
    ).toBe(200);

    // "Last edited by" and "Move to workspace" read the review's place through the item context.
    const context = await call("GET", `/api/items/review/${personal.id}/context/`, members.viewer);
    expect(context.json()).toMatchObject({
      workspace_id: workspace.id,
      last_edited: { actor: { username: members.coach.username }, verb: "moved_in" },
    });
    expect((await call("GET", `/api/items/review/${personal.id}/context/`, outsider)).statusCode).toBe(404);
    // A review is named by its public uuid (decision 041): its row id is no longer an address.
    for (const bad of ["abc", "0", "1", "99999999999"]) {
      expect((await call("GET", `/api/items/review/${bad}/context/`, members.viewer)).statusCode).toBe(400);
    }
    const missing = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";
    expect((await call("GET", `/api/items/review/${missing}/context/`, members.viewer)).statusCode).toBe(404);
    expect((await call("GET", `/api/items/session/${personal.id}/context/`, members.viewer)).statusCode).toBe(
      404,
    );

    // The feed tells who did what to which review, each named as it is now (decision 048).
    const feed = (
      await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.player)
    ).json() as ActivityPage;
    expect(
      feed.results
        .filter((entry) => entry.item_type === "review")
        .map((entry) => [entry.verb, entry.actor?.username, entry.item_title])
        .reverse(),
    ).toEqual([
      ["created", members.analyst.username, "Their mid lane (confirmed)"],
      ["changed", members.coach.username, "Their mid lane (confirmed)"],
      ["moved_in", members.coach.username, "Personal notes"],
      ["moved_out", members.coach.username, "Personal notes"],
      ["moved_in", members.coach.username, "Personal notes"],
    ]);
  });

  it("exports the workspace's reviews, without anyone's personal ones", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    await call(
      "POST",
      `/api/rosters/reviews/?workspace=${workspace.id}`,
      members.coach,
      await body("In team"),
    );
    await call("POST", "/api/rosters/reviews/", members.coach, await body("Mine"));
    const exported = (
      await call("GET", `/api/workspaces/${workspace.id}/export/`, members.analyst)
    ).json() as WorkspaceExport;
    expect(exported.reviews.map((review) => review.title)).toEqual(["In team"]);
    expect(exported.reviews[0]).not.toHaveProperty("is_owner");
  });
});
