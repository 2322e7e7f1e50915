import type { DraftPlan, DraftSession, Series, Workspace } from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import { emptyPlanContent } from "../draft-plans/support.ts";
import { championIds, createSession, firstLeagueWithTeams, playSteps, stepBody } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "./support.ts";

/**
 * The read-only column of the permission matrix (decision records 019 and 044): a workspace past
 * its billing owner's plan refuses every write with the same 403 `workspace_read_only`, whoever
 * asks and whatever the item, while every read goes on, what the server answers as `can_edit`
 * and `capabilities` says so, and member management stays open (so an owner can get back under
 * the plan). The writes are ones each role may do in a writable workspace: a forbidden one would
 * answer `forbidden` first.
 */
describeEachDialect("workspaces: read-only everywhere", (ctx) => {
  let workspace: Workspace;
  let members: Awaited<ReturnType<typeof teamWithEveryRole>>["members"];
  let session: DraftSession;
  let series: Series;
  let plan: DraftPlan;
  let reviewId: number | string;
  let commentId: number | string;
  let pool: number[];
  let sessionBody: Record<string, unknown>;

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    user: TestUser,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    pool = await championIds(ctx.app);
    ({ workspace, members } = await teamWithEveryRole(ctx.app));
    const owner = members.owner;
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    sessionBody = {
      title: "New",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    };
    session = await createSession(ctx.app, owner);
    await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, owner, { workspace_id: workspace.id });
    await playSteps(ctx.app, owner, session.id, pool, 1);
    series = (
      await call("POST", `/api/series/?workspace=${workspace.id}`, owner, {
        title: "Finals prep",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
      })
    ).json() as Series;
    plan = (
      await call("POST", "/api/draft-plans/", owner, {
        workspace_id: workspace.id,
        content: emptyPlanContent(),
      })
    ).json() as DraftPlan;
    reviewId = (
      (
        await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, owner, {
          league_id: league.id,
          team_id: teams[0]!.id,
          season: "2026 Spring",
          title: "Their mid lane",
          description: "What we expect",
          review_text: "They swap mid laners.",
        })
      ).json() as { id: number | string }
    ).id;
    commentId = (
      (
        await call("POST", "/api/comments/", members.player, {
          item_type: "session",
          item_id: session.id,
          body: "Ban Azir?",
        })
      ).json() as { id: number | string }
    ).id;
    for (const id of [series.id, plan.id, reviewId, commentId]) expect(id).toBeTruthy();
    // Community owns no workspace: the owner's downgrade puts this one past its plan.
    await setPlan(ctx.db, owner.username, "community");
  });

  it("refuses every write with workspace_read_only, for every role that could make it", async () => {
    const { coach, analyst, player, owner } = members;
    const writes: Array<[string, () => ReturnType<typeof call>]> = [
      ["rename a session", () => call("PATCH", `/api/drafts/sessions/${session.id}/`, coach, { title: "x" })],
      [
        "lock a step",
        () => call("POST", `/api/drafts/sessions/${session.id}/actions/`, analyst, stepBody(1, pool[1]!)),
      ],
      [
        "create a session",
        () => call("POST", `/api/drafts/sessions/?workspace=${workspace.id}`, coach, sessionBody),
      ],
      ["delete a series", () => call("DELETE", `/api/series/${series.id}/`, coach)],
      [
        "edit the priorities",
        () =>
          call("PUT", `/api/workspaces/${workspace.id}/priorities/`, analyst, {
            priorities: [{ champion_id: pool[0], tier: "A", positions: ["mid"] }],
          }),
      ],
      [
        "add a roster player",
        () =>
          call("POST", `/api/workspaces/${workspace.id}/roster/`, coach, {
            name: "Canyon",
            position: "jungle",
          }),
      ],
      [
        "edit a plan",
        () =>
          call("PUT", `/api/draft-plans/${plan.id}/`, analyst, {
            content: { ...plan.content, win_condition: "Early dragons" },
          }),
      ],
      ["edit a review", () => call("DELETE", `/api/rosters/reviews/${reviewId}/`, coach)],
      [
        "comment",
        () =>
          call("POST", "/api/comments/", player, { item_type: "session", item_id: session.id, body: "Hi" }),
      ],
      ["moderate a comment", () => call("DELETE", `/api/comments/${commentId}/`, owner)],
    ];
    const seen: Record<string, string> = {};
    for (const [name, write] of writes) {
      const res = await write();
      seen[name] = `${res.statusCode} ${(res.json() as { code?: string }).code}`;
    }
    expect(seen).toEqual(Object.fromEntries(writes.map(([name]) => [name, "403 workspace_read_only"])));
  });

  it("keeps every read, says what may be done, and leaves member management open", async () => {
    const { coach, player, owner } = members;
    for (const url of [
      `/api/drafts/sessions/${session.id}/`,
      `/api/drafts/sessions/${session.id}/actions/`,
      `/api/series/${series.id}/`,
      `/api/draft-plans/${plan.id}/`,
      `/api/rosters/reviews/${reviewId}/`,
      `/api/workspaces/${workspace.id}/roster/`,
      `/api/comments/?item_type=session&item_id=${session.id}`,
    ]) {
      expect((await call("GET", url, coach)).statusCode, url).toBe(200);
    }
    expect(((await call("GET", `/api/draft-plans/${plan.id}/`, coach)).json() as DraftPlan).can_edit).toBe(
      false,
    );
    expect(
      ((await call("GET", `/api/rosters/reviews/${reviewId}/`, coach)).json() as { can_edit: boolean })
        .can_edit,
    ).toBe(false);
    const seenBy = async (user: TestUser) =>
      ((await call("GET", `/api/workspaces/${workspace.id}/`, user)).json() as Workspace).capabilities;
    expect(await seenBy(coach)).toEqual(["read", "export"]);
    expect(await seenBy(player)).toEqual(["read"]);
    expect(await seenBy(owner)).toEqual(["read", "export", "manage_members", "manage_workspace"]);

    const demoted = await call("PATCH", `/api/workspaces/${workspace.id}/members/${player.id}/`, owner, {
      role: "viewer",
    });
    expect(demoted.statusCode).toBe(200);
  });
});
