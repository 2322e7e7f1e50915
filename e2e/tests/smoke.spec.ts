import { healthSchema, LANDING_SHELL_MARKERS, LANDING_SHELL_PATHS, ROUTES } from "@draftroom/contracts";
import type { Page } from "@playwright/test";
import { authHeaders, expect, signIn, test } from "../support/fixtures.ts";

test.describe("production build smoke", () => {
  test("serves the app at / under its Content-Security-Policy without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-type"]).toContain("text/html");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    // The React app mounted: the pricing section is not part of the prerendered header and hero.
    await expect(page.locator("#root #pricing-section")).toBeAttached();
    await expect(page).toHaveTitle(/Draftroom/i);
    expect(violations).toEqual([]);
  });

  test("a deep link loads the app (SPA fallback), not a 404", async ({ page }) => {
    const response = await page.goto("/app/draft/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("no-cache");
    await expect(page.locator("#root > *").first()).toBeVisible();
  });

  test("a screen's page load asks for the code screens share from the head, once; the landing page never does", async ({
    page,
  }) => {
    const SHARED = /\/assets\/(app|screen-data)-[^/]+\.js$/;
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (SHARED.test(request.url())) fetched.push(new URL(request.url()).pathname);
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto("/help");
    await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
    // The head's inline script added the links (as written, relative), before the entry ran.
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')]
        .map((link) => link.getAttribute("href") ?? "")
        .filter((href) => href.startsWith("/assets/")),
    );
    expect(linked.filter((href) => SHARED.test(href))).toHaveLength(2);
    // Each fetched once: the entry's own imports of them found them (same URL, same CORS mode).
    expect(fetched.sort()).toEqual(linked.filter((href) => SHARED.test(href)).sort());

    fetched.length = 0;
    await page.goto("/");
    await expect(page.locator("#root #pricing-section")).toBeAttached();
    expect(fetched).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("a signed-in board's page load asks from the head for its code and first data, and the app asks for none of it again", async ({
    page,
    request,
    user,
  }) => {
    const headers = authHeaders(user);
    const [league] = (
      (await (await request.get("/api/drafts/leagues/", { headers })).json()) as {
        id: number;
        is_custom: boolean;
      }[]
    ).filter((candidate) => !candidate.is_custom);
    const teams = (await (
      await request.get(`/api/drafts/leagues/${league!.id}/teams/`, { headers })
    ).json()) as {
      id: number;
    }[];
    const created = await request.post("/api/drafts/sessions/", {
      headers,
      data: {
        title: "Head start",
        league_id: league!.id,
        blue_team_id: teams[0]!.id,
        red_team_id: teams[1]!.id,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sessionId = ((await created.json()) as { id: string }).id;

    await signIn(page, user);
    const asked = new Map<string, number>();
    page.on("request", (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/assets/")) {
        const key = `${sent.method()} ${url.pathname}${url.search}`;
        asked.set(key, (asked.get(key) ?? 0) + 1);
      }
    });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto(`/app/draft/${sessionId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Head start" })).toBeVisible();

    const linked = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => link.getAttribute("href") ?? "",
      ),
    );
    expect(linked.some((href) => /\/assets\/DraftSessionPage-[^/]+\.js$/.test(href))).toBe(true);
    // Its first data's module is in the chunk of what every screen needs beside its code (decision 074),
    // its texts in its language's one.
    expect(linked.some((href) => /\/assets\/screen-data-[^/]+\.js$/.test(href))).toBe(true);
    expect(linked.some((href) => /\/assets\/texts\.en-[^/]+\.js$/.test(href))).toBe(true);
    // The head's early requests, each sent once: the app took their answers instead of asking again.
    for (const early of [
      `/api/drafts/sessions/${sessionId}/`,
      "/api/drafts/champions/",
      "/api/drafts/champions/positions/",
      `/api/items/session/${sessionId}/context/`,
      "/api/workspaces/",
      "/api/subscriptions/",
    ]) {
      expect(asked.get(`GET ${early}`), early).toBe(1);
    }
    // And every file the page loaded, once.
    const twice = [...asked].filter(([key, count]) => key.startsWith("GET /assets/") && count > 1);
    expect(twice).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("the landing's prerendered shell comes only with the landing's paths", async ({ request }) => {
    // Decision 072: the built page carries it between markers, and other paths get the page
    // without it (about 100 KB less markup to parse on a deep link).
    for (const path of LANDING_SHELL_PATHS) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(LANDING_SHELL_MARKERS.start);
      expect(html.match(/<template id="landing-shell-/g), path).toHaveLength(8);
    }
    for (const path of [
      ROUTES.dashboard,
      ROUTES.help,
      ROUTES.draftSession("00000000-0000-4000-8000-000000000000"),
    ]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).toMatch(/<script type="module"[^>]+src="\/assets\/index-/);
      expect(html, path).not.toContain("landing-shell");
    }
  });

  test("hashed assets are cached for a year", async ({ page, request }) => {
    await page.goto("/");
    const script = await page.locator('script[type="module"][src*="/assets/"]').first().getAttribute("src");
    expect(script).toBeTruthy();
    const res = await request.get(script!);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toContain("max-age=31536000");
  });

  test("the API answers health, champions and JSON errors", async ({ request }) => {
    const health = await request.get("/api/health/");
    expect(health.status()).toBe(200);
    expect(healthSchema.parse(await health.json()).status).toBe("ok");

    const champions = await request.get("/api/drafts/champions/");
    expect(await champions.json()).toHaveLength(172);

    const missing = await request.get("/api/does-not-exist/");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });
  });

  test("Swagger UI is served at /api/docs/", async ({ page }) => {
    await page.goto("/api/docs/");
    await expect(page.getByRole("heading", { name: /Draftroom API/ })).toBeVisible({ timeout: 15_000 });
  });
  test.describe("a screen whose code cannot be fetched (a deploy replaced the files)", () => {
    const HELP_CHUNK = /\/assets\/HelpPage-[^/]+\.js$/;

    /**
     * Counts the page's documents and the screen chunk's fetches in each. The browser may fetch a
     * chunk twice in one document (its modulepreload, then the import), so a deploy is modelled
     * per document: the old page can never fetch the replaced file, a reloaded page may.
     */
    function watch(page: Page) {
      const fetchesIn: number[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document" && request.frame() === page.mainFrame()) fetchesIn.push(0);
      });
      const chunkFetched = () => {
        fetchesIn[fetchesIn.length - 1] = (fetchesIn.at(-1) ?? 0) + 1;
        return fetchesIn.length;
      };
      return { fetchesIn, chunkFetched };
    }

    test("reloads the page once, and the screen then loads", async ({ page }) => {
      const { fetchesIn, chunkFetched } = watch(page);
      await page.route(HELP_CHUNK, (route) =>
        chunkFetched() === 1 ? route.abort("failed") : route.continue(),
      );
      await page.goto("/help");
      await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible();
      expect(fetchesIn).toHaveLength(2);
      expect(fetchesIn.every((fetches) => fetches >= 1)).toBe(true);
    });

    test("a second failure within a minute shows the reload screen instead of reloading again", async ({
      page,
    }) => {
      const { fetchesIn, chunkFetched } = watch(page);
      await page.route(HELP_CHUNK, (route) => {
        chunkFetched();
        return route.abort("failed");
      });
      await page.goto("/help");
      const alert = page.getByRole("alert").filter({ hasText: "A new version is available" });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole("button", { name: "Reload page" })).toBeVisible();
      expect(fetchesIn).toHaveLength(2);
      expect(fetchesIn.every((fetches) => fetches >= 1)).toBe(true);
    });
  });
});
