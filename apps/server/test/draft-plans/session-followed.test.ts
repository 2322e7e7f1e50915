import { type DraftPlan, draftPlanLiveAnswerSchema, draftPlanReviewSchema } from "@draftroom/contracts";
import { DRAFT_STEP_COUNT } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { createRoom, linkToken, lockEveryStep, RoomClient } from "../rooms/support.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";
import { emptyPlanContent } from "./support.ts";

/**
 * The plan a live room followed stays on its session (decision record 054): after the room's
 * draft, the session's board shows that plan and plan vs actual to the workspace's members as
 * their roles allow, not only to the session's creator, and nobody picks the plan and side again.
 */
describeEachDialect("draft plans: the plan a room followed stays on its session", (ctx) => {
  let base: string;
  let pool: number[];
  beforeAll(async () => {
    base = await ctx.listen();
    pool = await championIds(ctx.app);
  });
  const call = (method: "GET" | "POST" | "PUT", url: string, user: TestUser | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(user ? { headers: user.headers } : {}),
      ...(payload ? { payload } : {}),
    });

  it("follows workspace roles on the session routes and keeps the room's plan with plan vs actual", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const plan = (
      await call("POST", "/api/draft-plans/", members.coach, {
        workspace_id: workspace.id,
        content: {
          ...emptyPlanContent("vs Rivals"),
          bans: [{ phase: 1, champion_id: pool[0]!, reason: "" }],
        },
      })
    ).json() as DraftPlan;
    const session = await createSession(ctx.app, members.owner);
    const moved = await call("PUT", `/api/drafts/sessions/${session.id}/workspace/`, members.owner, {
      workspace_id: workspace.id,
    });
    expect(moved.statusCode).toBe(200);
    const url = `/api/draft-plans/live/sessions/${session.id}/`;

    // Read by every member, changed by those who edit drafts; a stranger learns nothing.
    for (const user of [members.coach, members.analyst, members.player, members.viewer]) {
      expect((await call("GET", url, user)).json()).toEqual({ selection: null });
    }
    expect((await call("GET", url, outsider)).statusCode).toBe(404);
    expect((await call("PUT", url, members.viewer, { plan_id: plan.id, side: "BLUE" })).statusCode).toBe(403);
    expect((await call("PUT", url, outsider, { plan_id: plan.id, side: "BLUE" })).statusCode).toBe(404);

    // The coach opens the room ("we play blue"); blue's captain, a player, follows the plan there.
    const room = await createRoom(base, members.coach.token, { session_id: session.id, our_side: "BLUE" });
    const blueToken = linkToken(room, "blue_captain");
    const selected = await call("PUT", `/api/draft-plans/live/rooms/${room.id}/`, members.player, {
      token: blueToken,
      plan_id: plan.id,
    });
    expect(selected.statusCode, selected.body).toBe(200);
    // Before the draft ends the session's board already shows the room's plan, on blue.
    const during = draftPlanLiveAnswerSchema.parse(
      (await call("GET", url, members.analyst)).json(),
    ).selection;
    expect(during).toMatchObject({ scope: "room", side: "BLUE", plan: { id: plan.id }, review: null });

    const blue = await RoomClient.join(base, room.id, { token: blueToken, auth: members.player.token });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    await lockEveryStep({ blue, red }, pool);
    await red.waitFor((m) => m.type === "event" && m.event.body.kind === "complete");
    blue.close();
    red.close();

    // After the draft: a viewer cannot save plan vs actual, an analyst can, without choosing again.
    expect((await call("POST", `${url}review/`, members.viewer)).statusCode).toBe(403);
    expect((await call("POST", `${url}review/`, outsider)).statusCode).toBe(404);
    const reviewed = await call("POST", `${url}review/`, members.analyst);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const saved = draftPlanLiveAnswerSchema.parse(reviewed.json()).selection!;
    expect(saved).toMatchObject({ scope: "room", side: "BLUE", plan: { id: plan.id } });
    expect(saved.review).toMatchObject({ our_side: "BLUE", steps: DRAFT_STEP_COUNT });
    // Everyone who reads the session reads it, the viewer too; the stored review as well.
    const seen = draftPlanLiveAnswerSchema.parse((await call("GET", url, members.viewer)).json()).selection;
    expect(seen?.review?.our_side).toBe("BLUE");
    const stored = await call("GET", `/api/draft-plans/sessions/${session.id}/review/`, members.player);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(draftPlanReviewSchema.parse(stored.json()).plan_id).toBe(plan.id);
    expect((await call("GET", `/api/draft-plans/sessions/${session.id}/review/`, outsider)).statusCode).toBe(
      404,
    );
    // Twenty socket locks: on a loaded machine this takes longer than the default 30 s budget.
  }, 90_000);
});
