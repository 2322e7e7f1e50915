import {
  actionListSchema,
  actionSchema,
  apiErrorSchema,
  publicDraftSchema,
  sessionSchema,
} from "@draftroom/contracts";
import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { beforeAll, expect, it } from "vitest";
import { mapWriteError } from "../../src/modules/drafts/service.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { type Caller, championIds, createSession, newUser, playSteps, stepBody } from "./support.ts";

describeEachDialect("draft actions API", (ctx) => {
  let pool: number[] = [];
  beforeAll(async () => {
    pool = await championIds(ctx.app);
  });

  const postAction = (caller: Caller, sessionId: string, payload: unknown) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/drafts/sessions/${sessionId}/actions/`,
      headers: caller.headers,
      payload: payload as object,
    });
  const getSession = async (caller: Caller, id: string) =>
    sessionSchema.parse(
      (
        await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${id}/`, headers: caller.headers })
      ).json(),
    );
  const getActions = async (caller: Caller, id: string) =>
    actionListSchema.parse(
      (
        await ctx.app.inject({
          method: "GET",
          url: `/api/drafts/sessions/${id}/actions/`,
          headers: caller.headers,
        })
      ).json(),
    );

  it("accepts exactly the next step (201 with the action) and derives phase, step and status", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const res = await postAction(user, session.id, stepBody(0, pool[0]!));
    expect(res.statusCode).toBe(201);
    const action = actionSchema.parse(res.json());
    expect(action).toMatchObject({
      champion_id: pool[0],
      champion: { id: pool[0] },
      phase_number: 0,
      action_type: "BAN",
      team_side: "BLUE",
      is_auto: false,
    });
    expect((await getSession(user, session.id)).current_step).toBe(1);

    await playSteps(ctx.app, user, session.id, pool, 7, 1);
    const mid = await getSession(user, session.id);
    expect(mid).toMatchObject({ current_step: 7, current_phase: 2, status: "in_progress" });
    await playSteps(ctx.app, user, session.id, pool, 20, 7);
    const done = await getSession(user, session.id);
    expect(done).toMatchObject({ current_step: 20, current_phase: 4, status: "complete", winner: null });
    const actions = await getActions(user, session.id);
    expect(actions.map((a) => a.phase_number)).toEqual([...Array(20).keys()]);
    expect(actions.map((a) => `${a.team_side}:${a.action_type}`)).toEqual(
      DRAFT_SEQUENCE.map((step) => `${step.side}:${step.type}`),
    );

    const after = await postAction(user, session.id, stepBody(19, pool[30]!));
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe("draft_complete");
    const past = await postAction(user, session.id, { ...stepBody(19, pool[30]!), phase_number: 20 });
    expect(past.statusCode).toBe(409);
    expect(past.json().code).toBe("draft_complete");

    const win = await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { winner: "RED" },
    });
    expect(win.statusCode).toBe(200);
    expect(win.json().winner).toBe("RED");
  });

  it("answers 409 with the engine's code for every broken rule", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 6);
    const cases: Array<[unknown, string]> = [
      [stepBody(7, pool[7]!), "wrong_turn"],
      [stepBody(5, pool[7]!), "wrong_turn"],
      [{ ...stepBody(6, pool[7]!), team_side: "RED" }, "wrong_side"],
      [{ ...stepBody(6, pool[7]!), action_type: "BAN" }, "wrong_type"],
      [stepBody(6, null), "skip_not_allowed"],
      [stepBody(6, pool[2]!), "champion_used"],
    ];
    for (const [payload, code] of cases) {
      const res = await postAction(user, session.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(409);
      expect(apiErrorSchema.parse(res.json()).code).toBe(code);
    }
    // An unknown champion is bad input: 400 naming the field.
    const unknown = await postAction(user, session.id, stepBody(6, 999_999));
    expect(unknown.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unknown.json())).toMatchObject({
      code: "unknown_champion",
      fields: { champion_id: expect.any(String) },
    });
    expect((await getSession(user, session.id)).current_step).toBe(6);
    // A step past the format's end is not the next step while the draft runs.
    const beyond = await postAction(user, session.id, { ...stepBody(6, pool[7]!), phase_number: 20 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().code).toBe("wrong_turn");
  });

  it("stores a skipped ban with no champion and is_auto true; several skips fit", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    for (const step of [0, 1, 2]) {
      const res = await postAction(user, session.id, stepBody(step, null));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        champion: null,
        champion_id: null,
        is_auto: true,
        phase_number: step,
      });
    }
    expect(await getActions(user, session.id)).toHaveLength(3);
  });

  it("stores a pick the timer made as automatic, and a chosen pick as manual", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 6);
    const timedOut = await postAction(user, session.id, { ...stepBody(6, pool[6]!), is_auto: true });
    expect(timedOut.statusCode).toBe(201);
    expect(timedOut.json()).toMatchObject({ champion_id: pool[6], is_auto: true });
    const chosen = await postAction(user, session.id, { ...stepBody(7, pool[7]!), is_auto: false });
    expect(chosen.json()).toMatchObject({ champion_id: pool[7], is_auto: false });
    const unsaid = await postAction(user, session.id, stepBody(8, pool[8]!));
    expect(unsaid.json()).toMatchObject({ champion_id: pool[8], is_auto: false });
    const stored = await getActions(user, session.id);
    expect(stored.slice(6).map((action) => action.is_auto)).toEqual([true, false, false]);
    const invalid = await postAction(user, session.id, { ...stepBody(9, pool[9]!), is_auto: "yes" });
    expect(invalid.statusCode).toBe(400);
  });

  it("lets exactly one of 20 concurrent posts for one step win (201); the rest get 409", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 3);
    const base = await ctx.listen();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/drafts/sessions/${session.id}/actions/`, {
          method: "POST",
          headers: { ...user.headers, "content-type": "application/json" },
          body: JSON.stringify(stepBody(3, pool[10 + i]!)),
        }),
      ),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(["wrong_turn", "champion_used"]).toContain(((await res.json()) as { code: string }).code);
    }
    const actions = await getActions(user, session.id);
    expect(actions).toHaveLength(4);
    expect((await getSession(user, session.id)).current_step).toBe(4);
  });

  it("keeps sessions independent under concurrency: one winner per session for the same step", async () => {
    const user = await newUser(ctx.app, "pro");
    const sessions = [await createSession(ctx.app, user), await createSession(ctx.app, user)];
    const base = await ctx.listen();
    const responses = await Promise.all(
      sessions.flatMap((session) =>
        Array.from({ length: 10 }, () =>
          fetch(`${base}/api/drafts/sessions/${session.id}/actions/`, {
            method: "POST",
            headers: { ...user.headers, "content-type": "application/json" },
            body: JSON.stringify(stepBody(0, pool[0]!)),
          }),
        ),
      ),
    );
    expect(responses.filter((res) => res.status === 201)).toHaveLength(2);
  });

  it("DELETE truncates from the action in one go, returns what remains and reopens the draft", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const saved = await playSteps(ctx.app, user, session.id, pool, 20);
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
      payload: { winner: "BLUE" },
    });
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[8]!.id}/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const remaining = actionListSchema.parse(res.json());
    expect(remaining.map((a) => a.id)).toEqual(saved.slice(0, 8).map((a) => a.id));
    expect(await getActions(user, session.id)).toEqual(remaining);
    expect(await getSession(user, session.id)).toMatchObject({
      current_step: 8,
      current_phase: 2,
      status: "in_progress",
      winner: null,
    });
    // The truncated champions are free again, and the draft resumes at step 8.
    const again = await postAction(user, session.id, stepBody(8, pool[9]!));
    expect(again.statusCode).toBe(201);
    const gone = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[12]!.id}/`,
      headers: user.headers,
    });
    expect(gone.statusCode).toBe(404);
    const first = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[0]!.id}/`,
      headers: user.headers,
    });
    expect(first.json()).toEqual([]);
    expect(await getSession(user, session.id)).toMatchObject({ current_step: 0, current_phase: 1 });
  });

  it("PUT swaps a champion in place when it is free, keeping later actions; 409 when used", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const saved = await playSteps(ctx.app, user, session.id, pool, 10);
    const swap = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[3]!.id}/`,
      headers: user.headers,
      payload: { champion_id: pool[50] },
    });
    expect(swap.statusCode).toBe(200);
    expect(swap.json()).toMatchObject({ id: saved[3]!.id, champion_id: pool[50], phase_number: 3 });
    const actions = await getActions(user, session.id);
    expect(actions).toHaveLength(10);
    expect(actions[3]!.champion_id).toBe(pool[50]);
    expect(actions[9]!.id).toBe(saved[9]!.id);

    const used = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[3]!.id}/`,
      headers: user.headers,
      payload: { champion_id: pool[7] },
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe("champion_used");
    const unknown = await ctx.app.inject({
      method: "PUT",
      url: `/api/drafts/sessions/${session.id}/actions/${saved[3]!.id}/`,
      headers: user.headers,
      payload: { champion_id: 999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: "unknown_champion",
      fields: { champion_id: expect.any(String) },
    });
    // The old champion is free again.
    expect((await postAction(user, session.id, stepBody(10, pool[3]!))).statusCode).toBe(201);
  });

  it("reports every champion as available, picked or banned", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 8);
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/champions-status/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const statuses = res.json() as Array<{ champion_id: number; status: string }>;
    expect(statuses).toHaveLength(pool.length);
    const of = (id: number) => statuses.find((s) => s.champion_id === id)?.status;
    expect(of(pool[0]!)).toBe("banned");
    expect(of(pool[6]!)).toBe("picked");
    expect(of(pool[8]!)).toBe("available");
    expect(statuses.filter((s) => s.status === "available")).toHaveLength(pool.length - 8);
  });

  it("serves the public view without a token and without private fields", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user, { description: "our secret plan" });
    await playSteps(ctx.app, user, session.id, pool, 2);
    await postAction(user, session.id, stepBody(2, null));
    const res = await ctx.app.inject({ method: "GET", url: `/api/drafts/sessions/${session.id}/public/` });
    expect(res.statusCode).toBe(200);
    const view = publicDraftSchema.parse(res.json());
    expect(view.session.id).toBe(session.id);
    expect(view.actions).toHaveLength(3);
    expect(view.champions.map((c) => c.id)).toEqual([pool[0], pool[1]]);
    const text = res.body;
    for (const secret of [
      user.username,
      "@example.com",
      "user_id",
      "search_text",
      "email",
      "token",
      "password",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(res.json().session).sort()).toEqual(Object.keys(sessionSchema.shape).sort());
    // A stale token does not hide it; an unknown id is a 404.
    const stale = await ctx.app.inject({
      method: "GET",
      url: `/api/drafts/sessions/${session.id}/public/`,
      headers: { authorization: "Token not-a-real-token" },
    });
    expect(stale.statusCode).toBe(200);
    const missing = await ctx.app.inject({
      method: "GET",
      url: "/api/drafts/sessions/00000000-0000-4000-8000-000000000000/public/",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("enforces one action per step and one use per champion in the database itself", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    const row = (phase: number, championId: number | null) => ({
      session_id: session.id,
      champion_id: championId,
      phase_number: phase,
      action_type: "BAN" as const,
      team_side: "BLUE" as const,
      is_auto: championId === null,
      created_at: new Date().toISOString(),
    });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error("the insert should have failed");
        },
        (error: unknown) => mapWriteError(error),
      );
    await ctx.db.insertInto("draft_actions").values(row(0, pool[0]!)).execute();
    // The service maps the database's verdict to the engine's codes (409; an unknown champion 400).
    const sameStep = await failure(ctx.db.insertInto("draft_actions").values(row(0, pool[1]!)).execute());
    expect(sameStep).toMatchObject({ status: 409, code: "wrong_turn" });
    const sameChampion = await failure(ctx.db.insertInto("draft_actions").values(row(1, pool[0]!)).execute());
    expect(sameChampion).toMatchObject({ status: 409, code: "champion_used" });
    const noChampion = await failure(ctx.db.insertInto("draft_actions").values(row(4, 999_999)).execute());
    expect(noChampion).toMatchObject({ status: 400, code: "unknown_champion" });
    // NULL champions (skipped bans) are distinct in a UNIQUE constraint on both dialects.
    await ctx.db.insertInto("draft_actions").values(row(2, null)).execute();
    await ctx.db.insertInto("draft_actions").values(row(3, null)).execute();
    const rows = await ctx.db
      .selectFrom("draft_actions")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("deleting a session removes its actions", async () => {
    const user = await newUser(ctx.app);
    const session = await createSession(ctx.app, user);
    await playSteps(ctx.app, user, session.id, pool, 3);
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/drafts/sessions/${session.id}/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(204);
    const left = await ctx.db
      .selectFrom("draft_actions")
      .select("id")
      .where("session_id", "=", session.id)
      .execute();
    expect(left).toEqual([]);
  });
});
