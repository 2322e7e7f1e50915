import {
  type DraftPlan,
  type DraftPlanContentBody,
  draftPlanLiveAnswerSchema,
  draftPlanReviewSchema,
} from "@draftroom/contracts";
import { DRAFT_STEP_COUNT } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { championIds, createSession, newUser, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import type { TestUser } from "../helpers/users.ts";
import { createRoom, linkToken, lockEveryStep, RoomClient } from "../rooms/support.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

/**
 * Plans followed live (decision 027): a room team's plan reaches that team's seats only (never the
 * other captain, the organiser who cannot read it, spectators, a delayed spectator, the public
 * watcher, the public view, the event log or the images), and plan vs actual is saved with the
 * session, for a room team and for an owner's board.
 */
describeEachDialect("draft plans followed live", (ctx) => {
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

  const twoBranches = (): DraftPlanContentBody => ({
    name: "Blue plan SECRETNAME",
    opponent_team: null,
    side: "BLUE",
    bans: [{ phase: 1, champion_id: pool[0]!, reason: "their comfort" }],
    first_picks: [{ champion_id: pool[6]!, note: "blind safe" }],
    flex_picks: [],
    branches: [
      {
        id: "they-x",
        label: "SECRETBRANCH they take X",
        conditions: [{ type: "picked", team: "them", champion_id: pool[7]! }],
        answer: [{ action: "PICK", champion_id: pool[40]!, note: "answer to X" }],
        children: [],
      },
      {
        id: "they-y",
        label: "They take Y",
        conditions: [{ type: "picked", team: "them", champion_id: pool[41]! }],
        answer: [{ action: "PICK", champion_id: pool[42]!, note: "answer to Y" }],
        children: [],
      },
    ],
    position_notes: {},
    win_condition: "",
  });

  it("a room team's plan reaches that team only; plan vs actual is saved once the draft is complete", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const created = await call("POST", "/api/draft-plans/", members.coach, {
      workspace_id: workspace.id,
      content: twoBranches(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json() as DraftPlan;

    // A neutral organiser (not in the workspace) runs the room; a 5 s spectator delay.
    const owner = await newUser(ctx.app);
    const auth = owner.headers.authorization.slice("Token ".length);
    const session = await createSession(ctx.app, owner);
    const room = await createRoom(base, auth, { session_id: session.id, spectator_delay_seconds: 5 });
    const blueToken = linkToken(room, "blue_captain");
    const blue = await RoomClient.join(base, room.id, { token: blueToken });
    const red = await RoomClient.join(base, room.id, { token: linkToken(room, "red_captain") });
    const organiser = await RoomClient.join(base, room.id, { auth });
    const spectator = await RoomClient.join(base, room.id, { token: linkToken(room, "spectator") });
    const watcher = await RoomClient.join(base, room.id, { watch: session.id });
    const coach = await RoomClient.join(base, room.id, { token: linkToken(room, "blue_team"), name: "Kim" });
    const redSub = await RoomClient.join(base, room.id, { token: linkToken(room, "red_team"), name: "Sub" });
    await coach.waitFor((m) => m.type === "team_history");
    await redSub.waitFor((m) => m.type === "team_history");

    const url = `/api/draft-plans/live/rooms/${room.id}/`;
    // Selecting needs an account that can read the plan, and a seat of the team (or the organiser).
    expect((await call("PUT", url, null, { token: blueToken, plan_id: plan.id })).statusCode).toBe(401);
    expect((await call("PUT", url, outsider, { token: blueToken, plan_id: plan.id })).statusCode).toBe(404);
    const bySpectator = await call("PUT", url, members.player, {
      token: linkToken(room, "spectator"),
      plan_id: plan.id,
    });
    expect(bySpectator.statusCode).toBe(403);
    expect((await call("PUT", url, members.player, { plan_id: plan.id, team: "A" })).statusCode).toBe(404);
    expect(
      (await call("PUT", url, members.player, { token: blueToken, team: "B", plan_id: plan.id })).statusCode,
    ).toBe(403);
    expect((await call("PUT", url, members.player, { token: "x", plan_id: plan.id })).statusCode).toBe(400);

    // The blue captain (a player of the workspace) picks the plan: blue's seats hear it.
    const selected = await call("PUT", url, members.player, { token: blueToken, plan_id: plan.id });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(draftPlanLiveAnswerSchema.parse(selected.json()).selection).toMatchObject({
      scope: "room",
      team: "A",
      side: "BLUE",
      plan: { id: plan.id, name: "Blue plan SECRETNAME" },
      review: null,
    });
    await blue.waitFor((m) => m.type === "team_plan" && m.team === "A");
    await coach.waitFor((m) => m.type === "team_plan" && m.team === "A");

    // Blue's member reads it by the team link alone (no account); others read nothing.
    const view = (body: object, user: TestUser | null = null) =>
      call("POST", `/api/draft-plans/live/rooms/${room.id}/view/`, user, body);
    const coachView = await view({ token: linkToken(room, "blue_team") });
    expect(draftPlanLiveAnswerSchema.parse(coachView.json()).selection?.plan.content.branches).toHaveLength(
      2,
    );
    expect((await view({ token: linkToken(room, "red_captain") })).json()).toEqual({ selection: null });
    expect((await view({ token: linkToken(room, "red_team") })).json()).toEqual({ selection: null });
    expect((await view({ token: linkToken(room, "spectator") })).statusCode).toBe(403);
    expect((await view({ team: "A" }, owner)).json()).toEqual({ selection: null });
    expect((await view({ team: "A" })).statusCode).toBe(401);
    expect((await view({ team: "A" }, outsider)).statusCode).toBe(404);
    // a member of the workspace who owns the room would see it: here the organiser cannot read the plan

    // Play the draft; red takes the branch's condition (pool[7] at step 7, a red pick).
    expect(await blue.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    expect(await red.request({ type: "ready", ready: true })).toMatchObject({ type: "ack" });
    const review = `/api/draft-plans/live/rooms/${room.id}/review/`;
    expect((await call("POST", review, null, { token: blueToken })).statusCode).toBe(409);
    await lockEveryStep({ blue, red }, pool);
    await red.waitFor((m) => m.type === "event" && m.event.body.kind === "complete");

    const reviewed = await call("POST", review, null, { token: blueToken });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const saved = draftPlanLiveAnswerSchema.parse(reviewed.json()).selection!;
    expect(saved.review).toMatchObject({ our_side: "BLUE", steps: DRAFT_STEP_COUNT });
    expect(saved.review!.taken).toContain("they-x");
    expect(saved.review!.off_plan).not.toBeNull();
    // saved: a later read carries it
    const again = draftPlanLiveAnswerSchema.parse((await view({ token: blueToken })).json()).selection!;
    expect(again.review?.taken).toEqual(saved.review!.taken);
    expect((await call("POST", review, null, { token: linkToken(room, "red_captain") })).statusCode).toBe(
      404,
    );

    // Nothing of it outside team A: sockets, resync, log, public view, images. Barriers first: the
    // undelayed sockets have heard the end (a plan message to them would have come before it),
    // the delayed spectator has been answered a resync.
    for (const client of [organiser, redSub])
      await client.waitFor((m) => m.type === "event" && m.event.body.kind === "complete");
    await spectator.request({ type: "resync", last_seq: 0 });
    const outside = [red, organiser, spectator, watcher, redSub];
    for (const client of outside) {
      expect(client.messages.filter((m) => m.type === "team_plan")).toEqual([]);
    }
    const texts = [
      ...outside.map((c) => JSON.stringify(c.messages)),
      (await call("GET", `/api/rooms/${room.id}/events/`, owner)).body,
      (await call("GET", `/api/drafts/sessions/${session.id}/public/`, null)).body,
      (await call("GET", `/api/drafts/sessions/${session.id}/`, owner)).body,
      (await call("POST", "/api/rooms/join/", null, { token: linkToken(room, "spectator") })).body,
    ];
    for (const text of texts) {
      expect(text).not.toContain("SECRET");
      expect(text).not.toContain(plan.id);
    }
    for (const image of [
      `/api/drafts/sessions/${session.id}/public/image.png`,
      `/api/drafts/sessions/${session.id}/image.png`,
    ]) {
      const res = await call("GET", image, owner);
      expect(res.statusCode, image).toBe(200);
      expect(res.rawPayload.includes(Buffer.from("SECRET"))).toBe(false);
    }
    for (const client of [blue, red, organiser, spectator, watcher, coach, redSub]) {
      expect(client.invalid).toEqual([]);
      client.close();
    }
  });

  it("an owner's board follows a personal plan; plan vs actual is saved with the session", async () => {
    const owner = await newUser(ctx.app);
    const stranger = await newUser(ctx.app);
    const created = await call("POST", "/api/draft-plans/", owner, {
      workspace_id: null,
      content: twoBranches(),
    });
    const plan = created.json() as DraftPlan;
    const session = await createSession(ctx.app, owner);
    const url = `/api/draft-plans/live/sessions/${session.id}/`;
    expect((await call("GET", url, owner)).json()).toEqual({ selection: null });
    expect((await call("PUT", url, stranger, { plan_id: plan.id, side: "BLUE" })).statusCode).toBe(404);
    const strangerPlan = (
      await call("POST", "/api/draft-plans/", stranger, { workspace_id: null, content: twoBranches() })
    ).json() as DraftPlan;
    expect((await call("PUT", url, owner, { plan_id: strangerPlan.id, side: "BLUE" })).statusCode).toBe(404);
    expect((await call("PUT", url, owner, { plan_id: plan.id, side: "GREEN" })).statusCode).toBe(400);
    const put = await call("PUT", url, owner, { plan_id: plan.id, side: "BLUE" });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call("GET", url, owner)).json().selection).toMatchObject({
      scope: "session",
      side: "BLUE",
    });
    expect((await call("POST", `${url}review/`, owner)).statusCode).toBe(409);

    await playSteps(ctx.app, owner, session.id, pool, DRAFT_STEP_COUNT);
    const reviewed = await call("POST", `${url}review/`, owner);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const selection = draftPlanLiveAnswerSchema.parse(reviewed.json()).selection!;
    expect(selection.review).toMatchObject({ our_side: "BLUE", taken: ["they-x"] });
    // saved with the session: the session's plan review answers it too
    const stored = await call("GET", `/api/draft-plans/sessions/${session.id}/review/`, owner);
    expect(draftPlanReviewSchema.parse(stored.json())).toMatchObject({
      plan_id: plan.id,
      review: { taken: ["they-x"] },
    });
    expect((await call("GET", url, stranger)).statusCode).toBe(404);
    // clearing
    expect((await call("PUT", url, owner, { plan_id: null, side: "BLUE" })).json()).toEqual({
      selection: null,
    });
  });

  it("a plan prints as a one-page PNG sheet for its readers only", async () => {
    const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
    const plan = (
      await call("POST", "/api/draft-plans/", members.coach, {
        workspace_id: workspace.id,
        content: twoBranches(),
      })
    ).json() as DraftPlan;
    const url = `/api/draft-plans/${plan.id}/sheet.png?lang=es`;
    const sheet = await call("GET", url, members.viewer);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers["content-type"]).toBe("image/png");
    // A4 portrait at 150 dpi (the IHDR chunk holds width and height)
    expect([sheet.rawPayload.readUInt32BE(16), sheet.rawPayload.readUInt32BE(20)]).toEqual([1240, 1754]);
    const again = await ctx.app.inject({
      method: "GET",
      url,
      headers: { ...members.viewer.headers, "if-none-match": String(sheet.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await call("GET", url, outsider)).statusCode).toBe(404);
    expect((await call("GET", url, null)).statusCode).toBe(401);
  });
});
