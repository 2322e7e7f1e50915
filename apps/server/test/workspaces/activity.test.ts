import type {
  ActivityPage,
  Comment,
  CommentList,
  DraftPlan,
  DraftSession,
  ItemContext,
  MentionList,
  RosterPlayer,
  WorkspaceExport,
  WorkspaceInvite,
} from "@draftroom/contracts";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, firstLeagueWithTeams, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

/** Activity feed, "last edited by", comments with @mentions and the workspace export (decision 028). */
describeEachDialect("workspaces: activity, comments, mentions, export", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  const call = (method: string, url: string, user: TestUser | null, payload?: object) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      headers: user ? user.headers : {},
      ...(payload ? { payload } : {}),
    });

  async function sessionIn(
    owner: TestUser,
    workspaceId: string,
    title = "Scrim vs T1",
  ): Promise<DraftSession> {
    const session = await createSession(ctx.app, owner, { title });
    const moved = await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, owner, {
      workspace_id: workspaceId,
    });
    if (moved.statusCode !== 200) throw new Error(`move: ${moved.statusCode} ${moved.body}`);
    return session;
  }

  const comment = (user: TestUser, sessionId: string, body: string, parent_id: string | null = null) =>
    call("POST", "/api/comments/", user, { item_type: "session", item_id: sessionId, body, parent_id });

  it("records who moved, locked and changed what, folds a run of picks, and pages the feed", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const session = await sessionIn(members.owner, workspace.id);
    // The coach plays three steps: one folded "locked" entry, not three.
    await playSteps(ctx.app, members.coach, session.id, pool, 3);
    const renamed = await call("PATCH", `/api/drafts/sessions/${session.id}/`, members.analyst, {
      title: "Scrim vs T1 (final)",
    });
    expect(renamed.statusCode).toBe(200);
    // Created straight into the workspace (the header's current workspace) by the coach.
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const direct = await call("POST", `/api/drafts/sessions/?workspace=${workspace.id}`, members.coach, {
      title: "Direct",
      league_id: league.id,
      blue_team_id: teams[0]!.id,
      red_team_id: teams[1]!.id,
    });
    expect(direct.statusCode).toBe(201);
    // A personal session leaves no trace anywhere.
    await createSession(ctx.app, members.owner, { title: "Private notes" });

    const feed = (
      await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.viewer)
    ).json() as ActivityPage;
    // Every entry names the draft as it is called now, whatever it was called then (decision 048).
    expect(feed.results.map((e) => [e.verb, e.actor?.username, e.item_title, e.count])).toEqual([
      ["created", members.coach.username, "Direct", 1],
      ["changed", members.analyst.username, "Scrim vs T1 (final)", 1],
      ["locked", members.coach.username, "Scrim vs T1 (final)", 3],
      ["moved_in", members.owner.username, "Scrim vs T1 (final)", 1],
    ]);
    expect(feed.results.every((e) => e.item_available && e.seat === undefined)).toBe(true);
    expect(feed.next_before).toBeNull();

    const context = (
      await call("GET", `/api/items/session/${session.id}/context/`, members.player)
    ).json() as ItemContext;
    expect(context).toMatchObject({
      workspace_id: workspace.id,
      last_edited: { actor: { username: members.analyst.username }, verb: "changed" },
    });
    // Members only: the outsider (who owns a workspace of its own) gets 404s, never the feed.
    await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    expect((await call("GET", `/api/workspaces/${workspace.id}/activity/`, outsider)).statusCode).toBe(404);
    expect((await call("GET", `/api/items/session/${session.id}/context/`, outsider)).statusCode).toBe(404);
    expect(
      (await call("GET", `/api/workspaces/${workspace.id}/activity/?before=0`, members.owner)).statusCode,
    ).toBe(400);

    const listed = (
      await call("GET", `/api/drafts/sessions/?workspace=${workspace.id}`, members.viewer)
    ).json() as { results: DraftSession[] };
    expect(listed.results.map((s) => s.title)).toEqual(["Direct", "Scrim vs T1 (final)"]);

    // 31 more entries: the first page holds 30 and points at the next.
    for (let i = 0; i < 31; i++) {
      await call("PATCH", `/api/drafts/sessions/${session.id}/`, i % 2 ? members.coach : members.owner, {
        title: `Take ${i}`,
      });
    }
    const first = (
      await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.owner)
    ).json() as ActivityPage;
    expect(first.results).toHaveLength(30);
    // The cursor is the page's last entry's id (random, decision 041), not a row number.
    expect(first.next_before).toBe(first.results.at(-1)!.id);
    expect(first.next_before).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const second = (
      await call(
        "GET",
        `/api/workspaces/${workspace.id}/activity/?before=${first.next_before}`,
        members.owner,
      )
    ).json() as ActivityPage;
    expect(second.results.map((e) => e.verb)).toEqual([
      "changed",
      "created",
      "changed",
      "locked",
      "moved_in",
    ]);
    expect(second.next_before).toBeNull();
  });

  it("names items as they are now and marks the ones that are gone or moved away", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const feedOf = async () =>
      (
        (
          await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.viewer)
        ).json() as ActivityPage
      ).results;
    const kept = await sessionIn(members.owner, workspace.id, "Kept draft");
    const gone = await sessionIn(members.owner, workspace.id, "Gone draft");
    const away = await sessionIn(members.owner, workspace.id, "Away draft");
    const plan = (
      await call("POST", "/api/draft-plans/", members.coach, {
        workspace_id: workspace.id,
        content: { name: "Plan A" },
      })
    ).json() as DraftPlan;
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const series = (
      await call("POST", `/api/series/?workspace=${workspace.id}`, members.coach, {
        title: "Bo3 first",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
      })
    ).json() as { id: string };

    // Renamed after their entries were written; one deleted, one moved to the owner's own space.
    expect(
      (await call("PATCH", `/api/drafts/sessions/${kept.id}/`, members.coach, { title: "Kept draft v2" }))
        .statusCode,
    ).toBe(200);
    const saved = await call("PUT", `/api/draft-plans/${plan.id}/`, members.coach, {
      content: { ...plan.content, name: "Plan B" },
    });
    expect(saved.statusCode).toBe(200);
    expect((await call("DELETE", `/api/drafts/sessions/${gone.id}/`, members.coach)).statusCode).toBe(204);
    expect(
      (await call("PUT", `/api/drafts/sessions/${away.id}/workspace/`, members.owner, { workspace_id: null }))
        .statusCode,
    ).toBe(200);

    const entries = await feedOf();
    const about = (id: string) => entries.filter((e) => e.item_id === id);
    // Still here: every entry, old or new, carries the current name and is available to link.
    for (const [id, name] of [
      [kept.id, "Kept draft v2"],
      [series.id, "Bo3 first"],
      [plan.id, "Plan B"],
    ] as const) {
      expect(about(id).length, name).toBeGreaterThan(0);
      expect(new Set(about(id).map((e) => [e.item_title, e.item_available].join("|"))), name).toEqual(
        new Set([`${name}|true`]),
      );
    }
    // Gone or moved away: the name the entry was written with, and nothing to link to.
    expect(about(gone.id).map((e) => [e.verb, e.item_title, e.item_available])).toEqual([
      ["deleted", "Gone draft", false],
      ["moved_in", "Gone draft", false],
    ]);
    expect(about(away.id).map((e) => [e.verb, e.item_title, e.item_available])).toEqual([
      ["moved_out", "Away draft", false],
      ["moved_in", "Away draft", false],
    ]);
    // Its new name never reaches the workspace it left.
    await call("PATCH", `/api/drafts/sessions/${away.id}/`, members.owner, { title: "Private now" });
    expect((await feedOf()).some((e) => e.item_title === "Private now")).toBe(false);
  });

  it("records a member joining by invite and a pool's edits, folded, under the player's current name", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const feedOf = async () =>
      (
        (
          await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.viewer)
        ).json() as ActivityPage
      ).results;
    const invite = await call("POST", `/api/workspaces/${workspace.id}/invites/`, members.owner, {
      role: "player",
    });
    expect(invite.statusCode).toBe(201);
    const joiner = await registerUser(ctx.app);
    const accepted = await call(
      "POST",
      `/api/invites/${(invite.json() as WorkspaceInvite).id}/accept/`,
      joiner,
    );
    expect(accepted.statusCode).toBe(200);

    const roster = `/api/workspaces/${workspace.id}/roster/`;
    const faker = (
      await call("POST", roster, members.coach, { name: "Faker", position: "mid", user_id: joiner.id })
    ).json() as RosterPlayer;
    const setPool = (user: TestUser, entries: object[]) =>
      call("PUT", `${roster}${faker.id}/pool/`, user, { entries });
    // The coach's two edits in a row fold into one line; the player's own edit is theirs.
    expect((await setPool(members.coach, [{ champion_id: pool[0], tier: "S" }])).statusCode).toBe(200);
    expect((await setPool(members.coach, [{ champion_id: pool[1], tier: "A" }])).statusCode).toBe(200);
    expect((await setPool(joiner, [{ champion_id: pool[2], tier: "learning" }])).statusCode).toBe(200);
    // A refused edit leaves no line.
    expect((await setPool(members.viewer, [])).statusCode).toBe(403);
    expect(
      (await call("PATCH", `${roster}${faker.id}/`, members.coach, { name: "Lee Sang-hyeok" })).statusCode,
    ).toBe(200);

    const entries = await feedOf();
    expect(
      entries.map((e) => [e.verb, e.item_type, e.actor?.username, e.item_title, e.count, e.item_available]),
    ).toEqual([
      ["changed", "pool", joiner.username, "Lee Sang-hyeok", 1, true],
      ["changed", "pool", members.coach.username, "Lee Sang-hyeok", 2, true],
      ["joined", "workspace", joiner.username, workspace.name, 1, true],
    ]);
    expect(entries[0]?.item_id).toBe(String(faker.id));
    expect(entries[2]?.item_id).toBe(workspace.id);

    // A removed player's pool lines keep the last name and stop linking.
    expect((await call("DELETE", `${roster}${faker.id}/`, members.coach)).statusCode).toBe(204);
    const after = (await feedOf()).filter((e) => e.item_type === "pool");
    expect(after.map((e) => [e.item_title, e.item_available])).toEqual([
      ["Faker", false],
      ["Faker", false],
    ]);
  });

  it("names people as the team knows them: the roster's name for a linked member, else the account's", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    // The coach links the player's account to the roster's "Zeus"; the analyst stays unlinked.
    const linked = await call("POST", `/api/workspaces/${workspace.id}/roster/`, members.coach, {
      name: "Zeus",
      position: "top",
      user_id: members.player.id,
    });
    expect(linked.statusCode).toBe(201);
    const session = await sessionIn(members.owner, workspace.id);
    const renamed = await call("PATCH", `/api/drafts/sessions/${session.id}/`, members.analyst, {
      title: "Scrim vs T1 (named)",
    });
    expect(renamed.statusCode).toBe(200);
    const asked = (
      await comment(members.player, session.id, `@${members.analyst.username} ban Azir?`)
    ).json() as Comment;

    const feed = (
      await call("GET", `/api/workspaces/${workspace.id}/activity/`, members.viewer)
    ).json() as ActivityPage;
    const byVerb = new Map(feed.results.map((entry) => [entry.verb, entry.actor]));
    expect(byVerb.get("changed")).toEqual({
      id: members.analyst.id,
      username: members.analyst.username,
      name: "Ada Lovelace",
    });
    expect(byVerb.get("commented")).toEqual({
      id: members.player.id,
      username: members.player.username,
      name: "Zeus",
    });
    const context = (
      await call("GET", `/api/items/session/${session.id}/context/`, members.viewer)
    ).json() as ItemContext;
    expect(context.last_edited?.actor?.name).toBe("Ada Lovelace");

    expect(asked.author).toEqual({ id: members.player.id, username: members.player.username, name: "Zeus" });
    expect(asked.mentions).toEqual([
      { id: members.analyst.id, username: members.analyst.username, name: "Ada Lovelace" },
    ]);
    const thread = (
      await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, members.viewer)
    ).json() as CommentList;
    expect(thread.results.map((c) => c.author?.name)).toEqual(["Zeus"]);
    const mentions = (await call("GET", "/api/mentions/", members.analyst)).json() as MentionList;
    expect(mentions.results[0]?.author).toEqual({
      id: members.player.id,
      username: members.player.username,
      name: "Zeus",
    });
  });

  it("threads comments, notifies mentioned members, lets authors edit and keeps viewers reading", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const session = await sessionIn(members.owner, workspace.id);
    const posted = await comment(
      members.coach,
      session.id,
      `@${members.player.username} can you play Azir here? cc @nobody-at-all`,
    );
    expect(posted.statusCode).toBe(201);
    const root = posted.json() as Comment;
    expect(root.mentions.map((m) => m.username)).toEqual([members.player.username]);

    const mentions = (await call("GET", "/api/mentions/", members.player)).json() as MentionList;
    expect(mentions.unread).toBe(1);
    expect(mentions.results[0]).toMatchObject({
      comment_id: root.id,
      item_type: "session",
      item_id: session.id,
      author: { username: members.coach.username },
    });
    expect(((await call("GET", "/api/mentions/", members.viewer)).json() as MentionList).unread).toBe(0);

    // A reply to a reply joins the thread's first comment.
    const reply = (await comment(members.player, session.id, "Yes, comfort pick", root.id)).json() as Comment;
    const nested = (await comment(members.analyst, session.id, "Agreed", reply.id)).json() as Comment;
    expect([reply.parent_id, nested.parent_id]).toEqual([root.id, root.id]);

    // The viewer reads but cannot comment or edit; only the author edits.
    expect(
      (await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, members.viewer))
        .statusCode,
    ).toBe(200);
    expect((await comment(members.viewer, session.id, "Hi")).statusCode).toBe(403);
    expect((await call("PATCH", `/api/comments/${root.id}/`, members.viewer, { body: "x" })).statusCode).toBe(
      403,
    );
    expect((await call("PATCH", `/api/comments/${root.id}/`, members.player, { body: "x" })).statusCode).toBe(
      403,
    );
    const edited = await call("PATCH", `/api/comments/${root.id}/`, members.coach, {
      body: `@${members.analyst.username} you take this one`,
    });
    expect(edited.json()).toMatchObject({ mentions: [{ username: members.analyst.username }] });
    expect((edited.json() as Comment).edited_at).not.toBeNull();
    expect(((await call("GET", "/api/mentions/", members.player)).json() as MentionList).results).toEqual([]);
    expect(((await call("GET", "/api/mentions/", members.analyst)).json() as MentionList).unread).toBe(1);
    expect((await call("POST", "/api/mentions/read/", members.analyst)).statusCode).toBe(204);
    expect(((await call("GET", "/api/mentions/", members.analyst)).json() as MentionList).unread).toBe(0);

    // Deleting a thread's first comment keeps a placeholder for its replies.
    expect((await call("DELETE", `/api/comments/${root.id}/`, members.player)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/comments/${root.id}/`, members.coach)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/comments/${nested.id}/`, members.owner)).statusCode).toBe(204);
    const list = (
      await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, members.player)
    ).json() as CommentList;
    expect(list.results.map((c) => [c.id, c.deleted, c.body])).toEqual([
      [root.id, true, ""],
      [reply.id, false, "Yes, comfort pick"],
    ]);

    // Bad input is a 400, not a 500.
    expect((await comment(members.coach, session.id, "   ")).statusCode).toBe(400);
    expect((await comment(members.coach, session.id, "x".repeat(2001))).statusCode).toBe(400);
    expect(
      (await comment(members.coach, session.id, "reply", "5f0d3c1e-2b7a-4c9e-8d41-6a2f9e7b0c13")).statusCode,
    ).toBe(400);
  });

  it("keeps comments out of other workspaces, personal items, public views, exports and images", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const rivals = await createWorkspace(ctx.app, outsider, { name: "Rivals", tag: "RIV" });
    const session = await sessionIn(members.owner, workspace.id);
    await playSteps(ctx.app, members.owner, session.id, pool, 2);
    const secret = "SECRET-PLAN-ZED-MID";
    const posted = (
      await comment(members.coach, session.id, `${secret} @${members.player.username}`)
    ).json() as Comment;

    // IDOR: another workspace's owner reaches nothing of it, by item or by comment id.
    expect(
      (await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, outsider)).statusCode,
    ).toBe(404);
    expect((await comment(outsider, session.id, "hi")).statusCode).toBe(404);
    expect((await call("PATCH", `/api/comments/${posted.id}/`, outsider, { body: "x" })).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", `/api/comments/${posted.id}/`, outsider)).statusCode).toBe(404);
    const theirs = await sessionIn(outsider, rivals.id);
    expect((await comment(members.coach, theirs.id, "peek")).statusCode).toBe(404);
    expect((await comment(members.coach, theirs.id, "peek", posted.id)).statusCode).toBe(404);
    // Mentioning someone outside the workspace notifies nobody.
    const leak = (await comment(members.coach, session.id, `@${outsider.username} look`)).json() as Comment;
    expect(leak.mentions).toEqual([]);
    // A personal session has no comments.
    const personal = await createSession(ctx.app, members.owner, { title: "Mine" });
    expect((await comment(members.owner, personal.id, "note")).statusCode).toBe(404);

    const responses = [
      await call("GET", `/api/drafts/sessions/${session.id}/public/`, null),
      await call("GET", `/api/drafts/sessions/${session.id}/export/`, members.owner),
      await call("GET", `/api/drafts/sessions/${session.id}/public/image.png`, null),
      await call("GET", `/api/drafts/sessions/${session.id}/image.png`, members.owner),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.toString("latin1")).not.toContain(secret);
      expect(res.rawPayload.toString("latin1")).not.toContain("comment");
    }
    // The same request still answers the comment to a member: the check above can fail.
    const members_ = await call(
      "GET",
      `/api/comments/?item_type=session&item_id=${session.id}`,
      members.viewer,
    );
    expect(members_.body).toContain(secret);

    // Moved away, the discussion stays with the workspace it was written in.
    await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.owner, { workspace_id: null });
    expect(
      (await call("GET", `/api/comments/?item_type=session&item_id=${session.id}`, members.owner)).statusCode,
    ).toBe(404);
    expect(
      ((await call("GET", "/api/mentions/", members.player)).json() as MentionList).results,
    ).toHaveLength(1);
  });

  it("exports everything of the workspace, versioned, without secrets, to owners, coaches and analysts", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const session = await sessionIn(members.owner, workspace.id, "Exported draft");
    await playSteps(ctx.app, members.owner, session.id, pool, 2);
    await comment(members.player, session.id, "Looks good");
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const series = (
      await call("POST", "/api/series/", members.owner, {
        title: "Bo3 prep",
        league_id: league.id,
        team_a_id: teams[0]!.id,
        team_b_id: teams[1]!.id,
        best_of: 3,
        rule: { from: "picks", scope: "both", reset_last_game: false },
      })
    ).json() as { id: string };
    await call("PUT", `/api/series/${series.id}/workspace/`, members.owner, { workspace_id: workspace.id });
    const roster = await call("POST", `/api/workspaces/${workspace.id}/roster/`, members.coach, {
      name: "Faker",
      position: "mid",
    });
    expect(roster.statusCode).toBe(201);

    const res = await call("GET", `/api/workspaces/${workspace.id}/export/`, members.coach);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="draftroom-dr-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const file = res.json() as WorkspaceExport;
    expect(file).toMatchObject({
      format: "draftroom.workspace",
      version: 1,
      workspace: { id: workspace.id },
    });
    expect(file.members).toHaveLength(5);
    expect(file.roster.map((p) => p.name)).toEqual(["Faker"]);
    // The series' first game is a session of the workspace too.
    expect(file.sessions).toHaveLength(2);
    const exported = file.sessions.find((s) => s.id === session.id) as { actions: unknown[] };
    expect(exported.actions).toHaveLength(2);
    expect(file.series.map((s) => s.id)).toEqual([series.id]);
    expect(file.comments.map((c) => c.body)).toEqual(["Looks good"]);
    // No secrets: no e-mail addresses, tokens or invite links anywhere in the file.
    expect(res.body).not.toMatch(/@example\.com|"email"|"token"|"password"|invite/i);

    expect((await call("GET", `/api/workspaces/${workspace.id}/export/`, members.analyst)).statusCode).toBe(
      200,
    );
    expect((await call("GET", `/api/workspaces/${workspace.id}/export/`, members.player)).statusCode).toBe(
      403,
    );
    expect((await call("GET", `/api/workspaces/${workspace.id}/export/`, outsider)).statusCode).toBe(404);
  });
});
