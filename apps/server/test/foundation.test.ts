import { apiErrorSchema, championSchema, healthSchema, PLANS } from "@draftroom/contracts";
import { expect, it } from "vitest";
import { z } from "zod";
import { seedDatabase } from "../src/db/seeds/index.ts";
import { fromJson, nowIso, toBool, toCount, toIso } from "../src/db/values.ts";
import { describeEachDialect } from "./helpers/dialects.ts";

describeEachDialect(
  "foundation API",
  (ctx) => {
    it("GET /api/health/ reports ok and the dialect", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/health/" });
      expect(res.statusCode).toBe(200);
      const body = healthSchema.parse(res.json());
      expect(body.database.dialect).toBe(ctx.dialect);
      expect(body.database.version).toMatch(/^\d+\.\d+/);
    });

    it("GET /api/drafts/champions/ returns the 172 seeded champions in the contract shape", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/drafts/champions/" });
      expect(res.statusCode).toBe(200);
      const champions = z.array(championSchema).parse(res.json());
      expect(champions).toHaveLength(172);
      const wukong = champions.find((c) => c.champion_key === "MonkeyKing");
      expect(wukong).toMatchObject({ id: 62, name: "Wukong", role: "Fighter" });
      expect(wukong?.icon_url).toBe(
        "https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/MonkeyKing.png",
      );
      const names = champions.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    });

    it("answers JSON 404 for an unknown /api path", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/no-such-thing/" });
      expect(res.statusCode).toBe(404);
      expect(apiErrorSchema.parse(res.json()).code).toBe("not_found");
    });

    it("answers 405 with Allow for a wrong method on a known route", async () => {
      const res = await ctx.app.inject({ method: "DELETE", url: "/api/drafts/champions/" });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toContain("GET");
      expect(res.json()).toMatchObject({ code: "method_not_allowed" });
    });

    it("answers 400 malformed_json for a broken body", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/test/echo/",
        headers: { "content-type": "application/json" },
        payload: '{"name": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "malformed_json" });
    });

    it("answers 400 validation_error with English field messages", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/test/echo/",
        payload: { name: "   ", settings: { ban_timer: 5 } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: "Invalid input.",
        code: "validation_error",
        fields: {
          name: "Name is required",
          "settings.ban_timer": "Ban timer must be between 10 and 300 seconds",
        },
      });
    });

    it("answers 413 payload_too_large for an oversized body", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/test/echo/",
        payload: { name: "x".repeat(ctx.config.bodyLimitBytes + 10) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: "payload_too_large" });
    });

    it("hides the message and stack of an unexpected error", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/test/crash/" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: "An unexpected error occurred.", code: "internal_error" });
      expect(res.body).not.toContain("secret internals");
    });

    it("sets a Content-Security-Policy and security headers", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/health/" });
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("serves the OpenAPI document with the champions route", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toContain("/api/drafts/champions/");
    });

    it("seeds idempotently: a second run changes nothing", async () => {
      const again = await seedDatabase(ctx.db);
      for (const part of Object.values(again)) {
        expect(part.added).toBe(0);
        expect(part.updated).toBe(0);
      }
      expect(again.champions.unchanged).toBe(172);
      expect(again.tiers.unchanged).toBe(PLANS.length);
      const leagues = await ctx.db.selectFrom("leagues").selectAll().execute();
      expect(leagues.length).toBeGreaterThanOrEqual(7);
      expect(leagues.map((l) => l.name)).toContain("Scrims");
      for (const league of leagues.filter((l) => l.name !== "Scrims")) {
        const { count } = await ctx.db
          .selectFrom("teams")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("league_id", "=", league.id)
          .executeTakeFirstOrThrow();
        expect(toCount(count)).toBeGreaterThanOrEqual(8);
      }
    });

    it("normalises booleans, timestamps, JSON and counts the same way on both dialects", async () => {
      const written = nowIso();
      const row = await ctx.db
        .insertInto("leagues")
        .values({ name: "Normalise", short_name: "N", region: "", is_custom: true, created_at: written })
        .returningAll()
        .executeTakeFirstOrThrow();
      expect(toBool(row.is_custom)).toBe(true);
      expect(toIso(row.created_at)).toBe(written);
      const found = await ctx.db
        .selectFrom("leagues")
        .select(["id", "created_at"])
        .where("is_custom", "=", true)
        .execute();
      expect(found.map((r) => r.id)).toEqual([row.id]);
      const tier = await ctx.db
        .selectFrom("tiers")
        .selectAll()
        .where("key", "=", "pro")
        .executeTakeFirstOrThrow();
      expect(fromJson(tier.features)).toEqual(PLANS.find((p) => p.key === "pro")?.features);
      expect(Number(tier.price_monthly)).toBe(30);
      await ctx.db.deleteFrom("leagues").where("id", "=", row.id).execute();
    });
  },
  {
    extendApp(app) {
      const body = z.object({
        name: z.string().trim().min(1, { error: "nameRequired" }),
        settings: z.object({ ban_timer: z.number().min(10, { error: "banTimerRange" }) }).optional(),
      });
      app.post("/api/test/echo/", { schema: { body } }, async (request) => request.body);
      app.get("/api/test/crash/", async () => {
        throw new Error("secret internals");
      });
    },
  },
);
