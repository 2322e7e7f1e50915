import {
  apiErrorSchema,
  type DraftPlan,
  type DraftPlanContentBody,
  draftPlanAnalysisSchema,
  draftPlanBudgetSchema,
  draftPlanFileSchema,
  draftPlanReviewSchema,
  draftPlanSchema,
} from "@draftroom/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { seedMatchSample } from "../../src/db/seeds/matches.ts";
import { championIds, createSession, playSteps } from "../drafts/support.ts";
import { describeEachDialect } from "../helpers/dialects.ts";
import { registerUser, type TestUser } from "../helpers/users.ts";
import { teamWithEveryRole } from "../workspaces/support.ts";

const code = (body: unknown) => apiErrorSchema.parse(body).code;

/**
 * Draft plans: CRUD with workspace roles (staff edit, players and viewers read, non-members 404),
 * personal plans, versions and restore, duplicate, export/import, the drill with likelihood and
 * coverage against the seeded sample's Weibo Gaming, the fearless budget, and the plan-vs-actual
 * review saved with the session.
 */
describeEachDialect("draft plans", (ctx) => {
  let pool: number[];
  beforeAll(async () => {
    await seedMatchSample(ctx.db);
    pool = await championIds(ctx.app);
  });

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  function content(overrides: Partial<DraftPlanContentBody> = {}): DraftPlanContentBody {
    return {
      name: "vs Weibo, blue side",
      opponent_team: "Weibo Gaming",
      side: "BLUE",
      bans: [
        { phase: 1, champion_id: pool[0]!, reason: "their jungle comfort" },
        { phase: 1, champion_id: pool[1]!, reason: "" },
        { phase: 1, champion_id: pool[2]!, reason: "" },
      ],
      first_picks: [{ champion_id: pool[10]!, note: "blind safe" }],
      flex_picks: [{ champion_id: pool[11]!, positions: ["mid", "top"], note: "hides mid" }],
      branches: [
        {
          id: "azir",
          label: "They first-pick Azir",
          conditions: [{ type: "first_pick", team: "them", champion_id: pool[7]! }],
          answer: [{ action: "PICK", champion_id: pool[12]!, note: "into their mid" }],
          children: [],
        },
      ],
      position_notes: { mid: "play for side lanes" },
      win_condition: "Scale and teamfight at dragon",
      ...overrides,
    };
  }

  describe("workspace permissions", () => {
    it("lets staff create and edit, players and viewers read, and hides the plan from outsiders", async () => {
      const { workspace, members, outsider } = await teamWithEveryRole(ctx.app);
      const created = await call("POST", "/api/draft-plans/", members.coach, {
        workspace_id: workspace.id,
        content: content(),
      });
      expect(created.statusCode).toBe(201);
      const plan = draftPlanSchema.parse(created.json());
      expect(plan).toMatchObject({ workspace_id: workspace.id, version: 1, can_edit: true, issues: [] });

      for (const role of ["owner", "analyst", "player", "viewer"] as const) {
        const res = await call("GET", `/api/draft-plans/${plan.id}/`, members[role]);
        expect(res.statusCode, role).toBe(200);
        expect((res.json() as DraftPlan).can_edit, role).toBe(role === "owner" || role === "analyst");
        const list = await call("GET", `/api/draft-plans/?workspace_id=${workspace.id}`, members[role]);
        expect((list.json() as { results: { id: string }[] }).results.map((p) => p.id)).toEqual([plan.id]);
      }
      for (const role of ["player", "viewer"] as const) {
        const put = await call("PUT", `/api/draft-plans/${plan.id}/`, members[role], { content: content() });
        expect(put.statusCode, role).toBe(403);
        expect(code(put.json())).toBe("forbidden");
        const create = await call("POST", "/api/draft-plans/", members[role], {
          workspace_id: workspace.id,
          content: content(),
        });
        expect(create.statusCode).toBe(403);
      }
      const analyst = await call("PUT", `/api/draft-plans/${plan.id}/`, members.analyst, {
        content: content({ win_condition: "Early dragon control" }),
      });
      expect(analyst.statusCode).toBe(200);
      expect((analyst.json() as DraftPlan).version).toBe(2);

      // Outsiders learn nothing: 404 for the plan, its versions, its export, its drill and the list.
      for (const [method, url] of [
        ["GET", `/api/draft-plans/${plan.id}/`],
        ["GET", `/api/draft-plans/${plan.id}/versions/`],
        ["GET", `/api/draft-plans/${plan.id}/export/`],
        ["DELETE", `/api/draft-plans/${plan.id}/`],
      ] as const) {
        const res = await call(method, url, outsider);
        expect(res.statusCode, url).toBe(404);
      }
      const outsiderDrill = await call("POST", `/api/draft-plans/${plan.id}/analysis/`, outsider, {
        drafts: 1,
      });
      expect(outsiderDrill.statusCode).toBe(404);
      expect((await call("GET", `/api/draft-plans/?workspace_id=${workspace.id}`, outsider)).statusCode).toBe(
        404,
      );

      expect((await call("DELETE", `/api/draft-plans/${plan.id}/`, members.viewer)).statusCode).toBe(403);
      expect((await call("DELETE", `/api/draft-plans/${plan.id}/`, members.coach)).statusCode).toBe(204);
      expect((await call("GET", `/api/draft-plans/${plan.id}/`, members.coach)).statusCode).toBe(404);
    });

    it("keeps personal plans to their owner", async () => {
      const owner = await registerUser(ctx.app);
      const other = await registerUser(ctx.app);
      const plan = (
        await call("POST", "/api/draft-plans/", owner, { content: content() })
      ).json() as DraftPlan;
      expect(plan.workspace_id).toBeNull();
      expect((await call("GET", `/api/draft-plans/${plan.id}/`, other)).statusCode).toBe(404);
      expect((await call("GET", "/api/draft-plans/", other)).json()).toEqual({ results: [] });
      const mine = (await call("GET", "/api/draft-plans/", owner)).json() as { results: { id: string }[] };
      expect(mine.results.map((p) => p.id)).toEqual([plan.id]);
    });
  });

  describe("content, versions, duplicate, export and import", () => {
    it("validates the body and reports the plan's own problems", async () => {
      const user = await registerUser(ctx.app);
      const bad = await call("POST", "/api/draft-plans/", user, {
        content: { ...content(), name: " ", side: "GREEN" },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(apiErrorSchema.parse(bad.json()).fields ?? {})).toEqual(
        expect.arrayContaining(["content.name", "content.side"]),
      );
      const flawed = (
        await call("POST", "/api/draft-plans/", user, {
          content: content({ first_picks: [{ champion_id: pool[0]!, note: "" }] }),
        })
      ).json() as DraftPlan;
      expect(flawed.issues).toEqual([
        { code: "pick_banned_by_plan", path: "first_picks.0", champion_id: pool[0] },
      ]);
    });

    it("saves a version per save, refuses a stale base version, restores an old one", async () => {
      const user = await registerUser(ctx.app);
      const plan = (
        await call("POST", "/api/draft-plans/", user, { content: content() })
      ).json() as DraftPlan;
      const v2 = await call("PUT", `/api/draft-plans/${plan.id}/`, user, {
        content: content({ name: "Second draft" }),
        base_version: 1,
      });
      expect((v2.json() as DraftPlan).version).toBe(2);
      const stale = await call("PUT", `/api/draft-plans/${plan.id}/`, user, {
        content: content({ name: "Lost edit" }),
        base_version: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(code(stale.json())).toBe("conflict");

      const versions = (await call("GET", `/api/draft-plans/${plan.id}/versions/`, user)).json() as {
        results: { version: number; name: string }[];
      };
      expect(versions.results.map((v) => [v.version, v.name])).toEqual([
        [2, "Second draft"],
        [1, "vs Weibo, blue side"],
      ]);
      const v1 = await call("GET", `/api/draft-plans/${plan.id}/versions/1/`, user);
      expect((v1.json() as { content: { name: string } }).content.name).toBe("vs Weibo, blue side");
      const restored = (
        await call("POST", `/api/draft-plans/${plan.id}/versions/1/restore/`, user)
      ).json() as DraftPlan;
      expect(restored).toMatchObject({ version: 3, name: "vs Weibo, blue side" });
      const after = (await call("GET", `/api/draft-plans/${plan.id}/versions/`, user)).json() as {
        results: { version: number; restored_from: number | null }[];
      };
      expect(after.results[0]).toMatchObject({ version: 3, restored_from: 1 });
      expect((await call("GET", `/api/draft-plans/${plan.id}/versions/9/`, user)).statusCode).toBe(404);
    });

    it("duplicates, exports a versioned file and imports it back", async () => {
      const user = await registerUser(ctx.app);
      const plan = (
        await call("POST", "/api/draft-plans/", user, { content: content() })
      ).json() as DraftPlan;
      const copy = await call("POST", `/api/draft-plans/${plan.id}/duplicate/`, user, {});
      expect(copy.statusCode).toBe(201);
      expect(copy.json()).toMatchObject({ name: "vs Weibo, blue side (copy)", version: 1 });
      expect((copy.json() as DraftPlan).id).not.toBe(plan.id);

      const exported = await call("GET", `/api/draft-plans/${plan.id}/export/`, user);
      expect(exported.headers["content-disposition"]).toContain("attachment");
      const file = draftPlanFileSchema.parse(exported.json());
      expect(file).toMatchObject({ format: "draftroom.draft-plan", version: 1 });
      const imported = await call("POST", "/api/draft-plans/import/", user, { file });
      expect(imported.statusCode).toBe(201);
      expect((imported.json() as DraftPlan).content).toEqual(plan.content);

      const wrongVersion = await call("POST", "/api/draft-plans/import/", user, {
        file: { ...file, version: 2 },
      });
      expect(wrongVersion.statusCode).toBe(400);
    });
  });

  describe("the model", () => {
    it("drills the plan against the modelled opponent with likelihood, coverage and sample sizes", async () => {
      const user = await registerUser(ctx.app);
      const plan = (
        await call("POST", "/api/draft-plans/", user, { content: content() })
      ).json() as DraftPlan;
      const res = await call("POST", `/api/draft-plans/${plan.id}/analysis/`, user, { drafts: 20, seed: 3 });
      expect(res.statusCode).toBe(200);
      const analysis = draftPlanAnalysisSchema.parse(res.json());
      expect(analysis.opponent.name).toBe("Weibo Gaming");
      expect(analysis.opponent.games).toBeGreaterThan(0);
      expect(analysis.drill.drafts).toBe(20);
      expect(analysis.coverage.drafts).toBe(20);
      expect(analysis.likelihood).toHaveLength(1);
      expect(analysis.likelihood[0]).toMatchObject({ branch_id: "azir", drafts: 20 });
      expect(analysis.likelihood[0]!.evidence[0]).toMatchObject({
        champion_id: pool[7],
        action: "PICK",
        side_games: analysis.opponent.side_games,
      });
      // Phase-2 bans are not in the plan: every drill draft reaches step 13 with no answer.
      expect(analysis.drill.no_answer.find((n) => n.step === 13)?.count).toBe(20);
      const again = draftPlanAnalysisSchema.parse(
        (await call("POST", `/api/draft-plans/${plan.id}/analysis/`, user, { drafts: 20, seed: 3 })).json(),
      );
      expect(again.drill).toEqual(analysis.drill);
    });

    it("warns when game 3's plan relies on a champion game 1's plan spends", async () => {
      const user = await registerUser(ctx.app);
      const fearless = (game: number) => ({ fearless: true, game, best_of: 3, used: [] });
      const g1 = (
        await call("POST", "/api/draft-plans/", user, {
          content: content({ name: "G1", series: fearless(1) }),
        })
      ).json() as DraftPlan;
      const g3 = (
        await call("POST", "/api/draft-plans/", user, {
          content: content({
            name: "G3",
            series: fearless(3),
            first_picks: [{ champion_id: pool[11]!, note: "" }],
            flex_picks: [],
          }),
        })
      ).json() as DraftPlan;
      const res = await call("POST", "/api/draft-plans/budget/", user, {
        games: [
          { game: 1, plan_id: g1.id },
          { game: 3, plan_id: g3.id },
        ],
      });
      expect(res.statusCode).toBe(200);
      const budget = draftPlanBudgetSchema.parse(res.json());
      // pool[11] is game 1's flex pick; pool[12] is an answer of both plans' branch.
      expect(budget.warnings).toEqual([
        { game: 3, champion_id: pool[11], spent_in: 1, certainty: "spends" },
        { game: 3, champion_id: pool[12], spent_in: 1, certainty: "may_spend" },
      ]);
      expect(budget.opponent.name).toBe("Weibo Gaming");
      expect(budget.games[0]!.opponent_pool.length).toBeGreaterThan(0);
      const stranger = await registerUser(ctx.app);
      expect(
        (await call("POST", "/api/draft-plans/budget/", stranger, { games: [{ game: 1, plan_id: g1.id }] }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe("plan vs actual", () => {
    it("reviews a draft against the plan and saves the review with the session", async () => {
      const user = await registerUser(ctx.app);
      const session = await createSession(ctx.app, user);
      // The draft's champions: pool[i] at step i. Plan bans pool[0], pool[2], pool[4]; first pick pool[6].
      const plan = (
        await call("POST", "/api/draft-plans/", user, {
          content: content({
            bans: [0, 2, 4].map((i) => ({ phase: 1 as const, champion_id: pool[i]!, reason: "" })),
            first_picks: [{ champion_id: pool[6]!, note: "" }],
            branches: [
              {
                id: "their-first",
                label: "Their first pick",
                conditions: [{ type: "first_pick", team: "them", champion_id: pool[7]! }],
                answer: [{ action: "PICK", champion_id: pool[50]!, note: "answer" }],
                children: [],
              },
            ],
          }),
        })
      ).json() as DraftPlan;
      await playSteps(ctx.app, user, session.id, pool, 10);
      const res = await call("POST", `/api/draft-plans/${plan.id}/reviews/`, user, {
        session_id: session.id,
        side: "BLUE",
      });
      expect(res.statusCode).toBe(201);
      const review = draftPlanReviewSchema.parse(res.json());
      expect(review.review.taken).toEqual(["their-first"]);
      // Step 9 is Blue's: the plan answered pool[50], the draft took pool[9].
      expect(review.review.off_plan).toEqual({
        step: 9,
        action_type: "PICK",
        intended: pool[50],
        actual: pool[9],
      });
      expect(review.review.at_off_plan!.recommendations.length).toBeGreaterThan(0);
      expect(review.branches).toEqual([{ id: "their-first", label: "Their first pick" }]);

      const saved = await call("GET", `/api/draft-plans/sessions/${session.id}/review/`, user);
      expect(saved.statusCode).toBe(200);
      expect(draftPlanReviewSchema.parse(saved.json()).review).toEqual(review.review);
      const other = await registerUser(ctx.app);
      expect((await call("GET", `/api/draft-plans/sessions/${session.id}/review/`, other)).statusCode).toBe(
        404,
      );
      expect(
        (
          await call("POST", `/api/draft-plans/${plan.id}/reviews/`, other, {
            session_id: session.id,
            side: "BLUE",
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});
