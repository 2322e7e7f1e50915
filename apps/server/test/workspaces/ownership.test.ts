import {
  type ActivityPage,
  apiErrorSchema,
  type DraftSession,
  PLANS,
  type Review,
  type Series,
  type Workspace,
} from "@draftroom/contracts";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { setPlan } from "../../src/cli/set-plan.ts";
import type { Database } from "../../src/db/schema.ts";
import { addMemberWithinSeats } from "../../src/modules/workspaces/service.ts";
import { createSession, firstLeagueWithTeams } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { createWorkspace, teamWithEveryRole } from "./support.ts";

const code = (body: unknown) => apiErrorSchema.parse(body).code;

/**
 * Moves keep an item with its team and its creator, and the bill does not leave with its owner
 * (decision record 042).
 */
describeEachDialect("workspaces: moves and the bill on leave", (ctx) => {
  const call = (method: string, url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: method as "GET", url, headers: user.headers, ...(payload ? { payload } : {}) });
  const db = () => ctx.db as Kysely<Database>;
  const move = (path: string, user: TestUser, workspaceId: string | null) =>
    call("PUT", `${path}workspace/`, user, { workspace_id: workspaceId });

  /** The owner's workspace A with every role, and B where the coach is also a coach. */
  async function twoWorkspaces() {
    const team = await teamWithEveryRole(ctx.app);
    const rival = team.outsider;
    const other = await createWorkspace(ctx.app, rival, { name: "Other team", tag: "OTH" });
    await addMemberWithinSeats(db(), other.id, team.members.coach.id, "coach");
    return { ...team, other, rival };
  }

  /** A session its creator makes and moves into the workspace. */
  async function ownersSession(owner: TestUser, workspaceId: string, title: string) {
    const session = await createSession(ctx.app, owner, { title });
    const res = await move(`/api/drafts/sessions/${session.id}/`, owner, workspaceId);
    if (res.statusCode !== 200) throw new Error(`move in: ${res.statusCode} ${res.body}`);
    return session;
  }

  const feed = async (user: TestUser, workspaceId: string) =>
    (
      (await call("GET", `/api/workspaces/${workspaceId}/activity/`, user)).json() as ActivityPage
    ).results.map((entry) => [entry.verb, entry.actor?.username, entry.item_type, entry.item_title]);

  it("refuses to carry the owner's session, series or review into a workspace its creator is not in", async () => {
    const { workspace, members, other } = await twoWorkspaces();
    const session = await ownersSession(members.owner, workspace.id, "Finals prep");
    const path = `/api/drafts/sessions/${session.id}/`;

    const refused = await move(path, members.coach, other.id);
    expect([refused.statusCode, code(refused.json())]).toEqual([409, "creator_not_member"]);
    expect(apiErrorSchema.parse(refused.json()).detail).toMatch(/creator is not a member of the target/);
    // Nothing moved: the creator still reads it where it was, the other team does not.
    expect((await call("GET", path, members.owner)).statusCode).toBe(200);
    const listed = (
      await call("GET", `/api/drafts/sessions/?workspace=${other.id}`, members.coach)
    ).json() as {
      results: DraftSession[];
    };
    expect(listed.results.map((s) => s.id)).not.toContain(session.id);

    // An analyst may edit it but not move it out (move_items is for owners and coaches)...
    const analyst = await move(path, members.analyst, null);
    expect([analyst.statusCode, code(analyst.json())]).toEqual([403, "forbidden"]);
    // ...and a coach may not send someone else's item to a personal space.
    const personal = await move(path, members.coach, null);
    expect([personal.statusCode, code(personal.json())]).toEqual([403, "forbidden"]);

    // The same rule for a series and a roster review.
    const { league, teams } = await firstLeagueWithTeams(ctx.app);
    const created = await call("POST", `/api/series/?workspace=${workspace.id}`, members.owner, {
      title: "Bo5 prep",
      league_id: league.id,
      team_a_id: teams[0]!.id,
      team_b_id: teams[1]!.id,
      best_of: 3,
      rule: { from: "picks", scope: "both", reset_last_game: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const series = created.json() as Series;
    const seriesMove = await move(`/api/series/${series.id}/`, members.coach, other.id);
    expect([seriesMove.statusCode, code(seriesMove.json())]).toEqual([409, "creator_not_member"]);

    const review = (
      await call("POST", `/api/rosters/reviews/?workspace=${workspace.id}`, members.owner, {
        league_id: league.id,
        team_id: teams[0]!.id,
        season: "2026 Spring",
        title: "Their jungle",
        description: "What we expect",
        review_text: "They invade early.",
      })
    ).json() as Review;
    const reviewMove = await move(`/api/rosters/reviews/${review.id}/`, members.coach, other.id);
    expect([reviewMove.statusCode, code(reviewMove.json())]).toEqual([409, "creator_not_member"]);
    expect((await call("GET", `/api/rosters/reviews/${review.id}/`, members.owner)).statusCode).toBe(200);
    expect(await feed(members.owner, workspace.id)).not.toContainEqual(expect.arrayContaining(["moved_out"]));
  });

  it("lets the creator keep access after an allowed move, and records it in both feeds", async () => {
    const { workspace, members, other, rival } = await twoWorkspaces();
    // The owner also belongs to the other workspace, as a viewer: read access is enough to keep it.
    await addMemberWithinSeats(db(), other.id, members.owner.id, "viewer");
    const session = await ownersSession(members.owner, workspace.id, "Scrim block");
    const path = `/api/drafts/sessions/${session.id}/`;

    const moved = await move(path, members.coach, other.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call("GET", path, members.owner)).statusCode).toBe(200);
    expect((await call("GET", path, rival)).statusCode).toBe(200);
    expect((await call("GET", path, members.analyst)).statusCode).toBe(404);

    const coach = members.coach.username;
    expect((await feed(members.player, workspace.id))[0]).toEqual([
      "moved_out",
      coach,
      "session",
      "Scrim block",
    ]);
    expect((await feed(rival, other.id))[0]).toEqual(["moved_in", coach, "session", "Scrim block"]);

    // The viewer creator may read it there but not move it: moving out needs move_items.
    const back = await move(path, members.owner, workspace.id);
    expect([back.statusCode, code(back.json())]).toEqual([403, "forbidden"]);
    // The coach (a coach in both) brings it back; the creator still reads it.
    expect((await move(path, members.coach, workspace.id)).statusCode).toBe(200);
    expect((await call("GET", path, members.owner)).statusCode).toBe(200);
    // And its creator, an owner here, takes it to their personal space.
    expect((await move(path, members.owner, null)).statusCode).toBe(200);
    expect((await call("GET", path, members.owner)).statusCode).toBe(200);
    expect((await call("GET", path, members.coach)).statusCode).toBe(404);
  });

  it("keeps the billing owner in until another owner accepts the bill, then bills that owner", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const base = `/api/workspaces/${workspace.id}`;
    const { owner, coach } = members;
    const promoted = await call("PATCH", `${base}/members/${coach.id}/`, owner, { role: "owner" });
    expect(promoted.statusCode, promoted.body).toBe(200);

    const leave = await call("POST", `${base}/leave/`, owner);
    expect([leave.statusCode, code(leave.json())]).toEqual([409, "billing_owner_leaving"]);
    expect(apiErrorSchema.parse(leave.json()).detail).toMatch(/offer its bill to another owner/);
    // Nor by removing themselves (which once handed the bill to the remover: themselves).
    const selfRemoved = await call("DELETE", `${base}/members/${owner.id}/`, owner);
    expect([selfRemoved.statusCode, code(selfRemoved.json())]).toEqual([409, "own_membership"]);
    expect((await call("GET", `${base}/`, owner)).statusCode).toBe(200);

    // Only the billing owner offers, and only to another active owner.
    const notPayer = await call("POST", `${base}/billing/offer/`, coach, { user_id: owner.id });
    expect([notPayer.statusCode, code(notPayer.json())]).toEqual([403, "forbidden"]);
    const toAnalyst = await call("POST", `${base}/billing/offer/`, owner, { user_id: members.analyst.id });
    expect([toAnalyst.statusCode, code(toAnalyst.json())]).toEqual([400, "validation_error"]);
    const offered = await call("POST", `${base}/billing/offer/`, owner, { user_id: coach.id });
    expect(offered.statusCode, offered.body).toBe(200);
    const seen = (await call("GET", `${base}/`, coach)).json() as Workspace;
    // Named as the members list names them: the account's first and last name here.
    expect(seen.billing).toEqual({
      owner: { user_id: owner.id, username: owner.username, name: "Ada Lovelace" },
      offer: { user_id: coach.id, username: coach.username, name: "Ada Lovelace" },
    });
    // Only the offered owner accepts.
    const wrongOwner = await call("POST", `${base}/billing/accept/`, owner);
    expect(wrongOwner.statusCode).toBe(404);

    // The coach is on Community: their plan does not cover a workspace, so nothing changes.
    const uncovered = await call("POST", `${base}/billing/accept/`, coach);
    expect([uncovered.statusCode, code(uncovered.json())]).toEqual([403, "workspace_limit"]);
    expect((await call("POST", `${base}/leave/`, owner)).statusCode).toBe(409);

    await setPlan(ctx.db, coach.username, "pro");
    const accepted = await call("POST", `${base}/billing/accept/`, coach);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as Workspace).billing).toEqual({
      owner: { user_id: coach.id, username: coach.username, name: "Ada Lovelace" },
      offer: null,
    });
    expect((await call("POST", `${base}/leave/`, owner)).statusCode).toBe(204);

    // The former billing owner cancels: the workspace is not theirs to pay any more.
    await setPlan(ctx.db, owner.username, "community");
    const after = (await call("GET", `${base}/`, coach)).json() as Workspace;
    expect(after).toMatchObject({ read_only: false, read_only_reason: null });
    expect(after.seats).toMatchObject({ staff_limit: 5 });
    const session = await createSession(ctx.app, coach);
    expect((await move(`/api/drafts/sessions/${session.id}/`, coach, workspace.id)).statusCode).toBe(200);
  });

  it("lets the offered owner decline and the billing owner withdraw", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const base = `/api/workspaces/${workspace.id}`;
    await call("PATCH", `${base}/members/${members.coach.id}/`, members.owner, { role: "owner" });
    expect(
      (await call("POST", `${base}/billing/offer/`, members.owner, { user_id: members.coach.id })).statusCode,
    ).toBe(200);
    expect((await call("DELETE", `${base}/billing/offer/`, members.analyst)).statusCode).toBe(404);
    expect((await call("DELETE", `${base}/billing/offer/`, members.coach)).statusCode).toBe(204);
    expect(((await call("GET", `${base}/`, members.owner)).json() as Workspace).billing.offer).toBeNull();
    expect((await call("POST", `${base}/billing/accept/`, members.coach)).statusCode).toBe(404);
    await call("POST", `${base}/billing/offer/`, members.owner, { user_id: members.coach.id });
    expect((await call("DELETE", `${base}/billing/offer/`, members.owner)).statusCode).toBe(204);
    expect(((await call("GET", `${base}/`, members.coach)).json() as Workspace).billing.offer).toBeNull();
  });

  it("tells every member why a workspace is read-only, and taking the bill over makes it writable", async () => {
    const { workspace, members } = await teamWithEveryRole(ctx.app);
    const base = `/api/workspaces/${workspace.id}`;
    await call("PATCH", `${base}/members/${members.coach.id}/`, members.owner, { role: "owner" });
    await setPlan(ctx.db, members.owner.username, "plus"); // 3 staff > 2 seats
    for (const user of [members.coach, members.viewer]) {
      const seen = (await call("GET", `${base}/`, user)).json() as Workspace;
      expect(seen).toMatchObject({
        read_only: true,
        read_only_reason: "staff_seats",
        // Past its plan, the workspace's plan gives its members nothing.
        plan_features: null,
        billing: { owner: { username: members.owner.username } },
      });
    }
    await setPlan(ctx.db, members.owner.username, "community");
    expect(((await call("GET", `${base}/`, members.coach)).json() as Workspace).read_only_reason).toBe(
      "workspace_limit",
    );
    // Read-only does not stop the bill changing hands (it is how a team gets out of it).
    expect(
      (await call("POST", `${base}/billing/offer/`, members.owner, { user_id: members.coach.id })).statusCode,
    ).toBe(200);
    await setPlan(ctx.db, members.coach.username, "pro");
    const accepted = (await call("POST", `${base}/billing/accept/`, members.coach)).json() as Workspace;
    expect(accepted).toMatchObject({ read_only: false, read_only_reason: null });
    // Every member reads what the new billing owner's plan gives them inside it (decision 053).
    const { plan_features } = (await call("GET", `${base}/`, members.viewer)).json() as Workspace;
    expect(plan_features).toEqual(PLANS.find((plan) => plan.key === "pro")!.features);
    const listed = (await call("GET", "/api/workspaces/", members.viewer)).json() as Workspace[];
    expect(listed.find((item) => item.id === workspace.id)?.plan_features?.advanced_analytics).toBe(true);
    const stranger = await registerUser(ctx.app);
    expect((await call("GET", `${base}/`, stranger)).statusCode).toBe(404);
  });
});
