import {
  FREE_TRIAL_DAYS,
  PLANS,
  paginatedSchema,
  subscriptionSchema,
  tierSchema,
} from "@draftroom/contracts";
import { expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../src/errors.ts";
import { assertCanCreateDraft, getActiveTier } from "../../src/modules/subscriptions/service.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { insertSession } from "./support.ts";

const pageSchema = paginatedSchema(subscriptionSchema);

describeEachDialect("subscriptions: tiers, current plan, trial, cancel, plan limit", (ctx) => {
  const tierId = async (key: string) =>
    (await ctx.db.selectFrom("tiers").select("id").where("key", "=", key).executeTakeFirstOrThrow()).id;

  const current = async (user: TestUser) => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/subscriptions/", headers: user.headers });
    expect(res.statusCode).toBe(200);
    return pageSchema.parse(res.json()).results[0]!;
  };

  const startTrial = async (user: TestUser) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: await tierId("pro"), trial: true },
    });

  it("GET /api/subscriptions/tiers/ lists the three plans from PLANS without a token", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/subscriptions/tiers/" });
    expect(res.statusCode).toBe(200);
    const tiers = z.array(tierSchema).parse(res.json());
    expect(tiers.map((tier) => tier.key)).toEqual(["community", "plus", "pro"]);
    for (const tier of tiers) {
      const plan = PLANS.find((p) => p.key === tier.key)!;
      expect(tier).toMatchObject({
        name: plan.name,
        price_monthly: plan.price_monthly,
        price_annual: plan.price_annual,
      });
      expect(tier.features).toEqual(plan.features);
    }
  });

  it("GET /api/subscriptions/ answers the active Community plan as a one-item page", async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({ method: "GET", url: "/api/subscriptions/", headers: user.headers });
    const page = pageSchema.parse(res.json());
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      tier: { key: "community", features: { max_drafts: 3 } },
      is_active: true,
      is_trial: false,
      trial_available: true,
      next_billing_date: null,
      expires_at: null,
      usage: { drafts_used: 0 },
    });
    const second = await ctx.app.inject({
      method: "GET",
      url: "/api/subscriptions/?page=2",
      headers: user.headers,
    });
    expect(second.json()).toMatchObject({ count: 1, results: [], previous: "/api/subscriptions/?page=1" });
    const bad = await ctx.app.inject({
      method: "GET",
      url: "/api/subscriptions/?page=0",
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("counts the user's saved draft sessions in usage.drafts_used", async () => {
    const user = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    await insertSession(ctx.db, user.id);
    await insertSession(ctx.db, user.id);
    await insertSession(ctx.db, other.id);
    expect((await current(user)).usage.drafts_used).toBe(2);
  });

  it("starts the 14-day Pro trial once", async () => {
    const user = await registerUser(ctx.app);
    const before = Date.now();
    const res = await startTrial(user);
    expect(res.statusCode).toBe(201);
    const sub = subscriptionSchema.parse(res.json());
    expect(sub).toMatchObject({
      tier: { key: "pro" },
      is_active: true,
      is_trial: true,
      trial_available: false,
    });
    const expires = Date.parse(sub.expires_at!);
    expect(expires - before).toBeGreaterThanOrEqual(FREE_TRIAL_DAYS * 86_400_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(FREE_TRIAL_DAYS * 86_400_000);
    expect(sub.next_billing_date).toBe(sub.expires_at);
    expect(await current(user)).toMatchObject({ id: sub.id, is_trial: true });
    expect((await getActiveTier(ctx.db, user.id)).key).toBe("pro");

    const again = await startTrial(user);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("trial_used");
  });

  it("lets one of several simultaneous trial requests through", async () => {
    const user = await registerUser(ctx.app);
    const results = await Promise.all([1, 2, 3, 4].map(() => startTrial(user)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    const active = await ctx.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .where("is_active", "=", true)
      .execute();
    expect(active).toHaveLength(1);
  });

  it("falls back to Community when the trial has expired", async () => {
    const user = await registerUser(ctx.app);
    const trial = subscriptionSchema.parse((await startTrial(user)).json());
    await ctx.db
      .updateTable("subscriptions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("public_id", "=", trial.id)
      .execute();
    const sub = await current(user);
    expect(sub).toMatchObject({ tier: { key: "community" }, is_trial: false, trial_available: false });
    expect(sub.id).not.toBe(trial.id);
    expect((await current(user)).id).toBe(sub.id);
    expect((await startTrial(user)).statusCode).toBe(409);
  });

  it("rejects a trial of another plan and unknown plans with 400 on tier_id", async () => {
    const user = await registerUser(ctx.app);
    for (const payload of [
      { tier_id: await tierId("plus"), trial: true },
      { tier_id: 999_999 },
      { tier_id: 0 },
      { tier_id: "1" },
      {},
    ]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/subscriptions/",
        headers: user.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_error", fields: { tier_id: expect.any(String) } });
    }
  });

  it("answers 402 payment_unavailable for paid plans and 409 already_subscribed for the current one", async () => {
    const user = await registerUser(ctx.app);
    for (const key of ["plus", "pro"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/subscriptions/",
        headers: user.headers,
        payload: { tier_id: await tierId(key), billing_period: "yearly" },
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().code).toBe("payment_unavailable");
    }
    const same = await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: await tierId("community") },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe("already_subscribed");
    expect((await current(user)).tier.key).toBe("community");
  });

  it("choosing Community during the trial ends the trial", async () => {
    const user = await registerUser(ctx.app);
    await startTrial(user);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/subscriptions/",
      headers: user.headers,
      payload: { tier_id: await tierId("community") },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tier: { key: "community" }, is_trial: false });
  });

  it("DELETE /api/subscriptions/{id}/ cancels the trial back to Community", async () => {
    const user = await registerUser(ctx.app);
    const trial = subscriptionSchema.parse((await startTrial(user)).json());
    const res = await ctx.app.inject({
      method: "DELETE",
      url: `/api/subscriptions/${trial.id}/`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const sub = subscriptionSchema.parse(res.json());
    expect(sub).toMatchObject({ tier: { key: "community" }, is_active: true, trial_available: false });
    const ended = await ctx.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("public_id", "=", trial.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(ended.is_active)).toBe(false);
    expect(ended.canceled_at).not.toBeNull();

    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/subscriptions/${trial.id}/`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(409);
    const community = await ctx.app.inject({
      method: "DELETE",
      url: `/api/subscriptions/${sub.id}/`,
      headers: user.headers,
    });
    expect(community.statusCode).toBe(409);
    expect(community.json().code).toBe("conflict");
  });

  it("another user's subscription is a 404 on DELETE and PUT", async () => {
    const owner = await registerUser(ctx.app);
    const intruder = await registerUser(ctx.app);
    const trial = subscriptionSchema.parse((await startTrial(owner)).json());
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/subscriptions/${trial.id}/`,
      headers: intruder.headers,
    });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe("not_found");
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/subscriptions/${trial.id}/`,
      headers: intruder.headers,
      payload: { tier_id: await tierId("community") },
    });
    expect(put.statusCode).toBe(404);
    expect((await current(owner)).id).toBe(trial.id);
    // a subscription is named by a random public id; its row number is not a name (decision 041)
    expect(trial.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const byNumber = await ctx.app.inject({
      method: "DELETE",
      url: "/api/subscriptions/1/",
      headers: owner.headers,
    });
    expect(byNumber.statusCode).toBe(400);
    expect(byNumber.json()).toMatchObject({ code: "validation_error" });
    const bad = await ctx.app.inject({
      method: "DELETE",
      url: "/api/subscriptions/abc/",
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("PUT /api/subscriptions/{id}/ changes the plan of the active subscription", async () => {
    const user = await registerUser(ctx.app);
    const sub = await current(user);
    const paid = await ctx.app.inject({
      method: "PUT",
      url: `/api/subscriptions/${sub.id}/`,
      headers: user.headers,
      payload: { tier_id: await tierId("plus") },
    });
    expect(paid.statusCode).toBe(402);
    const trial = await ctx.app.inject({
      method: "PUT",
      url: `/api/subscriptions/${sub.id}/`,
      headers: user.headers,
      payload: { tier_id: await tierId("pro"), trial: true },
    });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({ is_trial: true, tier: { key: "pro" } });
  });

  it("requires a token except for the tiers", async () => {
    for (const [method, url] of [
      ["GET", "/api/subscriptions/"],
      ["POST", "/api/subscriptions/"],
      ["PUT", "/api/subscriptions/1/"],
      ["DELETE", "/api/subscriptions/1/"],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("assertCanCreateDraft: Community stops at 3 saved sessions with 403 plan_limit; the trial lifts it", async () => {
    const user = await registerUser(ctx.app);
    for (let i = 0; i < 3; i++) {
      await expect(assertCanCreateDraft(ctx.db, user.id)).resolves.toBeUndefined();
      await insertSession(ctx.db, user.id);
    }
    const error = await assertCanCreateDraft(ctx.db, user.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 403, code: "plan_limit" });
    expect((error as AppError).detail).toMatch(/3 saved draft sessions/);
    await startTrial(user);
    await expect(assertCanCreateDraft(ctx.db, user.id)).resolves.toBeUndefined();
    expect((await current(user)).usage.drafts_used).toBe(3);
  });
});
