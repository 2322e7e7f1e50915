import { apiErrorSchema } from "@draftroom/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createDatabase } from "../../src/db/index.ts";
import { championIds, createSession, newUser, playSteps } from "../drafts/support.ts";
import { describeEachDialect, testConfig } from "../helpers/dialects.ts";

/**
 * Image rendering stays bounded (docs/decisions/021): one render thread and one waiting render,
 * so a burst of uncached public images gets 503 + Retry-After while the API keeps answering;
 * an address past its uncached renders gets 429; a second process answers from the shared cache.
 */

const VARIANTS = (["social", "stream"] as const).flatMap((size) =>
  (["dark", "light"] as const).flatMap((theme) =>
    (["en", "es"] as const).map((lang) => `size=${size}&theme=${theme}&lang=${lang}`),
  ),
);

describeEachDialect(
  "bounded image rendering",
  (ctx) => {
    let base = "";
    beforeAll(async () => {
      const owner = await newUser(ctx.app, "pro");
      const session = await createSession(ctx.app, owner, { title: "Queue draft" });
      await playSteps(ctx.app, owner, session.id, await championIds(ctx.app), 6);
      base = `/api/drafts/sessions/${session.id}/public/image.png`;
    });

    it("answers 503 service_busy with Retry-After when the queue is full, and /api/health/ stays answered", async () => {
      // Eight different cards at once, each from its own address: one draws, one waits, six are refused.
      const renders = VARIANTS.map((query, n) =>
        ctx.app.inject({ method: "GET", url: `${base}?${query}`, remoteAddress: `10.0.0.${n + 1}` }),
      );
      const healthStarted = performance.now();
      const health = await ctx.app.inject({ method: "GET", url: "/api/health/" });
      const healthMs = performance.now() - healthStarted;
      const answers = await Promise.all(renders);
      expect(health.statusCode).toBe(200);
      // The requests' thread never lays a card out: health is not stuck behind the renders.
      expect(healthMs).toBeLessThan(1500);

      const ok = answers.filter((res) => res.statusCode === 200);
      const busy = answers.filter((res) => res.statusCode === 503);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.length + busy.length).toBe(VARIANTS.length);
      expect(busy.length).toBeGreaterThanOrEqual(VARIANTS.length - 2);
      for (const res of busy) {
        expect(apiErrorSchema.parse(res.json()).code).toBe("service_busy");
        expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
      for (const res of ok) expect(res.rawPayload.subarray(1, 4).toString()).toBe("PNG");

      // Once the burst is over the refused cards render.
      for (const [n, res] of answers.entries()) {
        if (res.statusCode !== 503) continue;
        const again = await ctx.app.inject({
          method: "GET",
          url: `${base}?${VARIANTS[n]}`,
          remoteAddress: `10.0.1.${n + 1}`,
        });
        expect(again.statusCode).toBe(200);
      }
    }, 120_000);

    it("limits uncached public renders per address (429 with Retry-After); cached images are not counted", async () => {
      const address = "10.9.9.9";
      const owner = await newUser(ctx.app, "pro");
      const pool = await championIds(ctx.app);
      const urls: string[] = [];
      for (let n = 0; n < 3; n += 1) {
        const session = await createSession(ctx.app, owner, { title: `Limit draft ${n}` });
        await playSteps(ctx.app, owner, session.id, pool.slice(n * 3), 2);
        urls.push(`/api/drafts/sessions/${session.id}/public/image.png`);
      }
      const first = await ctx.app.inject({ method: "GET", url: urls[0]!, remoteAddress: address });
      const second = await ctx.app.inject({ method: "GET", url: urls[1]!, remoteAddress: address });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const third = await ctx.app.inject({ method: "GET", url: urls[2]!, remoteAddress: address });
      expect(third.statusCode).toBe(429);
      expect(apiErrorSchema.parse(third.json()).code).toBe("rate_limited");
      expect(Number(third.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      // A cached image is still answered to the same address.
      const cached = await ctx.app.inject({ method: "GET", url: urls[0]!, remoteAddress: address });
      expect(cached.statusCode).toBe(200);
      // Another address is not affected.
      const other = await ctx.app.inject({ method: "GET", url: urls[2]!, remoteAddress: "10.9.9.10" });
      expect(other.statusCode).toBe(200);
    }, 120_000);

    describe("a second process", () => {
      let second: Awaited<ReturnType<typeof buildApp>> | undefined;
      let handle: ReturnType<typeof createDatabase> | undefined;
      afterAll(async () => {
        await second?.close();
        await handle?.destroy();
      });

      it("answers an image another process drew from the shared cache, without drawing it", async () => {
        const url = `${base}?${VARIANTS[0]}`;
        const drawn = await ctx.app.inject({ method: "GET", url, remoteAddress: "10.2.0.1" });
        expect(drawn.statusCode).toBe(200);
        const key = String(drawn.headers.etag).replaceAll('"', "");
        const row = await ctx.db
          .selectFrom("share_image_cache")
          .select("cache_key")
          .where("cache_key", "=", key)
          .executeTakeFirst();
        expect(row?.cache_key).toBe(key);
        // Mark the stored copy: an answer with the mark can only come from the shared cache.
        const marked = Buffer.concat([drawn.rawPayload, Buffer.from("shared-cache-mark")]);
        await ctx.db
          .updateTable("share_image_cache")
          .set({ png: marked })
          .where("cache_key", "=", key)
          .execute();

        const config = testConfig({ ...ctx.env, PUBLIC_RENDERS_PER_MINUTE: "1000" });
        handle = createDatabase(config);
        second = await buildApp({ config, database: handle });
        await second.ready();
        const answer = await second.inject({ method: "GET", url, remoteAddress: "10.2.0.2" });
        expect(answer.statusCode).toBe(200);
        expect(answer.headers.etag).toBe(drawn.headers.etag);
        expect(answer.rawPayload.equals(marked)).toBe(true);
      }, 120_000);
    });
  },
  { env: { RENDER_THREADS: "1", RENDER_QUEUE_MAX: "1", PUBLIC_RENDERS_PER_MINUTE: "2" } },
);
