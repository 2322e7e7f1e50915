import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ENTRY_AFTER_PAINT_ATTRIBUTE,
  encodeFirstPaintCookie,
  FIRST_PAINT_COOKIE,
} from "@draftroom/contracts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headWithEntryAfterPaint } from "../src/plugins/web.ts";
import { describeEachDialect } from "./helpers/dialects.ts";
import { pageText } from "./helpers/pages.ts";
import { registerUser } from "./helpers/users.ts";

// A stand-in for the built web app and its server build (apps/web/dist-server/entry-server.js,
// decision 076): the renderer asks this server who the token is, through the `send` it is given,
// and draws what it was asked with. The real renderer is checked in the browser (e2e first-paint).
const ENTRY_TAG = '<script type="module" crossorigin src="/x.js"></script>';
const root = mkdtempSync(join(tmpdir(), "draftroom-first-paint-"));
const dist = join(root, "dist");
mkdirSync(dist);
mkdirSync(join(root, "dist-server"));
writeFileSync(
  join(dist, "index.html"),
  // As the build writes it: the entry's tag in the head, beside the head's script that can add it.
  `<!doctype html><html lang="en"><head><title>Draftroom</title><script>window.headAhead = "${ENTRY_AFTER_PAINT_ATTRIBUTE}";</script>${ENTRY_TAG}</head><body><div id="root"></div></body></html>`,
);
writeFileSync(
  join(root, "dist-server", "entry-server.js"),
  `export function drawsFirstPaint(pathname) { return /^\\/app\\/(dashboard|slow|broken)$/.test(pathname); }
export async function warmUp() {}
export async function renderFirstPaint({ url, token, workspace, language, timeZone, send }) {
  if (url === "/app/slow") await new Promise((resolve) => setTimeout(resolve, 1500));
  const res = await send("/api/auth/profile/", { method: "GET", headers: { Accept: "application/json", Authorization: "Token " + token } });
  if (res.status !== 200) return undefined;
  const user = await res.json();
  if (url === "/app/broken") throw new Error("the screen failed to draw");
  return '<main data-user="' + user.username + '" data-language="' + language + '" data-workspace="' + (workspace ?? "") + '" data-zone="' + (timeZone ?? "") + '">' + url + "</main>";
}
`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PLAIN_ROOT = '<div id="root"></div>';
const PAINTED_ROOT = '<div id="root" inert data-first-paint><fieldset disabled style="display:contents">';

function cookieFor(
  token: string,
  extra: { workspace?: string; language?: "en" | "es"; timeZone?: string } = {},
) {
  const value = encodeFirstPaintCookie({
    token,
    workspace: extra.workspace ?? null,
    language: extra.language ?? "en",
    timeZone: extra.timeZone ?? null,
  });
  return `theme=dark; ${FIRST_PAINT_COOKIE}=${value}`;
}

/** A GET of a page by a browser holding the member's first-paint cookie. */
function openAs(app: FastifyInstance, url: string, token: string) {
  return app.inject({ method: "GET", url, headers: { cookie: cookieFor(token) } });
}

describeEachDialect(
  "the server's first paint of a signed-in main screen",
  (ctx) => {
    // The server build loads beside the server's start: until it has, pages go without.
    beforeAll(async () => {
      const member = await registerUser(ctx.app);
      const deadline = Date.now() + 10_000;
      for (;;) {
        const res = await openAs(ctx.app, "/app/dashboard", member.token);
        if (res.body.includes("data-first-paint")) return;
        if (Date.now() > deadline) throw new Error("the server build did not load within 10 s");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    it("draws the member's screen into an inert, disabled #root, in every encoding, kept by no cache", async () => {
      const coach = await registerUser(ctx.app);
      for (const encoding of ["br", "gzip", "identity"]) {
        const res = await ctx.app.inject({
          method: "GET",
          url: "/app/dashboard",
          headers: {
            "accept-encoding": encoding,
            cookie: cookieFor(coach.token, { workspace: "w-1", language: "es", timeZone: "Europe/Madrid" }),
          },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(String(res.headers.vary)).toContain("cookie");
        const html = pageText(res, encoding);
        expect(html).toContain(
          `${PAINTED_ROOT}<main data-user="${coach.username}" data-language="es" data-workspace="w-1" data-zone="Europe/Madrid">/app/dashboard</main></fieldset></div>`,
        );
        expect(html).not.toContain(PLAIN_ROOT);
        // The app's code waits for the drawn screen: the head's script adds the entry after it.
        expect(html).toContain(`<html ${ENTRY_AFTER_PAINT_ATTRIBUTE} lang="en">`);
        expect(html).not.toContain(ENTRY_TAG);
      }
    });

    it("draws each member's page with their own token, one after the other", async () => {
      const [coach, analyst] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const pages = await Promise.all(
        [coach, analyst, coach, analyst].map((member) => openAs(ctx.app, "/app/dashboard", member.token)),
      );
      expect(pages.map((res) => /data-user="([^"]+)"/.exec(res.body)?.[1])).toEqual([
        coach.username,
        analyst.username,
        coach.username,
        analyst.username,
      ]);
    });

    it("sends the page as it is without a session, with a token that is no session's, or off the main screens", async () => {
      const coach = await registerUser(ctx.app);
      // Not tried: the page shared by every visitor.
      const cases: [string, string | undefined][] = [
        ["/app/dashboard", undefined],
        ["/app/dashboard", `${FIRST_PAINT_COOKIE}=not-a-cookie-this-build-wrote`],
        ["/app/profile", cookieFor(coach.token)],
      ];
      for (const [url, cookie] of cases) {
        const res = await ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url} ${cookie}`).toBe(200);
        expect(res.body, `${url} ${cookie}`).toContain(PLAIN_ROOT);
        expect(res.body).not.toContain("data-first-paint");
        expect(res.body).toContain(ENTRY_TAG);
        expect(res.body).toContain('<html lang="en">');
        expect(res.headers["cache-control"]).toBe("no-cache");
      }
      // Tried (its head went before the answer was known) with a token that is no session's.
      const stranger = await ctx.app.inject({
        method: "GET",
        url: "/app/dashboard",
        headers: { cookie: cookieFor("f".repeat(64)), "accept-encoding": "br" },
      });
      expect(stranger.statusCode).toBe(200);
      const strangerPage = pageText(stranger, "br");
      expect(strangerPage).toContain(PLAIN_ROOT);
      expect(strangerPage).not.toContain("data-first-paint");
      // The head's script, finding no drawn screen, adds the entry as soon as the page is parsed.
      expect(strangerPage).toContain(`<html ${ENTRY_AFTER_PAINT_ATTRIBUTE} lang="en">`);
    });

    it("sends the page as it is when the screen fails to draw or is late", async () => {
      const coach = await registerUser(ctx.app);
      const broken = await openAs(ctx.app, "/app/broken", coach.token);
      expect(broken.statusCode).toBe(200);
      expect(broken.body).toContain(PLAIN_ROOT);
      const started = Date.now();
      const slow = await openAs(ctx.app, "/app/slow", coach.token);
      const waited = Date.now() - started;
      expect(slow.statusCode).toBe(200);
      expect(slow.body).toContain(PLAIN_ROOT);
      expect(waited).toBeGreaterThanOrEqual(ctx.config.firstPaintBudgetMs - 5);
      expect(waited).toBeLessThan(1500);
    });

    it("sends the page's head before the screen is drawn, so its files load meanwhile", async () => {
      const coach = await registerUser(ctx.app);
      const base = await ctx.listen();
      for (const encoding of ["br", "identity"]) {
        const started = Date.now();
        const res = await fetch(`${base}/app/slow`, {
          headers: { cookie: cookieFor(coach.token), "accept-encoding": encoding },
        });
        const reader = res.body!.getReader();
        const first = await reader.read();
        const firstAfter = Date.now() - started;
        let text = new TextDecoder().decode(first.value);
        for (let next = await reader.read(); !next.done; next = await reader.read())
          text += new TextDecoder().decode(next.value);
        const lastAfter = Date.now() - started;
        // fetch decompresses: the first part is the head, before #root; the rest comes at the budget.
        expect(new TextDecoder().decode(first.value), encoding).toContain("<title>Draftroom</title>");
        expect(new TextDecoder().decode(first.value), encoding).not.toContain("root");
        expect(firstAfter, encoding).toBeLessThan(lastAfter);
        expect(lastAfter, encoding).toBeGreaterThanOrEqual(ctx.config.firstPaintBudgetMs - 5);
        expect(text, encoding).toContain(`${PLAIN_ROOT}</body></html>`);
      }
    });
  },
  { env: { WEB_DIST: dist } },
);

describeEachDialect(
  "the server's first paint turned off",
  (ctx) => {
    it("sends every page as it is when FIRST_PAINT_BUDGET_MS is 0", async () => {
      const coach = await registerUser(ctx.app);
      const res = await openAs(ctx.app, "/app/dashboard", coach.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(PLAIN_ROOT);
      expect(res.headers["cache-control"]).toBe("no-cache");
    });
  },
  { env: { WEB_DIST: dist, FIRST_PAINT_BUDGET_MS: "0" } },
);

describe("the head of a page the server draws into", () => {
  const head = (script: string) =>
    `<!doctype html><html lang="en"><head><script>${script}</script>\n    ${ENTRY_TAG}\n    <link rel="stylesheet" href="/s.css"></head>`;

  it("leaves the entry's tag to the head's script, and marks <html> for it", () => {
    expect(headWithEntryAfterPaint(head(`const mark = "${ENTRY_AFTER_PAINT_ATTRIBUTE}";`))).toBe(
      `<!doctype html><html ${ENTRY_AFTER_PAINT_ATTRIBUTE} lang="en"><head><script>const mark = "${ENTRY_AFTER_PAINT_ATTRIBUTE}";</script>\n    <link rel="stylesheet" href="/s.css"></head>`,
    );
  });

  it("keeps the head of a build whose script cannot add the entry, or with no single entry tag", () => {
    expect(headWithEntryAfterPaint(head("const older = true;"))).toBeUndefined();
    const twice = head(`"${ENTRY_AFTER_PAINT_ATTRIBUTE}"`).replace(ENTRY_TAG, ENTRY_TAG + ENTRY_TAG);
    expect(headWithEntryAfterPaint(twice)).toBeUndefined();
    expect(
      headWithEntryAfterPaint(head(`"${ENTRY_AFTER_PAINT_ATTRIBUTE}"`).replace(ENTRY_TAG, "")),
    ).toBeUndefined();
  });
});
