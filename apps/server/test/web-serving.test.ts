import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LANDING_SHELL_MARKERS } from "@draftroom/contracts";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "./helpers/dialects.ts";
import { pageText } from "./helpers/pages.ts";

// A stand-in for the built web app: index.html with an inline script, a hashed asset, an icon.
const dist = mkdtempSync(join(tmpdir(), "draftroom-web-"));
mkdirSync(join(dist, "assets"));
const INLINE = "window.__boot=1";
// As the build writes the landing's prerendered shell: templates and their picker, between markers.
const SHELL = `${LANDING_SHELL_MARKERS.start}<template id="landing-shell-en-light-light"><h1>Hero</h1></template><script>window.__pick=1</script>${LANDING_SHELL_MARKERS.end}`;
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><title>Draftroom</title><script>${INLINE}</script><div id="root"></div>${SHELL}`,
);
writeFileSync(join(dist, "assets", "index-AbC123.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describeEachDialect(
  "web app serving",
  (ctx) => {
    it("serves index.html at / and for deep links, revalidated every time", async () => {
      for (const url of ["/", "/app/draft/6f1c2d3e-0000-4000-8000-000000000000", "/profile?tab=x"]) {
        const res = await ctx.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-type"]).toContain("text/html");
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(res.body).toContain('<div id="root">');
      }
    });

    it("sends the landing's prerendered shell only where it can show, compressed or not", async () => {
      for (const url of ["/", "/?ref=mail", "/app", "/app/"]) {
        for (const encoding of ["br", "gzip", "identity"]) {
          const res = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
          expect(res.statusCode, url).toBe(200);
          expect(pageText(res, encoding), `${url} ${encoding}`).toContain(
            '<template id="landing-shell-en-light-light">',
          );
        }
      }
      for (const url of [
        "/app/dashboard",
        "/app/draft/6f1c2d3e-0000-4000-8000-000000000000",
        "/profile?tab=x",
      ]) {
        for (const encoding of ["br", "gzip", "identity"]) {
          const res = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
          expect(res.statusCode, url).toBe(200);
          const html = pageText(res, encoding);
          expect(html, `${url} ${encoding}`).toContain('<div id="root"></div>');
          expect(html, `${url} ${encoding}`).toContain(INLINE);
          expect(html, `${url} ${encoding}`).not.toContain("landing-shell");
          expect(html, `${url} ${encoding}`).not.toContain("__pick");
        }
      }
    });

    it("allows the page's inline script by hash in the CSP", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/" });
      expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    });

    it("caches hashed assets for a year, compressed when asked", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/assets/index-AbC123.js",
        headers: { "accept-encoding": "gzip" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-encoding"]).toBe("gzip");
      const icon = await ctx.app.inject({ method: "GET", url: "/favicon.svg" });
      expect(icon.headers["cache-control"]).toBe("no-cache");
    });

    it("answers 404, not the app, for a missing file and for non-GET requests", async () => {
      const missing = await ctx.app.inject({ method: "GET", url: "/assets/index-Missing.js" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: "not_found" });
      const post = await ctx.app.inject({ method: "POST", url: "/app/draft" });
      expect(post.statusCode).toBe(404);
      // Only the files built before start are served: the disk is not searched for other paths.
      const lateName = `late-${ctx.dialect}.js`;
      writeFileSync(join(dist, "assets", lateName), "console.log(1)");
      const late = await ctx.app.inject({ method: "GET", url: `/assets/${lateName}` });
      expect(late.statusCode).toBe(404);
      const head = await ctx.app.inject({ method: "HEAD", url: "/assets/index-AbC123.js" });
      expect(head.statusCode).toBe(200);
    });

    it("keeps /api paths out of the fallback", async () => {
      const res = await ctx.app.inject({ method: "GET", url: "/api/unknown/deep/link/" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
    });
  },
  { env: { WEB_DIST: dist } },
);
