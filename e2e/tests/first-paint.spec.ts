import {
  decodeFirstPaintCookie,
  encodeFirstPaintCookie,
  FIRST_PAINT_COOKIE,
  STORAGE_KEYS,
} from "@draftroom/contracts";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { appTookOver, authHeaders, createUser, expect, test } from "../support/fixtures.ts";
import { leagueAndTeams } from "../support/rooms.ts";
import { type RunningServer, startServer } from "../support/server.ts";

// Decision 076: a signed-in page load of a main screen comes with the screen drawn by the server,
// shown before any script runs, and taken over by the app's first render. A server of its own, with
// a budget no busy machine runs out of: past its budget a page goes without its first paint, which
// is right for a member but would make these checks depend on the machine's load.
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ FIRST_PAINT_BUDGET_MS: "20000" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A context that runs no script at all: what it shows is the server's page alone. */
async function withoutScripts(
  browser: Browser,
  cookies: Parameters<BrowserContext["addCookies"]>[0],
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
  await context.addCookies(cookies);
  return context;
}

/** Signs in through the form; returns the first-paint cookie the app left, read. */
async function signInThroughTheForm(page: Page, user: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === FIRST_PAINT_COOKIE);
  expect(cookie?.sameSite).toBe("Lax");
  return { cookies, context: decodeFirstPaintCookie(cookie?.value ?? "") };
}

/** A member with one draft session titled `title`, in a context of their own. */
async function memberWithASession(browser: Browser, title: string) {
  const signedIn = await browser.newContext({ baseURL: server.baseUrl });
  const user = await createUser(signedIn.request);
  const { leagueId, teams } = await leagueAndTeams(signedIn.request, user);
  const created = await signedIn.request.post("/api/drafts/sessions/", {
    headers: authHeaders(user),
    data: { title, league_id: leagueId, blue_team_id: teams[0]!.id, red_team_id: teams[1]!.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = (await created.json()) as { id: string };
  return { signedIn, user, sessionId: session.id };
}

/** Waits until the server draws the session list for these cookies (its build loads beside its start). */
async function untilDrawn(
  browser: Browser,
  cookies: Parameters<BrowserContext["addCookies"]>[0],
  title: string,
) {
  const scriptless = await withoutScripts(browser, cookies);
  const still = await scriptless.newPage();
  await expect(async () => {
    await still.goto("/app/draft");
    await expect(still.locator("#root[inert][data-first-paint] main")).toContainText(title, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  return { scriptless, still };
}

test.describe("the server's first paint", () => {
  test("signing in leaves a cookie; a main screen then shows its content before any script, and the app takes it over", async ({
    browser,
  }) => {
    const { signedIn, user } = await memberWithASession(browser, "First paint scrim");
    const page = await signedIn.newPage();
    const { cookies, context } = await signInThroughTheForm(page, user);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken);
    expect(context).toEqual({ token, workspace: null, language: "en", timeZone: expect.any(String) });

    // No script: the session list is there, inert (nothing to click yet, hidden from assistive
    // technology), with the account in the header.
    const { scriptless, still } = await untilDrawn(browser, cookies, "First paint scrim");
    await expect(still.locator("#root header").first()).toContainText(user.first_name);
    await expect(still.locator("#root fieldset[disabled]")).toHaveCount(1);
    await scriptless.close();

    // With scripts, the app's first render replaces it and the page works as always.
    await page.goto("/app/draft");
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    await expect(page.locator("#root fieldset")).toHaveCount(0);
    await page
      .getByRole("link", { name: /First paint scrim/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/app\/draft\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "First paint scrim" })).toBeVisible();
    await signedIn.close();
  });

  test("draws the member's language, and nothing once they sign out", async ({ browser }) => {
    const signedIn = await browser.newContext({ baseURL: server.baseUrl });
    const user = await createUser(signedIn.request);
    const page = await signedIn.newPage();
    const { context } = await signInThroughTheForm(page, user);
    const spanish = encodeFirstPaintCookie({ ...context!, language: "es" });
    const scriptless = await withoutScripts(browser, [
      { name: FIRST_PAINT_COOKIE, value: spanish, url: server.baseUrl },
    ]);
    const still = await scriptless.newPage();
    await still.goto("/app/draft");
    await expect(still.locator("#root main h1")).toHaveText("Sesiones de draft");

    // Signed out (the session's token revoked): the app clears its cookie, and a copy draws nothing.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    expect((await signedIn.cookies()).some((c) => c.name === FIRST_PAINT_COOKIE)).toBe(false);
    await still.goto("/app/draft");
    await expect(still.locator("#root")).toBeEmpty();
    await scriptless.close();
    await signedIn.close();
  });
  test("slow answers keep the drawn screen until the app has its data: its content never vanishes on the way", async ({
    browser,
  }) => {
    const title = "Slow answer scrim";
    const { signedIn, user } = await memberWithASession(browser, title);
    const page = await signedIn.newPage();
    const { cookies } = await signInThroughTheForm(page, user);
    const { scriptless } = await untilDrawn(browser, cookies, title);
    await scriptless.close();

    // Every frame from the first byte on: is the session's title on screen, and is it the drawn one.
    await signedIn.addInitScript((watched) => {
      const record = { drawn: false, shown: false, vanished: 0 };
      (window as unknown as { firstPaintWatch: typeof record }).firstPaintWatch = record;
      const look = () => {
        const root = document.getElementById("root");
        const shown =
          (root?.textContent ?? "").includes(watched) &&
          Boolean(root?.textContent?.includes("Draft Sessions"));
        if (shown && root?.hasAttribute("data-first-paint")) record.drawn = true;
        if (shown) record.shown = true;
        else if (record.shown) record.vanished += 1;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, title);
    // The API answers the browser 2.5 s late (the server's own drawing is not slowed).
    await page.route("**/api/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto("/app/draft");
    await expect(page.locator("#root")).not.toHaveAttribute("data-first-paint", { timeout: 20_000 });
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
    await expect(page.locator("#root header").first()).toContainText(user.first_name);
    const record = await page.evaluate(
      () => (window as unknown as { firstPaintWatch: unknown }).firstPaintWatch,
    );
    expect(record).toEqual({ drawn: true, shown: true, vanished: 0 });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await signedIn.close();
  });

  test("letters typed onto the drawn board before the app takes it over reach its search", async ({
    browser,
  }) => {
    const title = "Typing early scrim";
    const { signedIn, user, sessionId } = await memberWithASession(browser, title);
    const page = await signedIn.newPage();
    const { cookies } = await signInThroughTheForm(page, user);
    const { scriptless } = await untilDrawn(browser, cookies, title);
    await scriptless.close();

    // The API answers the browser 2.5 s late: the drawn board stays inert that long.
    await page.route("**/api/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/app/draft/${sessionId}`);
    await expect(page.locator("#root[inert][data-first-paint]")).toContainText("Select Champion to Ban");
    await page.keyboard.type("kai");
    await appTookOver(page);
    await page.keyboard.type("sa");
    const search = page.getByRole("searchbox", { name: "Search champions" });
    await expect(search).toHaveValue("kaisa");
    await expect(search).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "Kai'Sa" })).toHaveAttribute("aria-selected", "true");
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await signedIn.close();
  });
});
