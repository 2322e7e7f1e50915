import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDialect } from "../helpers/dialects.ts";

// A stand-in for the built web app, with the generic share tags the real index.html carries.
const dist = mkdtempSync(join(tmpdir(), "draftroom-og-"));
const INLINE = "window.__boot=1";
writeFileSync(
  join(dist, "index.html"),
  `<!doctype html><html><head><title>Draftroom</title>
    <meta property="og:title" content="Draftroom" />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <script>${INLINE}</script>
  </head><body><div id="root"></div></body></html>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const DRAFT = "6f1c2d3e-0000-4000-8000-000000000000";
const SERIES = "7a2b3c4d-0000-4000-8000-000000000000";

function metaContent(html: string, property: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`, "g");
  return [...html.matchAll(pattern)].map((match) => match[1] ?? "");
}

describeEachDialect(
  "Open Graph tags of the public views",
  (ctx) => {
    it("names the public draft image with an absolute URL from the request's host", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/app/public/draft/${DRAFT}`,
        headers: { host: "draftroom.example:8443" },
      });
      expect(res.statusCode).toBe(200);
      expect(metaContent(res.body, "og:image")).toEqual([
        `http://draftroom.example:8443/api/drafts/sessions/${DRAFT}/public/image.png`,
      ]);
      expect(metaContent(res.body, "og:url")).toEqual([
        `http://draftroom.example:8443/app/public/draft/${DRAFT}`,
      ]);
      expect(metaContent(res.body, "twitter:card")).toEqual(["summary_large_image"]);
      expect(metaContent(res.body, "og:title")).toHaveLength(1);
      // The inline script stays byte for byte, so its CSP hash still matches.
      expect(res.body).toContain(`<script>${INLINE}</script>`);
    });

    it("does the same for a series, compressed when asked; other pages keep the generic tags", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/app/public/series/${SERIES}`,
        headers: { host: "draftroom.example", "accept-encoding": "gzip" },
      });
      expect(res.headers["content-encoding"]).toBe("gzip");
      const plain = await ctx.app.inject({
        method: "GET",
        url: `/app/public/series/${SERIES}`,
        headers: { host: "x.test" },
      });
      expect(metaContent(plain.body, "og:image")).toEqual([
        `http://x.test/api/series/${SERIES}/public/image.png`,
      ]);
      const other = await ctx.app.inject({ method: "GET", url: `/app/draft/${DRAFT}` });
      expect(metaContent(other.body, "og:image")).toEqual(["/og-image.png"]);
      const forged = await ctx.app.inject({
        method: "GET",
        url: `/app/public/draft/${DRAFT}`,
        headers: {
          host: "draftroom.example",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "evil.example",
        },
      });
      // TRUST_PROXY is off here: forwarded headers are ignored.
      expect(metaContent(forged.body, "og:image")[0]).toMatch(/^http:\/\/draftroom\.example\//);
    });
  },
  { env: { WEB_DIST: dist } },
);

describeEachDialect(
  "Open Graph tags behind a trusted proxy",
  (ctx) => {
    it("uses the forwarded protocol and host", async () => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/app/public/draft/${DRAFT}`,
        headers: {
          host: "10.0.0.5:3000",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "draftroom.example",
        },
      });
      expect(metaContent(res.body, "og:image")).toEqual([
        `https://draftroom.example/api/drafts/sessions/${DRAFT}/public/image.png`,
      ]);
    });
  },
  { env: { WEB_DIST: dist, TRUST_PROXY: "1" } },
);
